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
  expect(result.out).toContain('npm run generate');
});

test('init DIR creates DIR and says to cd into it', async () => {
  const root = await temporaryDirectory('tc-init-');
  const result = await cli(root, 'init', 'my-tools');
  expect(result.code).toBe(0);
  expect(result.out).toContain('  cd my-tools');
  expect(await filesUnder(path.join(root, 'my-tools'))).toHaveLength(INIT_FILES.length);
});

test('init keeps an existing tsconfig.json, and an existing package.json that has what it needs', async () => {
  const root = await temporaryDirectory('tc-init-');
  const own = '{"type":"module","scripts":{"generate":"mine","check":"mine too"}}\n';
  await writeFile(path.join(root, 'tsconfig.json'), '{}\n');
  await writeFile(path.join(root, 'package.json'), own);
  const result = await cli(root, 'init');
  expect(result.code).toBe(0);
  expect(result.out).not.toContain('set ');
  expect(await readFile(path.join(root, 'tsconfig.json'), 'utf8')).toBe('{}\n');
  expect(await readFile(path.join(root, 'package.json'), 'utf8')).toBe(own);
});

test.each([
  {
    case: 'npm init -y (commonjs)',
    before: { name: 'app', version: '1.0.0', type: 'commonjs', scripts: { test: 'x' } },
    said: [
      'set "type": "module" in package.json (was "commonjs"): the generated modules are ES modules. A CommonJS file of the project must now be named .cjs.',
      'set the script "generate": tool-contracts generate',
      'set the script "check": tool-contracts check',
    ],
  },
  {
    case: 'no type at all',
    before: { name: 'app' },
    said: [
      'set "type": "module" in package.json (was unset, which means "commonjs"): the generated modules are ES modules. A CommonJS file of the project must now be named .cjs.',
      'set the script "generate": tool-contracts generate',
      'set the script "check": tool-contracts check',
    ],
  },
])(
  'init makes a project of $case an ES module project with the scripts, and says so',
  async ({ before, said }) => {
    const root = await temporaryDirectory('tc-init-');
    await writeFile(path.join(root, 'package.json'), JSON.stringify(before, null, 4));
    const result = await cli(root, 'init');
    expect(result.code).toBe(0);
    expect(result.out.split('\n').filter((line) => line.startsWith('set '))).toEqual(said);
    const after = await readFile(path.join(root, 'package.json'), 'utf8');
    expect(JSON.parse(after)).toEqual({
      ...before,
      type: 'module',
      scripts: {
        ...('scripts' in before ? before.scripts : {}),
        generate: 'tool-contracts generate',
        check: 'tool-contracts check',
      },
    });
    expect(after).toMatch(/^\{\n {4}"name"/);
    expect(result.out).toMatch(/npm install --save-exact @tool-contracts\/runtime@\d+\.\d+\.\d+\n/);
    expect(result.out).toMatch(
      /npm install --save-dev --save-exact @types\/node@[\d.]+ tool-contracts@[\d.]+ tsx@[\d.]+ typescript@[\d.]+\n/,
    );
  },
);

test('init refuses a package.json that is not JSON, naming it, and writes nothing', async () => {
  const root = await temporaryDirectory('tc-init-');
  await writeFile(path.join(root, 'package.json'), '{ "name": ');
  const result = await cli(root, 'init');
  expect(result.code).toBe(1);
  expect(result.err).toMatch(
    new RegExp(
      `^tool-contracts init: ${path.join(root, 'package.json').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: not valid JSON \\(.+\\); nothing was written$`,
    ),
  );
  expect(await filesUnder(root)).toEqual(['package.json']);
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
