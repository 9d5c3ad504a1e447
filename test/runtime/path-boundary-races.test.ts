/**
 * The workspace boundary against paths that look inside but are not: a sibling directory whose
 * name differs only in Unicode normalisation, and symlinks swapped in between the check and the
 * open.
 */
import { constants as fsConstants } from 'node:fs';
import {
  mkdir,
  mkdtemp,
  readFile,
  realpath,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { openToolPath, PathPolicyError, resolveToolPath } from '../../runtime/path-policy.js';
import { readToolFile, writeToolFile } from '../../runtime/tools/support/tool-file-io.js';

let base: string;
let root: string;
let outside: string;
const context = () => ({
  workspaceRoot: root,
  workingDirectory: root,
  enforceWorkspaceBoundary: true,
});

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'boundary-')));
  root = join(base, 'caf\u00e9'); // NFC
  outside = join(base, 'outside');
  await mkdir(join(root, 'dir'), { recursive: true });
  await mkdir(outside);
  await writeFile(join(root, 'dir', 'file.txt'), 'inside\n');
  await writeFile(join(outside, 'file.txt'), 'secret\n');
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

const refused = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PathPolicyError);
  expect((error as PathPolicyError).code).toBe('outside_workspace');
};

describe('Unicode normalisation is not containment', () => {
  test.each([
    ['an NFD sibling of an NFC workspace', 'cafe\u0301'],
    ['an NFD sibling, relative', '../cafe\u0301/file.txt'],
  ])('%s is outside', async (_label, name) => {
    const sibling = join(base, 'cafe\u0301');
    await mkdir(sibling, { recursive: true });
    await writeFile(join(sibling, 'file.txt'), 'other\n');
    const requested = name.startsWith('..') ? name : join(base, name, 'file.txt');
    await refused(resolveToolPath(requested, context()));
  });

  test('the workspace itself, spelled as it is, is inside', async () => {
    await expect(resolveToolPath(join(root, 'dir', 'file.txt'), context())).resolves.toBe(
      join(root, 'dir', 'file.txt'),
    );
  });
});

describe('a symlink swapped in after the check', () => {
  test.each([
    [
      'the file becomes a link to a file outside',
      async () => {
        await rm(join(root, 'dir', 'file.txt'));
        await symlink(join(outside, 'file.txt'), join(root, 'dir', 'file.txt'));
      },
    ],
    [
      'a directory becomes a link to a directory outside',
      async () => {
        await rename(join(root, 'dir'), join(root, 'old'));
        await symlink(outside, join(root, 'dir'));
      },
    ],
  ])('%s: reads and writes are refused, the outside file is untouched', async (_label, swap) => {
    const checked = await resolveToolPath(join(root, 'dir', 'file.txt'), context());
    await swap();
    await refused(readToolFile(checked, context()));
    await refused(writeToolFile(checked, 'overwritten\n', context()));
    await refused(openToolPath(checked, fsConstants.O_RDONLY, context()));
    expect(await readFile(join(outside, 'file.txt'), 'utf8')).toBe('secret\n');
  });

  test('without a swap the checked file is read and written', async () => {
    const checked = await resolveToolPath(join(root, 'dir', 'file.txt'), context());
    expect((await readToolFile(checked, context())).toString()).toBe('inside\n');
    await writeToolFile(checked, 'new\n', context());
    expect(await readFile(checked, 'utf8')).toBe('new\n');
  });

  test('a link inside the workspace to a file inside still works', async () => {
    await symlink(join(root, 'dir', 'file.txt'), join(root, 'link.txt'));
    const checked = await resolveToolPath(join(root, 'link.txt'), context());
    expect((await readToolFile(checked, context())).toString()).toBe('inside\n');
  });

  test('without the boundary the path is opened as it is', async () => {
    await symlink(join(outside, 'file.txt'), join(root, 'out.txt'));
    const off = { ...context(), enforceWorkspaceBoundary: false };
    expect((await readToolFile(join(root, 'out.txt'), off)).toString()).toBe('secret\n');
  });
});
