/**
 * The audit's scan cache: one entry per project, and entries of projects that are gone (a
 * deleted worktree or temporary copy sharing the same node_modules) dropped on every write; an
 * exact key is answered by any existing project's entry (a copy with the same sources).
 */
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import {
  AUDIT_CACHE_DIRECTORY,
  auditCacheKey,
  readCachedScan,
  writeCachedScan,
} from '../../../generator/audit/audit-cache.js';
import type { FieldReaderScan } from '../../../generator/audit/scan-field-readers.js';

const scan = { files: [] } as unknown as FieldReaderScan;
const roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

/** Project A owns node_modules; project B shares it through a symlink, as temp copies do. */
async function sharedProjects() {
  const base = await mkdtemp(path.join(tmpdir(), 'audit-cache-'));
  roots.push(base);
  const a = path.join(base, 'a');
  const b = path.join(base, 'b');
  await mkdir(path.join(a, 'node_modules'), { recursive: true });
  await mkdir(b);
  await symlink(path.join(a, 'node_modules'), path.join(b, 'node_modules'), 'dir');
  const entries = async () =>
    (await readdir(path.join(a, AUDIT_CACHE_DIRECTORY))).filter((name) => name.endsWith('.json'));
  return { a, b, entries };
}

describe('audit scan cache', () => {
  test('a new scan replaces the project’s older entry, and is read back by its key', async () => {
    const { a, entries } = await sharedProjects();
    await writeCachedScan(a, 'k1', scan);
    await writeCachedScan(a, 'k2', scan);
    expect(await entries()).toHaveLength(1);
    expect(await readCachedScan(a, 'k1')).toBeUndefined();
    expect(await readCachedScan(a, 'k2')).toEqual(scan);
  });

  test('projects sharing node_modules keep their own entries while both exist', async () => {
    const { a, b, entries } = await sharedProjects();
    await writeCachedScan(b, 'kb', scan);
    await writeCachedScan(a, 'ka', scan);
    expect(await entries()).toHaveLength(2);
    expect(await readCachedScan(b, 'kb')).toEqual(scan);
  });

  test('the entry of a project that was deleted is dropped at the next write', async () => {
    const { a, b, entries } = await sharedProjects();
    await writeCachedScan(b, 'kb', scan);
    await rm(b, { recursive: true });
    await writeCachedScan(a, 'ka', scan);
    expect(await entries()).toHaveLength(1);
    expect(await readCachedScan(a, 'ka')).toEqual(scan);
  });
});

describe('a scan of sources that changed only in comments and layout', () => {
  const SOURCE =
    'export function gate(entry: { readonly a: boolean }): boolean {\n  return entry.a;\n}\n';
  test.each([
    {
      edit: 'a comment and blank lines',
      text: `// why\n\n${SOURCE}\n/* more */\n`,
      exact: false,
      ignoringLayout: true,
    },
    {
      edit: 'indentation and line breaks',
      text: SOURCE.replace('\n  return', ' return'),
      exact: false,
      ignoringLayout: true,
    },
    {
      edit: 'a changed condition',
      text: SOURCE.replace('entry.a', '!entry.a'),
      exact: false,
      ignoringLayout: false,
    },
    {
      edit: 'a string with a comment marker',
      text: SOURCE.replace('entry.a', "entry.a && '//' !== ''"),
      exact: false,
      ignoringLayout: false,
    },
    { edit: 'nothing', text: SOURCE, exact: true, ignoringLayout: true },
  ])(
    '$edit: exact hit $exact, hit ignoring layout $ignoringLayout',
    async ({ text, exact, ignoringLayout }) => {
      const { a } = await sharedProjects();
      const file = path.join(a, 'runtime/gate.ts');
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, SOURCE);
      await writeCachedScan(a, await auditCacheKey(a, [file]), scan);
      await writeFile(file, text);
      const key = await auditCacheKey(a, [file]);
      expect((await readCachedScan(a, key)) !== undefined).toBe(exact);
      expect((await readCachedScan(a, key, { ignoreLayout: true })) !== undefined).toBe(
        ignoringLayout,
      );
    },
  );
});

describe('an exact key shared by projects with the same sources', () => {
  test.each([
    { owner: 'exists', ownerGone: false, read: true },
    { owner: 'was deleted', ownerGone: true, read: false },
  ])(
    'another project’s entry under the same key is read when its project $owner',
    async ({ ownerGone, read }) => {
      const { a, b } = await sharedProjects();
      for (const root of [a, b]) {
        await mkdir(path.join(root, 'runtime'), { recursive: true });
        await writeFile(path.join(root, 'runtime/gate.ts'), 'export const gate = 1;\n');
      }
      const keyOf = (root: string) => auditCacheKey(root, [path.join(root, 'runtime/gate.ts')]);
      const key = await keyOf(b);
      // Project-relative paths and contents only: the same key in both projects.
      expect((await keyOf(a)).key).toBe(key.key);
      await writeCachedScan(b, key, scan);
      if (ownerGone) await rm(b, { recursive: true });
      expect(await readCachedScan(a, await keyOf(a))).toEqual(read ? scan : undefined);
    },
  );

  test('a different source is a different key: nothing is read', async () => {
    const { a, b } = await sharedProjects();
    for (const [root, text] of [
      [a, 'export const gate = 1;\n'],
      [b, 'export const gate = 2;\n'],
    ] as const) {
      await mkdir(path.join(root, 'runtime'), { recursive: true });
      await writeFile(path.join(root, 'runtime/gate.ts'), text);
    }
    await writeCachedScan(b, await auditCacheKey(b, [path.join(b, 'runtime/gate.ts')]), scan);
    expect(
      await readCachedScan(a, await auditCacheKey(a, [path.join(a, 'runtime/gate.ts')])),
    ).toBeUndefined();
  });
});
