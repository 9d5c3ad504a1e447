/**
 * The manifest value cache changes nothing but speed: a value is kept only when JSON gives it
 * back as it was, a lookup hands out a fresh copy, a save keeps only this run's texts, and loading
 * a project through the cache gives the result loading it afresh gives — problems located at the
 * same file:line:col, in files parsed now and in files whose values came from the cache.
 */
import fc from 'fast-check';
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import {
  jsonSnapshot,
  openManifestValueCache,
} from '../../../generator/manifest/manifest-value-cache.js';
import { loadManifestSet } from '../../../generator/manifest/load-manifest-set.js';
import { PROJECT_CACHE_DIRECTORY } from '../../../generator/support/project-cache.js';
import {
  fixtureProject,
  manifestYaml,
  removeFixtureProjects,
  toolIndexYaml,
} from '../generate-fixture.js';

afterAll(removeFixtureProjects);

class Point {
  x = 1;
}

describe('jsonSnapshot', () => {
  test.each<[string, unknown, string | undefined]>([
    ['a plain object', { a: 1, b: [true, null, 'x'] }, '{"a":1,"b":[true,null,"x"]}'],
    ['an object without a prototype', Object.assign(Object.create(null), { a: 1 }), '{"a":1}'],
    ['an own __proto__ key', JSON.parse('{"__proto__":{"a":1}}'), '{"__proto__":{"a":1}}'],
    ['a lone surrogate', '\ud800', '"\\ud800"'],
    ['-0', { a: -0 }, undefined],
    ['NaN', [Number.NaN], undefined],
    ['Infinity', { a: Number.POSITIVE_INFINITY }, undefined],
    ['undefined in a list', [undefined], undefined],
    ['a Map', { a: new Map() }, undefined],
    ['a Date', { a: new Date(0) }, undefined],
    ['a class instance', { a: new Point() }, undefined],
    ['a bigint', { a: 1n }, undefined],
    ['a function', { a: () => 1 }, undefined],
  ])('%s', (_, value, want) => {
    expect(jsonSnapshot(value)).toBe(want);
  });

  test('what it keeps, JSON gives back as it was', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = jsonSnapshot(value);
        if (text !== undefined) expect(JSON.parse(text)).toStrictEqual(value);
        else expect(hasNegativeZero(value)).toBe(true); // the one JSON value JSON loses
      }),
    );
  });
});

function hasNegativeZero(value: unknown): boolean {
  if (Object.is(value, -0)) return true;
  return typeof value === 'object' && value !== null && Object.values(value).some(hasNegativeZero);
}

describe('openManifestValueCache', () => {
  test('a stored value is found by the next run, as a fresh copy; a save keeps only this run’s texts', async () => {
    const root = await fixtureProject([{ name: 'Alpha' }]);
    const first = await openManifestValueCache(root);
    expect(first.lookup('a: 1\n')).toBeUndefined();
    first.store('a: 1\n', { a: 1 });
    first.store('b: 2\n', { b: 2 });
    await first.save();

    const second = await openManifestValueCache(root);
    const found = second.lookup('a: 1\n') as { a: number };
    expect(found).toEqual({ a: 1 });
    found.a = 5;
    expect(second.lookup('a: 1\n')).toEqual({ a: 1 });
    await second.save();

    const third = await openManifestValueCache(root);
    expect(third.lookup('a: 1\n')).toEqual({ a: 1 });
    expect(third.lookup('b: 2\n')).toBeUndefined();
  });

  test('a value changed after it was stored is kept as it was stored', async () => {
    const root = await fixtureProject([{ name: 'Alpha' }]);
    const first = await openManifestValueCache(root);
    const value = { list: [1] };
    first.store('list: [1]\n', value);
    value.list.push(2);
    await first.save();
    expect((await openManifestValueCache(root)).lookup('list: [1]\n')).toEqual({ list: [1] });
  });

  test('a broken cache file only costs speed', async () => {
    const root = await fixtureProject([{ name: 'Alpha' }]);
    const cache = await openManifestValueCache(root);
    cache.store('a: 1\n', { a: 1 });
    await cache.save();
    const directory = path.join(root, PROJECT_CACHE_DIRECTORY);
    for (const name of await readdir(directory))
      if (name.startsWith('manifest-values-'))
        await writeFile(path.join(directory, name), '{ not json');
    expect((await openManifestValueCache(root)).lookup('a: 1\n')).toBeUndefined();
  });
});

describe('loading through the cache', () => {
  /** Loads twice, the second time through the values the first kept; both must be the fresh load. */
  async function loadBothWays(root: string) {
    const fresh = await loadManifestSet(root);
    await loadManifestSet(root, { valueCache: true });
    const cached = await loadManifestSet(root, { valueCache: true });
    return { fresh, cached };
  }

  test.each<[string, (root: string) => Promise<void>]>([
    ['no change', async () => undefined],
    [
      'a problem in an edited file',
      async (root) => {
        const file = path.join(root, 'manifest/tools/beta.yaml');
        await writeFile(
          file,
          (await readFile(file, 'utf8')).replace('riskLevel: low', 'riskLevel: 7'),
        );
      },
    ],
    [
      'a problem across files, one of them cached',
      async (root) => {
        // A third manifest of Alpha's name: the duplicate is reported in both files.
        await writeFile(path.join(root, 'manifest/tools/gamma.yaml'), manifestYaml('Alpha'));
      },
    ],
    [
      'the index names a manifest that is gone',
      async (root) => {
        await rm(path.join(root, 'manifest/tools/beta.yaml'));
        await writeFile(path.join(root, 'manifest/tools.yaml'), toolIndexYaml(['Alpha', 'Beta']));
      },
    ],
  ])('%s: the result of a fresh load, positions included', async (_, edit) => {
    const root = await fixtureProject([{ name: 'Alpha' }, { name: 'Beta' }]);
    // The first load keeps the values of the unchanged project; then the edit.
    await loadManifestSet(root, { valueCache: true });
    await edit(root);
    const { fresh, cached } = await loadBothWays(root);
    expect(JSON.stringify(cached)).toBe(JSON.stringify(fresh));
    if (!fresh.ok) expect(fresh.issues.length).toBeGreaterThan(0);
  });
});
