import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PROJECT_CACHE_DIRECTORY,
  readCacheEntry,
  writeCacheEntry,
} from '../../../generator/support/project-cache.js';

const made: string[] = [];
afterEach(() => {
  for (const directory of made.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** Projects sharing one `node_modules`, as a worktree or a temporary copy does. */
function projectsSharingNodeModules(count: number): string[] {
  const parent = mkdtempSync(path.join(tmpdir(), 'project-cache-'));
  made.push(parent);
  mkdirSync(path.join(parent, 'node_modules'));
  return Array.from({ length: count }, (_, index) => {
    const root = path.join(parent, `project-${index}`);
    mkdirSync(root);
    symlinkSync(path.join(parent, 'node_modules'), path.join(root, 'node_modules'));
    return root;
  });
}

const isText = (value: unknown): value is string => typeof value === 'string';
const entries = (root: string) =>
  readdirSync(path.join(root, ...PROJECT_CACHE_DIRECTORY.split('/'))).sort();

describe('project cache entries', () => {
  it('answers under the same key only, and only a value of the expected shape', async () => {
    const [root] = projectsSharingNodeModules(1);
    await writeCacheEntry(root!, 'probe', 'k1', 'value');
    expect(await readCacheEntry(root!, 'probe', 'k1', isText)).toBe('value');
    expect(await readCacheEntry(root!, 'probe', 'k2', isText)).toBeUndefined();
    expect(await readCacheEntry(root!, 'other', 'k1', isText)).toBeUndefined();
    await writeCacheEntry(root!, 'probe', 'k1', 42);
    expect(await readCacheEntry(root!, 'probe', 'k1', isText)).toBeUndefined();
  });

  it("answers from another project's entry under the same key", async () => {
    const [first, second] = projectsSharingNodeModules(2);
    await writeCacheEntry(first!, 'probe', 'k', 'from the first');
    expect(await readCacheEntry(second!, 'probe', 'k', isText)).toBe('from the first');
  });

  it('drops the entries of projects that are gone when it writes, and no other kind', async () => {
    const [first, second] = projectsSharingNodeModules(2);
    await writeCacheEntry(first!, 'probe', 'k', 'a');
    await writeCacheEntry(first!, 'other', 'k', 'a');
    rmSync(first!, { recursive: true });
    const directory = path.join(second!, ...PROJECT_CACHE_DIRECTORY.split('/'));
    writeFileSync(path.join(directory, 'probe-0badc0de.json'), 'not json');
    await writeCacheEntry(second!, 'probe', 'k', 'b');
    const names = entries(second!);
    expect(names.filter((name) => name.startsWith('probe-'))).toHaveLength(1);
    expect(names.filter((name) => name.startsWith('other-'))).toHaveLength(1);
    expect(await readCacheEntry(second!, 'probe', 'k', isText)).toBe('b');
  });

  it('writes nothing, and throws nothing, where node_modules is a file', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'project-cache-'));
    made.push(parent);
    writeFileSync(path.join(parent, 'node_modules'), '');
    await expect(writeCacheEntry(parent, 'probe', 'k', 'v')).resolves.toBeUndefined();
    expect(await readCacheEntry(parent, 'probe', 'k', isText)).toBeUndefined();
  });
});
