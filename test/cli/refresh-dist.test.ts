/**
 * refreshDist after a generate in this package's repository: nothing without dist/ or with a
 * fresh one; a stale one is rebuilt by bin/build-dist.js, and a build that fails is reported.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { refreshDist } from '../../cli/refresh-dist.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'refresh-dist-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function stampDist(): Promise<void> {
  await mkdir(path.join(root, 'dist'));
  await writeFile(
    path.join(root, 'dist/build-stamp.json'),
    JSON.stringify({ startedAt: Date.now() + 60_000, sources: [] }),
  );
}

test('no dist/: absent, nothing built', async () => {
  expect(await refreshDist(root)).toEqual({ kind: 'absent' });
});

test('a fresh dist/: fresh, nothing built', async () => {
  await stampDist();
  expect(await refreshDist(root)).toEqual({ kind: 'fresh' });
});

test('a stale dist/ runs bin/build-dist.js --skip-declarations and passes on what it printed', async () => {
  await mkdir(path.join(root, 'dist'));
  await mkdir(path.join(root, 'bin'));
  await writeFile(
    path.join(root, 'bin/build-dist.js'),
    "console.error('built with ' + process.argv.slice(2).join(' '));\n",
  );
  expect(await refreshDist(root)).toEqual({
    kind: 'rebuilt',
    note: 'built with --skip-declarations',
  });
});

test('a stale dist/ whose build fails: failed, with the build’s own message', async () => {
  await mkdir(path.join(root, 'dist'));
  await mkdir(path.join(root, 'bin'));
  await writeFile(
    path.join(root, 'bin/build-dist.js'),
    "console.error('build: esbuild: bad input'); process.exit(1);\n",
  );
  expect(await refreshDist(root)).toEqual({ kind: 'failed', message: 'build: esbuild: bad input' });
});
