/**
 * A fresh directory below the system temp directory that lives exactly as long as the current
 * test: it is removed when the test finishes, passed or failed. Helpers that make a directory per
 * call (a call context, a batch context) use it, so no test file has to remember an `afterEach`
 * and nothing accumulates in /tmp over many CI runs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * `mkdtemp(<tmpdir>/<prefix>XXXXXX)`, removed after the current test. Call it inside a test (or
 * a `beforeEach`); vitest throws when there is no current test.
 */
export async function temporaryDirectory(prefix: string): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), prefix));
  // maxRetries: a handler the test left running may still be writing there (ENOTEMPTY).
  onTestFinished(() => rm(directory, { recursive: true, force: true, maxRetries: 5 }));
  return directory;
}
