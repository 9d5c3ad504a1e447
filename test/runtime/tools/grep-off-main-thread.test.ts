/**
 * A model's catastrophic pattern costs its own Grep call at most, on a real
 * `tool-contracts serve --http` with two SDK clients (two sessions): `^(a+)+$` over forty `a`s
 * and a `!` runs on the linear-time engine and answers (the backtracking engine would need
 * minutes); behind a look-ahead only the backtracking engine can run it, in a worker, and the
 * other session's call completes while that Grep is still running — then the Grep ends with a
 * timeout failure.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { authorizedTransport, serveHttp, type ServedHttp } from '../../support/serve-child.js';

const textOf = (result: unknown) =>
  ((result as CallToolResult).content as { text?: string }[]).map((block) => block.text).join('');

let served: ServedHttp;
let other: Client;
let hostile: string;
let note: string;
beforeAll(async () => {
  // Grep is listed when search is not embedded in Bash.
  served = await serveHttp(['--mode', 'yolo', '--no-embedded-search']);
  other = new Client({ name: 'other-session', version: '0' });
  await other.connect(authorizedTransport(served.url, served.token));
  hostile = path.join(served.workspace, 'hostile.txt');
  note = path.join(served.workspace, 'note.txt');
  await writeFile(hostile, `${'a'.repeat(40)}!\n`);
  await writeFile(note, 'the other session reads this\n');
});
afterAll(async () => {
  await other?.close();
  await served?.close();
});

/** Start a Grep in the first session and a Read in the other; the order they settled in. */
async function race(pattern: string) {
  const settled: string[] = [];
  const grep = served.client
    .callTool({ name: 'Grep', arguments: { pattern, path: hostile, output_mode: 'content' } })
    .then((result) => {
      settled.push('Grep');
      return result;
    });
  const read = other.callTool({ name: 'Read', arguments: { file_path: note } }).then((result) => {
    settled.push('Read');
    return result;
  });
  const [grepResult, readResult] = await Promise.all([grep, read]);
  return { settled, grep: grepResult as CallToolResult, read: readResult as CallToolResult };
}

describe('Grep with a catastrophic pattern on serve --http', () => {
  test('^(a+)+$ over forty a and a ! answers (linear-time engine: no match); the other call completes', async () => {
    const { grep, read } = await race('^(a+)+$');
    expect(grep.isError ?? false).toBe(false);
    expect(textOf(grep)).toBe('No matches found');
    expect(textOf(read)).toContain('the other session reads this');
  });

  test('behind a look-ahead it runs in a worker: the other session completes first, then the Grep times out', async () => {
    const { settled, grep, read } = await race('^(?=a)(a+)+$');
    expect(settled).toEqual(['Read', 'Grep']);
    expect(textOf(read)).toContain('the other session reads this');
    expect(grep.isError).toBe(true);
    expect(textOf(grep)).toContain(
      'needs the backtracking engine (back-references or look-around) and ran past its budget',
    );
  });
});
