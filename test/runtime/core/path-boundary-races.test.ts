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
import {
  openToolPath,
  PathPolicyError,
  resolveToolPath,
} from '../../../runtime/core/path-policy.js';
import { readToolFile, writeToolFile } from '../../../runtime/tools/support/tool-file-io.js';

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

describe('the real workspace root is pinned per session', () => {
  const inSession = (session: object) => ({ ...context(), session });
  const replaceRootWithLinkTo = async (where: string) => {
    await rename(root, join(base, 'old-root'));
    await symlink(where, root);
  };

  test.each([
    ['a read', (session: object) => readToolFile(join(root, 'file.txt'), inSession(session))],
    [
      'a write',
      (session: object) =>
        writeToolFile(join(root, 'file.txt'), 'overwritten\n', inSession(session)),
    ],
    [
      'an open',
      (session: object) =>
        openToolPath(join(root, 'file.txt'), fsConstants.O_RDONLY, inSession(session)),
    ],
    ['a check', (session: object) => resolveToolPath(join(root, 'file.txt'), inSession(session))],
    [
      'a check of a relative path climbing back in through ..',
      (session: object) => resolveToolPath('dir/../file.txt', inSession(session)),
    ],
  ])(
    'the root replaced mid-session by a link to a directory outside: %s is refused',
    async (_label, access) => {
      const session = {};
      await resolveToolPath(join(root, 'dir', 'file.txt'), inSession(session));
      await replaceRootWithLinkTo(outside);
      await refused(access(session));
      expect(await readFile(join(outside, 'file.txt'), 'utf8')).toBe('secret\n');
    },
  );

  test('the root replaced by a link to / does not widen the boundary to /', async () => {
    const session = {};
    await resolveToolPath(join(root, 'dir', 'file.txt'), inSession(session));
    await replaceRootWithLinkTo('/');
    await refused(readToolFile(join(root, 'etc', 'hostname'), inSession(session)));
  });

  test('a new session judges the root by where it is now', async () => {
    await resolveToolPath(join(root, 'dir', 'file.txt'), inSession({}));
    await replaceRootWithLinkTo(outside);
    expect((await readToolFile(join(root, 'file.txt'), inSession({}))).toString()).toBe('secret\n');
  });

  test('without a session the root is resolved on every call (not pinned)', async () => {
    await resolveToolPath(join(root, 'dir', 'file.txt'), context());
    await replaceRootWithLinkTo(outside);
    expect((await readToolFile(join(root, 'file.txt'), context())).toString()).toBe('secret\n');
  });

  test('files inside the pinned root still read and write through the session', async () => {
    const session = {};
    const file = join(root, 'dir', 'file.txt');
    for (let round = 0; round < 3; round += 1) {
      expect((await readToolFile(file, inSession(session))).toString()).toBe(
        round === 0 ? 'inside\n' : `round ${round - 1}\n`,
      );
      await writeToolFile(file, `round ${round}\n`, inSession(session));
    }
  });

  test('a file swapped for a link outside between two reads of one session is refused', async () => {
    const session = {};
    const file = join(root, 'dir', 'file.txt');
    expect((await readToolFile(file, inSession(session))).toString()).toBe('inside\n');
    await rm(file);
    await symlink(join(outside, 'file.txt'), file);
    await refused(readToolFile(file, inSession(session)));
  });

  test('an outside path is refused before it is opened, with the boundary named', async () => {
    const error = await openToolPath(
      join(outside, 'file.txt'),
      fsConstants.O_RDONLY,
      inSession({}),
    ).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(PathPolicyError);
    expect((error as PathPolicyError).message).toBe(
      `The path ${JSON.stringify(join(outside, 'file.txt'))} is outside the workspace boundary ${JSON.stringify(root)}`,
    );
  });
});
