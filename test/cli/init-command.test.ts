/** `tool-contracts init [DIR]` on temporary directories, through the dispatcher. */
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import { INIT_FILES } from '../../cli/init-command.js';
import { main } from '../../cli/main.js';
import { parseProjectConfig } from '../../generator/config/project-config.js';
import { temporaryDirectory } from '../support/temporary-directory.js';

async function cli(cwd: string, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    cwd,
    color: false,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .sort();
}

test('init in an empty directory writes the project, with a valid config, and prints next steps', async () => {
  const root = await temporaryDirectory('tc-init-');
  const result = await cli(root, 'init');
  expect(result).toMatchObject({ code: 0, err: '' });
  expect(await filesUnder(root)).toEqual([
    'manifest/tools.yaml',
    'manifest/tools/greet.yaml',
    'package.json',
    'runtime/tools/greet.ts',
    'test/greet.test.ts',
    'tool-contracts.config.json',
    'tsconfig.json',
  ]);
  for (const { file, text } of INIT_FILES)
    expect(await readFile(path.join(root, file), 'utf8')).toBe(text);
  const config = parseProjectConfig(
    'tool-contracts.config.json',
    await readFile(path.join(root, 'tool-contracts.config.json'), 'utf8'),
  );
  expect(config).toMatchObject({ ok: true, config: { builtIns: 'none' } });
  expect(result.out).toContain('Next steps:');
  expect(result.out).toContain('npx tool-contracts generate');
});

test('init DIR creates DIR and says to cd into it', async () => {
  const root = await temporaryDirectory('tc-init-');
  const result = await cli(root, 'init', 'my-tools');
  expect(result.code).toBe(0);
  expect(result.out).toContain('  cd my-tools');
  expect(await filesUnder(path.join(root, 'my-tools'))).toHaveLength(INIT_FILES.length);
});

test('init keeps an existing tsconfig.json and package.json', async () => {
  const root = await temporaryDirectory('tc-init-');
  await writeFile(path.join(root, 'tsconfig.json'), '{}\n');
  await writeFile(path.join(root, 'package.json'), '{"type":"module"}\n');
  expect((await cli(root, 'init')).code).toBe(0);
  expect(await readFile(path.join(root, 'tsconfig.json'), 'utf8')).toBe('{}\n');
  expect(await readFile(path.join(root, 'package.json'), 'utf8')).toBe('{"type":"module"}\n');
});

test.each(['tool-contracts.config.json', 'manifest/tools/greet.yaml', 'runtime/tools/greet.ts'])(
  'init refuses to overwrite %s and writes nothing at all',
  async (file) => {
    const root = await temporaryDirectory('tc-init-');
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), 'mine\n');
    const result = await cli(root, 'init');
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      `tool-contracts init: not overwriting ${path.join(root, file)}; nothing was written (init makes a new project; remove these files or pick another DIR)`,
    );
    expect(await filesUnder(root)).toEqual([file]);
    expect(await readFile(path.join(root, file), 'utf8')).toBe('mine\n');
  },
);

test('init takes at most one directory', async () => {
  const root = await temporaryDirectory('tc-init-');
  expect((await cli(root, 'init', 'a', 'b')).code).toBe(2);
});
