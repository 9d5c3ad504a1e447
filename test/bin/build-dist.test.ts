/**
 * bin/build-dist.js --skip-declarations, what `generate` runs in this repository after it rewrote
 * generated/: the JavaScript is built from the sources as they are now, and every declaration
 * file of the previous build is in the new one, byte for byte.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { isDistFresh } from '../../bin/dist-freshness.js';
import { DIST_PACKAGES } from '../../bin/dist-packages.js';
import { REPO_ROOT } from '../generator/generate-fixture.js';

const run = promisify(execFile);
let copy: string;

/** What the build reads, and the dist/ folders of a full build, copied from this checkout. */
const COPIED = [
  'bin',
  'cli',
  'generated',
  'generator',
  'runtime',
  'packages',
  'dist',
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
];

beforeAll(async () => {
  // A full build (declarations included): CI's `npm ci` has made one; a working copy may not have.
  if (!isDistFresh(REPO_ROOT, { declarations: true }))
    await run(process.execPath, [path.join(REPO_ROOT, 'bin/build-dist.js'), '--force'], {
      cwd: REPO_ROOT,
    });
  copy = await mkdtemp(path.join(tmpdir(), 'tool-contracts-build-dist-'));
  for (const entry of COPIED)
    await cp(path.join(REPO_ROOT, entry), path.join(copy, entry), {
      recursive: true,
      filter: (source) => !/\.dist-(tmp|old)-/.test(source),
    });
  await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  // A checkout, whose files were all written after its build: the build judges them by time.
  await run('git', ['init', '--quiet'], { cwd: copy });
}, 600_000);
afterAll(() => rm(copy, { recursive: true, force: true }));

/** Every declaration file of the packages' dist/ folders under `root`: path → text. */
async function declarations(root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const { directory } of DIST_PACKAGES) {
    const dist = path.join(root, directory, 'dist');
    for (const file of await readdir(dist, { recursive: true }))
      if (file.endsWith('.d.ts'))
        files.set(
          path.join(directory, 'dist', file),
          await readFile(path.join(dist, file), 'utf8'),
        );
  }
  return files;
}

test('keeps every declaration of the previous build and builds the JavaScript of the sources now', async () => {
  const before = await declarations(copy);
  expect(before.size).toBeGreaterThan(100);
  const glob = path.join(copy, 'generated/tools/glob.ts');
  const text = await readFile(glob, 'utf8');
  const edited = text.replace(/purpose: "([^"]*)"/, 'purpose: "$1 (edited)"');
  expect(edited).not.toBe(text);
  await writeFile(glob, edited);

  const { stderr } = await run(
    process.execPath,
    [path.join(copy, 'bin/build-dist.js'), '--skip-declarations'],
    { cwd: copy },
  );
  expect(stderr).toMatch(/\(declarations kept from the previous build\)\n$/);
  expect(await declarations(copy)).toEqual(before);
  const stamp = JSON.parse(await readFile(path.join(copy, 'dist/build-stamp.json'), 'utf8')) as {
    declarations: boolean;
  };
  expect(stamp.declarations).toBe(false);
  expect(isDistFresh(copy)).toBe(true);
  expect(isDistFresh(copy, { declarations: true })).toBe(false);
  const chunks = await readdir(path.join(copy, 'packages/tools/dist'), { recursive: true });
  const texts = await Promise.all(
    chunks
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFile(path.join(copy, 'packages/tools/dist', file), 'utf8')),
  );
  expect(texts.some((chunk) => chunk.includes('(edited)'))).toBe(true);
});
