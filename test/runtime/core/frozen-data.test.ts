import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  adoptFrozenJsonTree,
  deepFreeze,
  freezeJsonTree,
  isFrozenData,
} from '../../../runtime/core/frozen-data.js';
import { isDataReference, reachableObjects } from '../../../runtime/core/frozen-data-reference.js';

/** Every object and array under `value` (itself included). */
function nodesOf(value: unknown): object[] {
  if (typeof value !== 'object' || value === null) return [];
  return [value, ...Object.values(value).flatMap(nodesOf)];
}

describe('freezeJsonTree (a new tree of data: every node frozen, the root marked)', () => {
  test('freezes every node, marks only the root, keeps marked subtrees as they are', () => {
    const shared = deepFreeze({ kept: [1] });
    const value = { a: { b: [1, { c: 'x' }] }, shared, n: null };
    expect(freezeJsonTree(value)).toBe(value);
    for (const node of nodesOf(value)) expect(Object.isFrozen(node)).toBe(true);
    expect(isFrozenData(value)).toBe(true);
    expect(isFrozenData(value.a)).toBe(false);
    expect(isFrozenData(value.shared)).toBe(true);
  });

  test.each([
    { name: 'a function', child: () => 1 },
    { name: 'a Date', child: new Date(0) },
    { name: 'a bigint', child: 2n },
    { name: 'a symbol', child: Symbol('s') },
  ])('a tree holding $name is frozen as deepFreeze freezes it: not data', ({ child }) => {
    const sibling = { kept: true };
    const value = { outer: { inner: child }, sibling };
    freezeJsonTree(value);
    expect(Object.isFrozen(value.outer)).toBe(true);
    expect(isFrozenData(value)).toBe(false);
    expect(isFrozenData(sibling)).toBe(true);
  });

  test('walks own enumerable keys only: an array’s named one, never an inherited or hidden one', () => {
    const named = { n: 1 };
    const hidden = { h: 1 };
    const list = Object.assign([{ i: 0 }], { named });
    const value = Object.defineProperty({ list }, 'hidden', { value: hidden, enumerable: false });
    const inherited = { inherited: 1 };
    Object.defineProperty(Object.prototype, 'polluted', {
      value: inherited,
      enumerable: true,
      configurable: true,
      writable: true,
    });
    try {
      freezeJsonTree(value);
    } finally {
      delete (Object.prototype as Record<string, unknown>)['polluted'];
    }
    expect([list, list[0], named].map((node) => Object.isFrozen(node))).toEqual([true, true, true]);
    expect([hidden, inherited].map((node) => Object.isFrozen(node))).toEqual([false, false]);
    expect(isFrozenData(value)).toBe(true);
  });

  test('a cycle and deep nesting go to deepFreeze, which is exact with them', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic['self'] = { back: cyclic };
    freezeJsonTree(cyclic);
    expect(isFrozenData(cyclic)).toBe(true);
    let deep: Record<string, unknown> = {};
    const top = deep;
    for (let level = 0; level < 5_000; level += 1) deep = (deep['next'] = {}) as typeof deep;
    freezeJsonTree(top);
    expect(isFrozenData(top)).toBe(true);
    expect(Object.isFrozen(deep)).toBe(true);
  });
});

describe('adoptFrozenJsonTree (a tree its builder froze as it built it)', () => {
  test('marks the root without walking it, freezes the root when it is not frozen yet', () => {
    const inner = Object.freeze({ b: 1 });
    const shared = deepFreeze({ kept: [1] });
    const root = { inner, shared };
    expect(adoptFrozenJsonTree(root)).toBe(root);
    expect(Object.isFrozen(root)).toBe(true);
    expect(isFrozenData(root)).toBe(true);
    // Only the root is marked: what reaches the inner nodes goes through it.
    expect(isFrozenData(inner)).toBe(false);
    expect(isFrozenData(shared)).toBe(true);
  });

  test('the mark is invisible and never copied: keys, JSON, spreads and clones are as without it', () => {
    const root = adoptFrozenJsonTree({ a: 'x', list: Object.freeze([1]) });
    expect(Reflect.ownKeys(root)).toEqual(['a', 'list']);
    expect(JSON.stringify(root)).toBe('{"a":"x","list":[1]}');
    expect(root).toEqual({ a: 'x', list: [1] });
    for (const copy of [{ ...root }, structuredClone(root), Object.assign({}, root)]) {
      expect(copy).toEqual(root);
      expect(isFrozenData(copy)).toBe(false);
      expect(Object.isFrozen(copy)).toBe(false);
    }
  });

  test.each([
    { title: 'a root frozen already', root: () => Object.freeze({ a: 1 }) },
    { title: 'a root not extensible', root: () => Object.preventExtensions({ a: 1 }) },
    { title: 'a root marked before', root: () => adoptFrozenJsonTree({ a: 1 }) },
    { title: 'a root deepFreeze marked', root: () => deepFreeze({ a: 1 }) },
  ])('$title: marked and frozen, without an error', ({ root: make }) => {
    const root = make();
    expect(adoptFrozenJsonTree(root)).toBe(root);
    expect(Object.isFrozen(root)).toBe(true);
    expect(isFrozenData(root)).toBe(true);
  });

  test('freezing a new tree stops at an adopted one, which counts as data', () => {
    const adopted = adoptFrozenJsonTree({ kept: Object.freeze(['x']) });
    const tree = { adopted, other: { n: 1 } };
    freezeJsonTree(tree);
    expect(isFrozenData(tree)).toBe(true);
    const deep = deepFreeze({ adopted });
    expect(isFrozenData(deep)).toBe(true);
  });
});

describe('deepFreeze and isFrozenData (frozen contract data)', () => {
  test.each([
    { name: 'a string', value: 'text', data: true },
    { name: 'a number', value: 1.5, data: true },
    { name: 'NaN', value: Number.NaN, data: true },
    { name: 'a boolean', value: false, data: true },
    { name: 'null', value: null, data: true },
    { name: 'undefined', value: undefined, data: true },
    { name: 'a function', value: () => 1, data: false },
    { name: 'a symbol', value: Symbol('s'), data: false },
    { name: 'a bigint', value: 1n, data: false },
    { name: 'a plain object never frozen', value: { a: 1 }, data: false },
    { name: 'an object frozen by Object.freeze only', value: Object.freeze({ a: 1 }), data: false },
  ])('isFrozenData($name) is $data', ({ value, data }) => {
    expect(isFrozenData(value)).toBe(data);
  });

  test('freezes every node of a nested value, marks each as data and returns the value itself', () => {
    const value = { a: { b: [1, { c: 'x' }] }, d: [] as unknown[], e: null };
    expect(deepFreeze(value)).toBe(value);
    for (const node of nodesOf(value)) {
      expect(Object.isFrozen(node)).toBe(true);
      expect(isFrozenData(node)).toBe(true);
    }
  });

  test('a null-prototype object with a __proto__ key is data', () => {
    const value = Object.assign(Object.create(null) as object, { ['__proto__']: { type: 'x' } });
    deepFreeze(value);
    expect(isFrozenData(value)).toBe(true);
  });

  test.each([
    { name: 'a function', child: () => 1 },
    { name: 'a Date', child: new Date(0) },
    { name: 'a Map', child: new Map() },
    { name: 'a class instance', child: new (class Point {})() },
    { name: 'a bigint', child: 2n },
  ])('an object holding $name is frozen but not data, nor is any node above it', ({ child }) => {
    const sibling = { kept: true };
    const value = { outer: { inner: child }, sibling };
    deepFreeze(value);
    expect(Object.isFrozen(value.outer)).toBe(true);
    expect(isFrozenData(value)).toBe(false);
    expect(isFrozenData(value.outer)).toBe(false);
    // What holds no such value still is.
    expect(isFrozenData(sibling)).toBe(true);
  });

  test('a node frozen shallowly by Object.freeze is still walked', () => {
    const inner = { b: 1 };
    const value = Object.freeze({ a: inner });
    deepFreeze(value);
    expect(Object.isFrozen(inner)).toBe(true);
    expect(isFrozenData(value)).toBe(true);
  });

  test('a subtree deepFreeze froze before is not walked again', () => {
    let reads = 0;
    const shared = {
      get counted() {
        reads += 1;
        return 1;
      },
    };
    deepFreeze(shared);
    expect(reads).toBe(1);
    deepFreeze({ first: shared, second: { again: shared } });
    expect(reads).toBe(1);
  });

  test('a cycle ends', () => {
    const value: { self?: unknown; list: unknown[] } = { list: [] };
    value.self = value;
    value.list.push(value);
    expect(deepFreeze(value)).toBe(value);
    expect(Object.isFrozen(value.list)).toBe(true);
    expect(isFrozenData(value)).toBe(true);
  });

  test('a cycle through a node that holds a function: no node of the cycle is data', () => {
    // b reaches a function only through its ancestor a, which is still being walked when b is.
    const b: { a?: unknown } = {};
    const a = { b, f: () => 1 };
    b.a = a;
    deepFreeze(a);
    expect([isFrozenData(a), isFrozenData(b)]).toEqual([false, false]);
    expect([Object.isFrozen(a), Object.isFrozen(b)]).toEqual([true, true]);
  });

  test('a value nested 100 000 levels deep is frozen without recursion', () => {
    let value: unknown = { leaf: true };
    for (let level = 0; level < 100_000; level += 1) value = { next: value };
    expect(() => deepFreeze(value)).not.toThrow();
    expect(isFrozenData(value)).toBe(true);
  });

  test('any JSON value: every node frozen and data, the JSON unchanged, writes refused', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const before = JSON.stringify(value);
        deepFreeze(value);
        expect(JSON.stringify(value)).toBe(before);
        for (const node of nodesOf(value)) {
          expect(isFrozenData(node)).toBe(true);
          expect(() => {
            (node as Record<string, unknown>)['written'] = 1;
          }).toThrow(TypeError);
        }
      }),
    );
  });
});

describe('the fast paths agree with the reference (frozen-data-reference.ts)', () => {
  /** Values of every kind a tree may hold, data or not. */
  const leaf = fc.oneof(
    fc.string({ maxLength: 3 }),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.constant(() => 1),
    fc.bigInt(),
    fc.constant(new Date(0)),
    fc.constant(Symbol.for('s')),
  );
  const { tree } = fc.letrec((self) => ({
    tree: fc.oneof(
      { depthSize: 'small' },
      leaf,
      fc.array(self('tree'), { maxLength: 4 }),
      fc.dictionary(fc.string({ maxLength: 2 }), self('tree'), { maxKeys: 4 }),
      fc
        .dictionary(fc.string({ maxLength: 2 }), self('tree'), { maxKeys: 3 })
        .map((entries) => Object.assign(Object.create(null) as object, entries)),
    ),
  }));
  /** A tree, some of whose objects also hold a reference to another of its objects (shared, or a cycle). */
  const graph = fc
    .tuple(fc.array(tree, { minLength: 1, maxLength: 3 }), fc.array(fc.nat(), { maxLength: 4 }))
    .map(([roots, links]) => {
      const root = { roots };
      const objects = reachableObjects(root).filter((node) => !(node instanceof Date));
      for (const [index, link] of links.entries()) {
        const from = objects[link % objects.length]!;
        const to = objects[(link + index + 1) % objects.length]!;
        if (Object.isExtensible(from)) (from as Record<string, unknown>)[`link${index}`] = to;
      }
      return root;
    });

  test('deepFreeze freezes every node and marks exactly the nodes the reference calls data', () => {
    fc.assert(
      fc.property(graph, (value) => {
        deepFreeze(value);
        for (const node of reachableObjects(value)) {
          expect(Object.isFrozen(node)).toBe(true);
          expect(isFrozenData(node)).toBe(isDataReference(node));
        }
      }),
      { numRuns: 300 },
    );
  });

  test('freezeJsonTree freezes every node and marks the root as the reference says', () => {
    fc.assert(
      fc.property(graph, (value) => {
        freezeJsonTree(value);
        for (const node of reachableObjects(value)) expect(Object.isFrozen(node)).toBe(true);
        expect(isFrozenData(value)).toBe(isDataReference(value));
      }),
      { numRuns: 300 },
    );
  });

  test('isFrozenData agrees with the reference on scalars', () => {
    fc.assert(
      fc.property(leaf, (value) => {
        if (typeof value !== 'object' || value === null)
          expect(isFrozenData(value)).toBe(isDataReference(value));
      }),
    );
  });
});
