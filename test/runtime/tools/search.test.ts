import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tool as glob } from '../../../generated/tools/glob.js';
import { tool as grep } from '../../../generated/tools/grep.js';
import { createWorkspaceContext, type WorkspaceContext } from './workspace-context.js';

/**
 * One tree for all search tests. Files get distinct mtimes (newer further down the list), so
 * "newest first" has one right answer.
 */
const FILES: [string, string][] = [
  ['README.md', '# Demo\nTODO: write docs\n'],
  ['src/a.ts', 'export const a = 1;\n// TODO first\nfunction helper() {}\n'],
  ['src/b.tsx', 'import { a } from "./a";\nexport const B = () => a;\n'],
  ['src/lib/c.js', 'const todo = "lower";\nmodule.exports = {\n  todo,\n};\n'],
  ['src/lib/d.py', 'def f():\n    pass  # TODO python\n'],
  ['.github/ci.yml', 'on: push # TODO ci\n'],
  ['node_modules/pkg/index.js', 'TODO in a dependency\n'],
  ['.git/HEAD', 'TODO in git\n'],
  ['logs/app.log', 'one\ntwo\nTODO three\nfour\nfive\nsix\nTODO seven\neight\n'],
  ['bin/tool.bin', 'TODO\u0000binary'],
  ['ünï/cödé.ts', 'const café = "TODO ünïcode";\n'],
];

let workspace: WorkspaceContext;
const at = (file: string) => workspace.at(file);

beforeAll(async () => {
  workspace = await createWorkspaceContext();
  const base = Date.parse('2024-01-01T00:00:00Z');
  for (const [index, [file, content]] of FILES.entries()) {
    await mkdir(path.dirname(at(file)), { recursive: true });
    await writeFile(at(file), content);
    const time = new Date(base + index * 60_000);
    await utimes(at(file), time, time);
  }
});
afterAll(async () => {
  await workspace.dispose();
});

describe('Glob', () => {
  test.each([
    ['every TypeScript file, newest first', { pattern: '**/*.ts' }, ['ünï/cödé.ts', 'src/a.ts']],
    ['braces', { pattern: 'src/**/*.{js,tsx}' }, ['src/lib/c.js', 'src/b.tsx']],
    ['relative to path', { pattern: '*.py', path: 'src/lib' }, ['src/lib/d.py']],
    ['dot directories are searched', { pattern: '**/*.yml' }, ['.github/ci.yml']],
    ['node_modules and .git are skipped', { pattern: '**/{index.js,HEAD}' }, []],
    ['no match', { pattern: '**/*.rs' }, []],
  ])('%s', async (_label, input, expected) => {
    expect(await workspace.call(glob, input)).toEqual({
      ok: true,
      output: { filenames: expected.map(at), numFiles: expected.length, truncated: false },
    });
  });

  test('caps the result at 100 paths and says so', async () => {
    const many = await createWorkspaceContext();
    try {
      for (let index = 0; index < 105; index += 1)
        await writeFile(many.at(`f${String(index).padStart(3, '0')}.txt`), '');
      const result = await many.call(glob, { pattern: '*.txt' });
      expect(result.ok && [result.output.numFiles, result.output.truncated]).toEqual([100, true]);
      expect(result.ok && glob.formatModelContent?.(result.output).split('\n').at(-1)).toBe(
        '(Showing the 100 most recently modified matches; more files matched. Use a narrower pattern or path.)',
      );
    } finally {
      await many.dispose();
    }
  });

  test.each([
    [
      'a missing path',
      { pattern: '*', path: 'nowhere' },
      'path_not_found',
      () => `Path does not exist: ${at('nowhere')}`,
    ],
    [
      'a file as path',
      { pattern: '*', path: 'README.md' },
      'not_a_directory',
      () => `${at('README.md')} is a file; Glob searches a directory.`,
    ],
  ])('refuses %s', async (_label, input, code, message) => {
    expect(await workspace.call(glob, input)).toEqual({ ok: false, code, message: message() });
  });

  test('formatModelContent for no match', () => {
    expect(glob.formatModelContent?.({ filenames: [], numFiles: 0, truncated: false })).toBe(
      'No files found',
    );
  });
});

describe('Grep', () => {
  test.each([
    [
      'files with matches, newest first (binary, node_modules and .git skipped)',
      { pattern: 'TODO' },
      ['ünï/cödé.ts', 'logs/app.log', '.github/ci.yml', 'src/lib/d.py', 'src/a.ts', 'README.md'],
      7,
    ],
    [
      'case-insensitive',
      { pattern: 'todo', '-i': true, path: 'src' },
      ['src/lib/d.py', 'src/lib/c.js', 'src/a.ts'],
      4,
    ],
    [
      'glob without a slash matches at any depth',
      { pattern: 'TODO', glob: '*.ts' },
      ['ünï/cödé.ts', 'src/a.ts'],
      2,
    ],
    [
      'glob with a slash is relative to the root',
      { pattern: 'TODO', glob: 'src/lib/*' },
      ['src/lib/d.py'],
      1,
    ],
    ['type filter', { pattern: 'export', type: 'ts' }, ['src/b.tsx', 'src/a.ts'], 2],
    ['a single file as path', { pattern: 'a', path: 'src/b.tsx' }, ['src/b.tsx'], 2],
    ['unicode pattern', { pattern: 'caf\\u00e9' }, ['ünï/cödé.ts'], 1],
    ['no match', { pattern: 'does-not-occur' }, [], 0],
  ])('%s', async (_label, input, files, numMatches) => {
    expect(await workspace.call(grep, input)).toEqual({
      ok: true,
      output: {
        mode: 'files_with_matches',
        filenames: files.map(at),
        numFiles: files.length,
        numMatches,
        truncated: false,
      },
    });
  });

  test('content mode prints path:line:text', async () => {
    const result = await workspace.call(grep, {
      pattern: 'TODO',
      output_mode: 'content',
      path: 'src',
    });
    expect(result.ok && result.output.content).toBe(
      `${at('src/lib/d.py')}:2:    pass  # TODO python\n${at('src/a.ts')}:2:// TODO first`,
    );
  });

  test('content mode without line numbers', async () => {
    const result = await workspace.call(grep, {
      pattern: 'TODO',
      output_mode: 'content',
      path: 'src/a.ts',
      '-n': false,
    });
    expect(result.ok && result.output.content).toBe(`${at('src/a.ts')}:// TODO first`);
  });

  test.each([
    [
      '-C 1 merges overlapping context; groups split by --',
      { '-C': 1 },
      ['2-two', '3:TODO three', '4-four', '--', '6-six', '7:TODO seven', '8-eight'],
    ],
    [
      '-A 3 joins adjacent groups',
      { '-A': 3 },
      ['3:TODO three', '4-four', '5-five', '6-six', '7:TODO seven', '8-eight'],
    ],
    ['-B 1 with -A 0', { '-B': 1 }, ['2-two', '3:TODO three', '--', '6-six', '7:TODO seven']],
  ])('context lines: %s', async (_label, context, lines) => {
    const log = at('logs/app.log');
    const result = await workspace.call(grep, {
      pattern: 'TODO',
      output_mode: 'content',
      path: 'logs',
      ...context,
    });
    expect(result.ok && result.output.content).toBe(
      lines
        .map((line) => (line === '--' ? '--' : `${log}${line.replace(/^(\d+)([:-])/, '$2$1$2')}`))
        .join('\n'),
    );
  });

  test('count mode', async () => {
    const result = await workspace.call(grep, {
      pattern: 'todo',
      '-i': true,
      output_mode: 'count',
      path: 'src',
    });
    expect(result).toEqual({
      ok: true,
      output: {
        mode: 'count',
        filenames: ['src/lib/d.py', 'src/lib/c.js', 'src/a.ts'].map(at),
        numFiles: 3,
        numMatches: 4,
        content: `${at('src/lib/d.py')}:1\n${at('src/lib/c.js')}:2\n${at('src/a.ts')}:1`,
        truncated: false,
      },
    });
    expect(result.ok && grep.formatModelContent?.(result.output).split('\n').at(-1)).toBe(
      'Found 4 matching lines in 3 files',
    );
  });

  test('head_limit cuts entries and marks the result', async () => {
    const result = await workspace.call(grep, { pattern: 'TODO', head_limit: 2 });
    expect(result.ok && result.output).toEqual({
      mode: 'files_with_matches',
      filenames: [at('ünï/cödé.ts'), at('logs/app.log')],
      numFiles: 2,
      numMatches: 7,
      truncated: true,
    });
    expect(result.ok && grep.formatModelContent?.(result.output)).toBe(
      `Found 2 files\n${at('ünï/cödé.ts')}\n${at('logs/app.log')}\n(Results cut at head_limit.)`,
    );
  });

  test('multiline lets a match span lines and marks every line it covers', async () => {
    const result = await workspace.call(grep, {
      pattern: 'exports = \\{.*?\\};',
      multiline: true,
      output_mode: 'content',
      path: 'src/lib',
    });
    const file = at('src/lib/c.js');
    expect(result.ok && result.output.content).toBe(
      `${file}:2:module.exports = {\n${file}:3:  todo,\n${file}:4:};`,
    );
    const single = await workspace.call(grep, { pattern: 'exports = \\{.*?\\};', path: 'src/lib' });
    expect(single.ok && single.output.numFiles).toBe(0);
  });

  test.each([
    [
      'an invalid regular expression',
      { pattern: '(unclosed' },
      'invalid_pattern',
      'Invalid regular expression "(unclosed": Invalid regular expression: /(unclosed/u: Unterminated group',
    ],
    [
      'an unknown file type',
      { pattern: 'x', type: 'cobol' },
      'unknown_file_type',
      'Unknown file type "cobol". Known types: c, cpp, cs, css, go, html, java, js, json, kotlin, md, php, py, rb, rust, scala, sh, sql, swift, toml, ts, xml, yaml.',
    ],
  ])('refuses %s', async (_label, input, code, message) => {
    expect(await workspace.call(grep, input)).toEqual({ ok: false, code, message });
  });

  test('skips files over 10 MB', async () => {
    const big = await createWorkspaceContext();
    try {
      await writeFile(big.at('huge.txt'), `needle\n${'x'.repeat(10 * 1024 * 1024)}`);
      await writeFile(big.at('small.txt'), 'needle\n');
      const result = await big.call(grep, { pattern: 'needle' });
      expect(result.ok && result.output.filenames).toEqual([big.at('small.txt')]);
    } finally {
      await big.dispose();
    }
  });

  test.each([
    ['Grep', (context: WorkspaceContext) => context.call(grep, { pattern: 'x' })],
    ['Glob', (context: WorkspaceContext) => context.call(glob, { pattern: '*' })],
  ])('an aborted %s stops with a failure', async (_label, search) => {
    const aborted = await createWorkspaceContext();
    try {
      await writeFile(aborted.at('a.txt'), 'x');
      aborted.controller.abort();
      expect(await search(aborted)).toEqual({
        ok: false,
        code: 'aborted',
        message: 'The search was interrupted.',
      });
    } finally {
      await aborted.dispose();
    }
  });
});
