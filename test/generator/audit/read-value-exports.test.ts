import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readValueExports } from '../../../generator/audit/read-value-exports.js';
import { PROJECT_CACHE_DIRECTORY } from '../../../generator/support/project-cache.js';
import { removeTempProjects, writeTempProject } from '../manifest/temp-project.js';

afterAll(removeTempProjects);

const FOLDER = 'runtime/tools';

/** Each module's names, sorted; `null` for a missing module. */
async function exportsOf(
  root: string,
  implementations: readonly string[],
): Promise<Record<string, string[] | null>> {
  const exports = await readValueExports(root, FOLDER, implementations);
  return Object.fromEntries(
    [...exports].map(([name, names]) => [name, names === undefined ? null : [...names].sort()]),
  );
}

/** The project's one `value-exports` entry, parsed. */
function entryFile(root: string): string {
  const directory = path.join(root, ...PROJECT_CACHE_DIRECTORY.split('/'));
  const names = readdirSync(directory).filter((name) => name.startsWith('value-exports-'));
  expect(names).toHaveLength(1);
  return path.join(directory, names[0]!);
}

/** Replaces the cached answer with one no parse gives: a later read that returns it was cached. */
function plant(root: string): void {
  const file = entryFile(root);
  const entry = JSON.parse(readFileSync(file, 'utf8')) as {
    value: { modules: Record<string, string[] | null> };
  };
  entry.value.modules['a'] = ['planted'];
  writeFileSync(file, JSON.stringify(entry));
}

describe('readValueExports remembers what each module exports', () => {
  it('answers a second run from the cache, without parsing', async () => {
    const root = await writeTempProject({
      'runtime/tools/a.ts': 'export const handler = 1;\nexport function validateInput() {}\n',
    });
    expect(await exportsOf(root, ['a', 'gone'])).toEqual({
      a: ['handler', 'validateInput'],
      gone: null,
    });
    plant(root);
    expect(await exportsOf(root, ['a', 'gone'])).toEqual({ a: ['planted'], gone: null });
  });

  it.each([
    [
      'the module changes',
      'runtime/tools/a.ts',
      'export const handler = 1;\nexport const resolveInput = 2;\n',
    ],
    ['a module beside it changes', 'runtime/tools/support/b.ts', 'export const other = 1;\n'],
    ['a file is added to the folder', 'runtime/tools/new.ts', 'export {};\n'],
  ])('parses again when %s', async (_, file, text) => {
    const root = await writeTempProject({
      'runtime/tools/a.ts': 'export const handler = 1;\n',
      'runtime/tools/support/b.ts': 'export const other = 0;\n',
    });
    await exportsOf(root, ['a']);
    plant(root);
    await writeFile(path.join(root, file), text);
    const want = file.endsWith('a.ts') ? ['handler', 'resolveInput'] : ['handler'];
    expect(await exportsOf(root, ['a'])).toEqual({ a: want });
  });

  it('parses again when the modules asked for change', async () => {
    const root = await writeTempProject({ 'runtime/tools/a.ts': 'export const handler = 1;\n' });
    await exportsOf(root, ['a']);
    plant(root);
    expect(await exportsOf(root, ['a', 'b'])).toEqual({ a: ['handler'], b: null });
  });

  it('compares the files a re-export reads outside the folder', async () => {
    const root = await writeTempProject({
      'runtime/tools/a.ts': "export * from '../shared/hooks.js';\nexport const handler = 1;\n",
      'runtime/shared/hooks.ts': 'export function validateInput() {}\n',
    });
    expect(await exportsOf(root, ['a'])).toEqual({ a: ['handler', 'validateInput'] });
    plant(root);
    expect(await exportsOf(root, ['a'])).toEqual({ a: ['planted'] });
    await writeFile(
      path.join(root, 'runtime/shared/hooks.ts'),
      'export function resolveInput() {}\n',
    );
    expect(await exportsOf(root, ['a'])).toEqual({ a: ['handler', 'resolveInput'] });
  });

  it.each([
    ['not JSON', () => '{'],
    [
      'names that are not a list',
      (entry: object) => ({ ...entry, value: { modules: { a: 'handler' }, outside: {} } }),
    ],
    ['no outside files', (entry: object) => ({ ...entry, value: { modules: { a: ['planted'] } } })],
    [
      'a hash that is not text',
      (entry: object) => ({ ...entry, value: { modules: { a: ['planted'] }, outside: { x: 1 } } }),
    ],
  ])('ignores a broken entry (%s) and writes a good one', async (_, broken) => {
    const root = await writeTempProject({ 'runtime/tools/a.ts': 'export const handler = 1;\n' });
    await exportsOf(root, ['a']);
    const entry = JSON.parse(readFileSync(entryFile(root), 'utf8')) as object;
    const replaced = broken(entry);
    writeFileSync(
      entryFile(root),
      typeof replaced === 'string' ? replaced : JSON.stringify(replaced),
    );
    expect(await exportsOf(root, ['a'])).toEqual({ a: ['handler'] });
    expect(JSON.parse(readFileSync(entryFile(root), 'utf8'))).toMatchObject({
      value: { modules: { a: ['handler'] }, outside: {} },
    });
  });
});
