import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  normalizeToolPathForComparison,
  PathPolicyError,
  resolveToolPath,
  resolveWorkspacePath,
} from '../../../runtime/core/path-policy.js';

const NFD_E = 'e\u0301'; // "é" as e + combining acute
const NFC_E = '\u00e9';

describe('resolveWorkspacePath', () => {
  const posix = {
    workingDirectory: '/work/repo/src',
    workspaceRoot: '/work/repo',
    platform: 'linux' as const,
  };
  const windows = {
    workingDirectory: 'C:\\repo\\src',
    workspaceRoot: 'C:\\repo',
    platform: 'win32' as const,
  };

  test.each([
    ['relative file', 'a.ts', posix, '/work/repo/src/a.ts'],
    ['relative with ./', './lib/b.ts', posix, '/work/repo/src/lib/b.ts'],
    ['relative with ..', '../README.md', posix, '/work/repo/README.md'],
    ['relative escaping the workspace is allowed', '../../../etc/passwd', posix, '/etc/passwd'],
    ['absolute inside', '/work/repo/x.ts', posix, '/work/repo/x.ts'],
    ['absolute outside is not blocked', '/tmp/other/x.ts', posix, '/tmp/other/x.ts'],
    ['absolute with .. and //', '/work//repo/a/../b/./c', posix, '/work/repo/b/c'],
    ['trailing slash kept by normalize', '/work/repo/dir/', posix, '/work/repo/dir/'],
    ['NFD spelling kept as written', `caf${NFD_E}.txt`, posix, `/work/repo/src/caf${NFD_E}.txt`],
    ['windows relative', 'lib\\a.ts', windows, 'C:\\repo\\src\\lib\\a.ts'],
    ['windows .. to another folder', '..\\..\\other\\x', windows, 'C:\\other\\x'],
    ['windows absolute with forward slashes', 'D:/data/../x.txt', windows, 'D:\\x.txt'],
  ])('%s: %j', (_label, requested, options, expected) => {
    expect(resolveWorkspacePath(requested, options)).toBe(expected);
  });

  test.each([
    ['empty', '', posix, 'empty_path', '', 'The path is empty'],
    ['only whitespace', '  \t', posix, 'empty_path', '  \t', 'The path is empty'],
    ['NUL byte', 'a\0b', posix, 'invalid_path', 'a\0b', 'The path "a\\u0000b" contains a NUL byte'],
    [
      'relative working directory',
      'a.ts',
      { ...posix, workingDirectory: 'repo/src' },
      'invalid_configuration',
      'repo/src',
      'Path policy is misconfigured: the working directory must be an absolute path, got "repo/src"',
    ],
    [
      'relative workspace root',
      'a.ts',
      { ...posix, workspaceRoot: '.' },
      'invalid_configuration',
      '.',
      'Path policy is misconfigured: the workspace root must be an absolute path, got "."',
    ],
    [
      'configuration is checked before the path',
      '',
      { ...posix, workspaceRoot: '' },
      'invalid_configuration',
      '',
      'Path policy is misconfigured: the workspace root must be an absolute path, got ""',
    ],
  ])('refuses %s', (_label, requested, options, code, path, message) => {
    let thrown: unknown;
    try {
      resolveWorkspacePath(requested, options);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PathPolicyError);
    expect(thrown).toMatchObject({ code, path, message });
  });
});

describe('normalizeToolPathForComparison', () => {
  test.each([
    // Windows semantics
    ['Git Bash drive', '/c/x', 'win32', 'C:\\x'],
    ['Git Bash drive root', '/c', 'win32', 'C:\\'],
    ['Git Bash nested path', '/d/Users/me/', 'win32', 'D:\\Users\\me'],
    ['a longer first segment is not a drive', '/cc/x', 'win32', '\\cc\\x'],
    ['plain drive path', 'C:\\x', 'win32', 'C:\\x'],
    ['lower-case drive', 'c:\\x\\y', 'win32', 'C:\\x\\y'],
    ['forward slashes and ..', 'C:/a//b/../c/', 'win32', 'C:\\a\\c'],
    ['long-path prefix stripped', '\\\\?\\C:\\x', 'win32', 'C:\\x'],
    ['long-path prefix with lower-case drive', '\\\\?\\c:\\x\\', 'win32', 'C:\\x'],
    ['long-path UNC', '\\\\?\\UNC\\server\\share\\x', 'win32', '\\\\server\\share\\x'],
    ['plain UNC', '\\\\server\\share\\dir\\', 'win32', '\\\\server\\share\\dir'],
    ['device namespace pipe kept', '\\\\.\\pipe\\x', 'win32', '\\\\.\\pipe\\x'],
    ['device namespace volume kept', '\\\\?\\Volume{1234}\\x', 'win32', '\\\\?\\Volume{1234}\\x'],
    ['drive root kept', 'C:\\', 'win32', 'C:\\'],
    ['NFD on windows', `C:\\caf${NFD_E}`, 'win32', `C:\\caf${NFC_E}`],
    ['letter case otherwise kept', 'C:\\Users\\ME', 'win32', 'C:\\Users\\ME'],
    // POSIX semantics
    ['posix /c/x is just a path', '/c/x', 'linux', '/c/x'],
    ['posix trailing slash', '/a/b/', 'linux', '/a/b'],
    ['posix root', '/', 'linux', '/'],
    ['posix . and ..', '/a/./b/../c', 'linux', '/a/c'],
    ['posix duplicate separators', '//x//y', 'linux', '/x/y'],
    ['posix NFD to NFC', `/tmp/caf${NFD_E}`, 'linux', `/tmp/caf${NFC_E}`],
    ['posix NFC stays', `/tmp/caf${NFC_E}`, 'darwin', `/tmp/caf${NFC_E}`],
    ['posix backslash is a file-name character', '/a\\b', 'linux', '/a\\b'],
  ] as const)('%s: %j', (_label, input, platform, expected) => {
    expect(normalizeToolPathForComparison(input, { platform })).toBe(expected);
  });

  test('NFD and NFC spellings give the same key', () => {
    expect(normalizeToolPathForComparison(`/w/${NFD_E}.md`, { platform: 'linux' })).toBe(
      normalizeToolPathForComparison(`/w/${NFC_E}.md`, { platform: 'linux' }),
    );
  });

  test('is idempotent', () => {
    for (const input of ['/c/x', '\\\\?\\UNC\\s\\h\\x', 'c:/a/', `/x/${NFD_E}`, '\\\\.\\pipe\\p']) {
      for (const platform of ['win32', 'linux'] as const) {
        const once = normalizeToolPathForComparison(input, { platform });
        expect(normalizeToolPathForComparison(once, { platform })).toBe(once);
      }
    }
  });
});

describe('resolveToolPath with the workspace boundary', () => {
  let base: string;
  let workspace: string;
  let outside: string;

  beforeAll(async () => {
    base = await realpath(await mkdtemp(join(tmpdir(), 'path-policy-')));
    workspace = join(base, 'workspace');
    outside = join(base, 'outside');
    await mkdir(join(workspace, 'src'), { recursive: true });
    await mkdir(outside, { recursive: true });
    await writeFile(join(workspace, 'src', 'a.ts'), 'a');
    await writeFile(join(outside, 'secret.txt'), 'secret');
    await symlink(outside, join(workspace, 'link-out'));
    await symlink(join(workspace, 'src'), join(workspace, 'link-in'));
    await symlink(join(outside, 'not-yet.txt'), join(workspace, 'dangling-out'));
    await symlink(join(workspace, 'src', 'new.txt'), join(workspace, 'dangling-in'));
    await symlink('loop-b', join(workspace, 'loop-a'));
    await symlink('loop-a', join(workspace, 'loop-b'));
    // A workspace reached through a symlink: the boundary is its real location.
    await symlink(workspace, join(base, 'workspace-alias'));
  });
  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  const context = (enforceWorkspaceBoundary: boolean, root = workspace) => ({
    workingDirectory: root,
    workspaceRoot: root,
    enforceWorkspaceBoundary,
  });

  test.each([
    ['existing file', 'src/a.ts', 'src/a.ts'],
    ['not-yet-existing file', 'src/new/deep/file.ts', 'src/new/deep/file.ts'],
    ['the root itself', '.', ''],
    ['symlink to a directory inside', 'link-in/a.ts', 'link-in/a.ts'],
    ['new file under a symlink to a directory inside', 'link-in/new.ts', 'link-in/new.ts'],
    ['dangling symlink pointing inside', 'dangling-in', 'dangling-in'],
  ])('allows %s', async (_label, requested, relativeExpected) => {
    await expect(resolveToolPath(requested, context(true))).resolves.toBe(
      relativeExpected === '' ? workspace : join(workspace, relativeExpected),
    );
  });

  test.each([
    ['a file through a symlink out', 'link-out/secret.txt', 'secret.txt'],
    ['a new file under a symlinked directory out', 'link-out/new.txt', 'new.txt'],
    ['a dangling symlink pointing out', 'dangling-out', 'not-yet.txt'],
    ['a relative path climbing out', '../outside/secret.txt', undefined],
    ['an absolute path elsewhere', '/no-such-directory/file.txt', undefined],
  ])(
    'refuses %s and names the path and the boundary',
    async (_label, requested, targetInOutside) => {
      const realTarget = targetInOutside === undefined ? undefined : join(outside, targetInOutside);
      const error = await resolveToolPath(requested, context(true)).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(PathPolicyError);
      const via = realTarget === undefined ? '' : ` (it resolves to ${JSON.stringify(realTarget)})`;
      expect(error).toMatchObject({
        code: 'outside_workspace',
        path: requested,
        boundary: workspace,
        message: `The path ${JSON.stringify(requested)} is outside the workspace boundary ${JSON.stringify(workspace)}${via}`,
      });
    },
  );

  test.each([
    ['a file through a symlink out', 'link-out/secret.txt'],
    ['a new file under a symlinked directory out', 'link-out/new.txt'],
    ['a dangling symlink pointing out', 'dangling-out'],
    ['a relative path climbing out', '../outside/secret.txt'],
  ])(
    'with the boundary off, allows %s (the default, as in the article)',
    async (_label, requested) => {
      await expect(resolveToolPath(requested, context(false))).resolves.toBe(
        resolveWorkspacePath(requested, context(false)),
      );
    },
  );

  test('judges a workspace root reached through a symlink by its real location', async () => {
    const alias = join(base, 'workspace-alias');
    await expect(resolveToolPath('src/a.ts', context(true, alias))).resolves.toBe(
      join(alias, 'src', 'a.ts'),
    );
    await expect(
      resolveToolPath(join(workspace, 'src', 'a.ts'), context(true, alias)),
    ).resolves.toBe(join(workspace, 'src', 'a.ts'));
    await expect(resolveToolPath('link-out/x', context(true, alias))).rejects.toMatchObject({
      code: 'outside_workspace',
      boundary: workspace,
    });
  });

  test('refuses a symlink loop as an invalid path', async () => {
    await expect(resolveToolPath('loop-a/x', context(true))).rejects.toMatchObject({
      code: 'invalid_path',
    });
  });

  test('reports policy errors before touching the file system', async () => {
    await expect(resolveToolPath('', context(true))).rejects.toMatchObject({ code: 'empty_path' });
    await expect(resolveToolPath('a\0', context(true))).rejects.toMatchObject({
      code: 'invalid_path',
    });
  });
});
