/**
 * bin/build-dist.js --skip-declarations, what `generate` runs in this repository after it rewrote
 * generated/: every declaration file of the previous build is in the new one, byte for byte; the
 * package whose sources changed is bundled again, the others are linked from the previous build,
 * and the result is what bundling every package gives.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
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
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
];

beforeAll(async () => {
  // A build with declarations, current or not (the copy rebuilds its JavaScript): CI's `npm ci`
  // has made one; a fresh working copy may have none.
  if (!existsSync(path.join(REPO_ROOT, 'dist/build-stamp.json')))
    await run(process.execPath, [path.join(REPO_ROOT, 'bin/build-dist.js')], { cwd: REPO_ROOT });
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

/** Every file of the packages' dist/ folders under `root` but the stamps: path → bytes. */
async function distFiles(root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const { directory } of DIST_PACKAGES) {
    const dist = path.join(root, directory, 'dist');
    for (const entry of await readdir(dist, { recursive: true, withFileTypes: true }))
      if (entry.isFile() && entry.name !== 'build-stamp.json') {
        const file = path.join(entry.parentPath, entry.name);
        files.set(path.relative(root, file), await readFile(file));
      }
  }
  return files;
}

const build = async (...args: string[]) =>
  (await run(process.execPath, [path.join(copy, 'bin/build-dist.js'), ...args], { cwd: copy }))
    .stderr;

test('keeps every declaration of the previous build and builds the JavaScript of the sources now', async () => {
  // A build of the JavaScript whose stamp records each package's modules.
  await build('--skip-declarations', '--force');
  const before = await declarations(copy);
  expect(before.size).toBeGreaterThan(100);
  const glob = path.join(copy, 'generated/tools/glob.ts');
  const text = await readFile(glob, 'utf8');
  const edited = text.replace(/purpose: "([^"]*)"/, 'purpose: "$1 (edited)"');
  expect(edited).not.toBe(text);
  await writeFile(glob, edited);

  // Only the tools package holds generated/: the other two are linked from the previous build.
  expect(await build('--skip-declarations')).toMatch(
    /^Built packages\/tools\/dist\/ from \d+ files in \d+ ms \(declarations kept from the previous build\); packages\/runtime\/dist\/, dist\/ linked from the previous build \(sources unchanged\)\n$/,
  );
  expect(await declarations(copy)).toEqual(before);
  const stamp = JSON.parse(await readFile(path.join(copy, 'dist/build-stamp.json'), 'utf8')) as {
    declarations: boolean;
  };
  expect(stamp.declarations).toBe(false);
  expect(isDistFresh(copy)).toBe(true);
  expect(isDistFresh(copy, { declarations: true })).toBe(false);
  const built = await distFiles(copy);
  expect(
    [...built].some(
      ([file, bytes]) => file.startsWith('packages/tools/dist/') && bytes.includes('(edited)'),
    ),
  ).toBe(true);
  // What a build of every package from the same sources writes, byte for byte.
  expect(await build('--skip-declarations', '--force')).toMatch(
    /^Built packages\/runtime\/dist\/, packages\/tools\/dist\/, dist\/ from/,
  );
  expect(await distFiles(copy)).toEqual(built);
});

test('a changed lock file bundles every package again: a dependency may have changed', async () => {
  await build('--skip-declarations', '--force');
  const glob = path.join(copy, 'generated/tools/glob.ts');
  await writeFile(glob, `${await readFile(glob, 'utf8')}\n`);
  const lock = path.join(copy, 'package-lock.json');
  await writeFile(lock, await readFile(lock, 'utf8'));
  expect(await build('--skip-declarations')).toMatch(
    /^Built packages\/runtime\/dist\/, packages\/tools\/dist\/, dist\/ from \d+ files in \d+ ms \(declarations kept from the previous build\)\n$/,
  );
});
