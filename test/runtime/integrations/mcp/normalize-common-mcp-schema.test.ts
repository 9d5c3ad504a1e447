import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isFrozenData } from '../../../../runtime/core/frozen-data.js';
import { DRAFT_2020_12 } from '../../../../runtime/core/json-schema/draft-2020-12.js';
import {
  MAX_MCP_VALUE_DEPTH,
  valueDepth,
} from '../../../../runtime/integrations/mcp/bound-mcp-descriptor.js';
import { normalizeCommonMcpSchema } from '../../../../runtime/integrations/mcp/normalize-common-mcp-schema.js';
import { normalizeMcpInputSchema } from '../../../../runtime/integrations/mcp/normalize-mcp-input-schema.js';

const S = DRAFT_2020_12;

/**
 * The full path as `sharedMcpSchema` ran it before the fused walk: on the schema's JSON, or on
 * the schema itself when it has none (a bigint somewhere). The fused walk must equal it whenever
 * it answers.
 */
function fullPath(raw: unknown) {
  let json: string | undefined;
  try {
    json = JSON.stringify(raw);
  } catch {
    return normalizeMcpInputSchema(raw);
  }
  return normalizeMcpInputSchema(json === undefined ? raw : JSON.parse(json));
}

describe('normalizeCommonMcpSchema: the fused walk', () => {
  test.each<{ title: string; given: unknown; want: unknown; warnings?: string[] }>([
    {
      title: 'draft-07 with $defs, a $ref with a sibling description, an enum',
      given: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: {
          f: { $ref: '#/$defs/F', description: 'The filter.' },
          m: { type: 'string', enum: ['a', 'b'] },
        },
        required: ['f'],
        additionalProperties: false,
        $defs: { F: { type: 'object', description: 'F', properties: { v: { type: 'number' } } } },
      },
      want: {
        $schema: S,
        type: 'object',
        properties: {
          f: { type: 'object', description: 'The filter.', properties: { v: { type: 'number' } } },
          m: { type: 'string', enum: ['a', 'b'] },
        },
        required: ['f'],
        additionalProperties: false,
      },
    },
    {
      title: 'tuple items, nullable, an unknown format noted, properties without type',
      given: {
        properties: {
          t: { type: 'array', items: [{ type: 'string' }], additionalItems: false },
          n: { type: 'string', nullable: true, format: 'color' },
        },
      },
      want: {
        $schema: S,
        properties: {
          t: { type: 'array', prefixItems: [{ type: 'string' }], items: false },
          n: { type: ['string', 'null'], description: '(Format: color.)' },
        },
        type: 'object',
      },
    },
    {
      title: 'a pattern RE2 cannot run: dropped, noted, warned',
      given: { type: 'object', properties: { p: { type: 'string', pattern: '(?=a)b' } } },
      want: {
        $schema: S,
        type: 'object',
        properties: { p: { type: 'string', description: '(Pattern: (?=a)b.)' } },
      },
      warnings: [
        'pattern "(?=a)b" is not a valid RE2 regular expression (no look-around or back-references); dropped',
      ],
    },
  ])('$title', ({ given, want, warnings = [] }) => {
    const result = normalizeCommonMcpSchema(given)!;
    expect(result.schema).toEqual(want);
    expect(result.warnings).toEqual(warnings);
    expect({ schema: result.schema, warnings: result.warnings }).toEqual(fullPath(given));
    expect(isFrozenData(result.schema)).toBe(true);
    expect(Object.isFrozen(result.schema['properties'])).toBe(true);
    expect(result.jsonCharsAtMost).toBeGreaterThanOrEqual(JSON.stringify(result.schema).length);
  });

  // Each left to the full path, which warns, stubs or refuses; the fused walk never guesses.
  const proto = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}');
  const cyclic: Record<string, unknown> = { type: 'object' };
  cyclic['properties'] = { self: cyclic };
  const deep: Record<string, unknown> = { type: 'object' };
  let inner = deep;
  for (let level = 0; level < 300; level += 1) inner = (inner['not'] = {}) as typeof inner;
  test.each<[string, unknown]>([
    ['not an object', 'object'],
    ['null', null],
    ['a root that is no object type', { type: 'string' }],
    ['a recursive $ref', { type: 'object', properties: { n: { $ref: '#' } } }],
    ['a remote $ref', { type: 'object', properties: { n: { $ref: 'http://x/y' } } }],
    ['a dangling $ref', { type: 'object', properties: { n: { $ref: '#/$defs/No' } } }],
    [
      'a $ref whose sibling replaces a subschema keyword of a recursive target',
      { type: 'object', properties: { a: { properties: {}, $ref: '#' } } },
    ],
    ['a $ref to a boolean', { properties: { n: { $ref: '#/$defs/B' } }, $defs: { B: true } }],
    ['a non-schema in a subschema place', { type: 'object', properties: { n: 5 } }],
    ['a bad minimum', { type: 'object', properties: { n: { minimum: 'one' } } }],
    ['a repeated required name', { type: 'object', required: ['a', 'a'] }],
    ['an unknown type', { type: 'object', properties: { n: { type: 'text' } } }],
    ['an empty anyOf', { type: 'object', anyOf: [] }],
    ['draft-04 boolean exclusiveMinimum', { type: 'object', exclusiveMinimum: true }],
    ['a __proto__ property', proto],
    ['a constructor key in data is fine, a __proto__ key is not', { default: proto }],
    ['a cycle', cyclic],
    ['deep nesting', deep],
    ['a bigint', { type: 'object', maximum: 2n }],
    // JSON.stringify throws on it, so the full path keeps this -0 where the walk would write 0.
    [
      'a bigint in dropped $defs (beside a -0 that is read)',
      { type: 'object', prefixItems: [{ const: -0, $defs: { B: { examples: [2n] } } }] },
    ],
    ['a bigint as a dropped value', { type: 'object', $comment: 2n }],
    ['a function', { type: 'object', default: () => 1 }],
    ['undefined in an array', { type: 'object', enum: [undefined] }],
    ['a non-finite number', { type: 'object', maxProperties: Infinity }],
    ['a class instance', { type: 'object', default: new Date(0) }],
    ['a key that is an array index', { type: 'object', properties: { 0: { type: 'string' } } }],
    ['patternProperties', { type: 'object', patternProperties: { a: {} } }],
    [
      'a pattern JavaScript cannot compile',
      { type: 'object', properties: { p: { pattern: '(?i)a' } } },
    ],
    [
      'a throwing getter',
      {
        type: 'object',
        get properties(): never {
          throw new Error('no');
        },
      },
    ],
  ])('%s: left to the full path', (_title, given) => {
    expect(normalizeCommonMcpSchema(given)).toBeUndefined();
  });

  test('a constructor key is an ordinary property name', () => {
    const given = { type: 'object', properties: { constructor: { type: 'string' } } };
    const result = normalizeCommonMcpSchema(given)!;
    expect(Object.keys(result.schema['properties'] as object)).toEqual(['constructor']);
    expect({ schema: result.schema, warnings: result.warnings }).toEqual(fullPath(given));
  });

  test('generated schemas, adversarial ones included: exactly the full path whenever it answers', () => {
    const key = fc.oneof(
      fc.constantFrom('a', 'b', '__proto__', 'constructor', '0', '$ref', 'type', 'x-y'),
      fc.string({ maxLength: 3 }),
    );
    const data = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.constantFrom(-0, Infinity, NaN, undefined, 2n, () => 1, new Date(0), [1, , 2]),
      fc.dictionary(key, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
    );
    const ref = fc.constantFrom(
      '#',
      '#/$defs/A',
      '#/$defs/B',
      '#/definitions/C',
      '#/%24defs/A',
      '#/properties/a',
      '#/$defs/Missing',
      '#/$defs/T',
      'http://x/y',
      '#/$defs/%',
      7,
    );
    /** Mostly what servers send, sometimes what the meta-schema or the walk refuses. */
    const mostly = <T, U>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<U>) =>
      fc.oneof({ arbitrary: good, weight: 12 }, { arbitrary: bad, weight: 1 });
    const schema = fc.letrec((tie) => {
      const node = tie('node');
      const keyword = fc.oneof(
        fc.tuple(
          fc.constant('type'),
          mostly(
            fc.constantFrom('object', 'string', 'integer', 'null', ['string', 'null']),
            fc.constantFrom('text', ['string', 'string'], [], 7),
          ),
        ),
        fc.tuple(
          fc.constant('properties'),
          mostly(fc.dictionary(key, node, { maxKeys: 3 }), fc.constantFrom(5, [], null)),
        ),
        fc.tuple(
          fc.constant('required'),
          mostly(
            fc.uniqueArray(fc.constantFrom('a', 'b', 'c')),
            fc.constantFrom('a', [1], ['a', 'a']),
          ),
        ),
        fc.tuple(fc.constant('additionalProperties'), mostly(node, fc.constant(3))),
        fc.tuple(fc.constant('items'), fc.oneof(node, fc.array(node, { maxLength: 2 }))),
        fc.tuple(fc.constant('additionalItems'), node),
        fc.tuple(fc.constant('prefixItems'), fc.array(node, { maxLength: 2 })),
        fc.tuple(fc.constantFrom('anyOf', 'oneOf', 'allOf'), fc.array(node, { maxLength: 2 })),
        fc.tuple(fc.constantFrom('not', 'if', 'then', 'propertyNames'), node),
        fc.tuple(fc.constant('$ref'), ref),
        fc.tuple(
          fc.constant('$defs'),
          fc.record({ A: node, B: node, T: fc.constant(true) }, { requiredKeys: [] }),
        ),
        fc.tuple(fc.constant('definitions'), fc.record({ C: node }, { requiredKeys: [] })),
        fc.tuple(
          fc.constant('pattern'),
          mostly(fc.constantFrom('^a+$', '(?=x)', '\\d'), fc.constantFrom('[', '(?i)a', 'a\\Z', 5)),
        ),
        fc.tuple(
          fc.constant('format'),
          mostly(fc.constantFrom('email', 'uri', 'nonsense'), fc.constant(5)),
        ),
        fc.tuple(fc.constant('nullable'), fc.constantFrom(true, false, 'yes')),
        fc.tuple(
          fc.constantFrom('exclusiveMinimum', 'maximum'),
          mostly(fc.integer(), fc.boolean()),
        ),
        fc.tuple(fc.constant('minimum'), mostly(fc.double({ noNaN: true }), fc.constant('one'))),
        fc.tuple(fc.constant('minLength'), mostly(fc.nat(), fc.constantFrom(-1, 1.5))),
        fc.tuple(
          fc.constant('multipleOf'),
          mostly(fc.constantFrom(2, 0.5), fc.constantFrom(0, -1)),
        ),
        fc.tuple(fc.constant('uniqueItems'), mostly(fc.boolean(), fc.constant('no'))),
        fc.tuple(
          fc.constantFrom('description', 'title'),
          mostly(fc.string({ maxLength: 5 }), fc.constant(5)),
        ),
        fc.tuple(fc.constant('enum'), mostly(fc.array(data, { maxLength: 2 }), fc.constant('a'))),
        fc.tuple(fc.constantFrom('const', 'default', 'x-extra'), data),
        fc.tuple(fc.constant('examples'), fc.array(data, { maxLength: 2 })),
        fc.tuple(
          fc.constantFrom('dependencies', 'patternProperties', '$dynamicRef', '$comment', '$id'),
          fc.constantFrom({ a: ['b'] }, 'urn:x'),
        ),
        fc.tuple(key, data),
      );
      return {
        node: fc.oneof(
          { depthSize: 'small', withCrossShrink: true },
          fc.boolean(),
          fc.array(keyword, { maxLength: 4 }).map((entries) => {
            const object: Record<string, unknown> = {};
            for (const [name, value] of entries)
              Object.defineProperty(object, name, {
                value,
                enumerable: true,
                writable: true,
                configurable: true,
              });
            return object;
          }),
        ),
      };
    }).node;
    const root = fc
      .tuple(
        schema,
        fc.dictionary(fc.constantFrom('a', 'b', 'c'), schema, { maxKeys: 3 }),
        fc.record({ A: schema, B: schema }, { requiredKeys: [] }),
      )
      .map(([extra, properties, defs]) => ({
        ...(typeof extra === 'object' ? extra : {}),
        type: 'object',
        properties,
        $defs: defs,
      }));
    let answered = 0;
    fc.assert(
      fc.property(fc.oneof(root, schema), (raw) => {
        const common = normalizeCommonMcpSchema(raw);
        if (common === undefined) return;
        answered += 1;
        expect({ schema: common.schema, warnings: common.warnings }).toEqual(fullPath(raw));
        expect(JSON.stringify(common.schema)).toBe(JSON.stringify(fullPath(raw).schema));
        expect(common.jsonCharsAtMost).toBeGreaterThanOrEqual(JSON.stringify(common.schema).length);
        expect(isFrozenData(common.schema)).toBe(true);
      }),
      { numRuns: 1_000 },
    );
    // The property says something only if the fused walk answers often enough.
    expect(answered).toBeGreaterThan(50);
  });
});

/**
 * The walk measures depth as `boundMcpDescriptor` does (`valueDepth` of the raw schema, at most
 * MAX_MCP_VALUE_DEPTH) so that registration need not measure a schema it answered for: it must
 * never answer for a schema that bound refuses. Each shape below at exactly the limit and one
 * level past it, the deep part in every place the walk reads or drops unread.
 */
describe('normalizeCommonMcpSchema: the depth limit of boundMcpDescriptor', () => {
  /** `levels` applications of `wrap` around `leaf`, built without recursion. */
  const chain = (levels: number, wrap: (inner: unknown) => unknown, leaf: unknown): unknown => {
    let value = leaf;
    for (let level = 0; level < levels; level += 1) value = wrap(value);
    return value;
  };
  const data = (inner: unknown) => ({ k: inner });
  const shapes: [string, (levels: number) => unknown][] = [
    [
      'a chain of properties',
      (n) => ({
        type: 'object',
        properties: { p: chain(n, (i) => ({ properties: { p: i } }), {}) },
      }),
    ],
    ['a chain of not', (n) => ({ type: 'object', not: chain(n, (i) => ({ not: i }), {}) })],
    [
      'a chain of anyOf',
      (n) => ({ type: 'object', anyOf: [chain(n, (i) => ({ anyOf: [i] }), {})] }),
    ],
    ['a chain of items', (n) => ({ type: 'object', not: chain(n, (i) => ({ items: i }), {}) })],
    [
      'a chain of tuple items',
      (n) => ({ type: 'object', not: chain(n, (i) => ({ items: [i] }), {}) }),
    ],
    ['data in a default', (n) => ({ type: 'object', default: chain(n, data, 1) })],
    ['data in an enum', (n) => ({ type: 'object', enum: [chain(n, (i) => [i], 1)] })],
    ['an unreferenced $defs entry', (n) => ({ type: 'object', $defs: { D: chain(n, data, 1) } })],
    [
      'an unreferenced definitions entry',
      (n) => ({ type: 'object', definitions: chain(n, data, 1) }),
    ],
    ['a $comment object (dropped)', (n) => ({ type: 'object', $comment: chain(n, data, 1) })],
    ['a $schema object (dropped)', (n) => ({ type: 'object', $schema: chain(n, data, 1) })],
    ['a $dynamicRef object (dropped)', (n) => ({ type: 'object', $dynamicRef: chain(n, data, 1) })],
    [
      'a nullable object (read as not true)',
      (n) => ({ type: 'object', nullable: chain(n, data, 1) }),
    ],
    [
      'a $defs beside a $ref (dropped with the reference)',
      (n) => ({
        type: 'object',
        properties: { p: { $ref: '#/$defs/S', $defs: chain(n, data, 1) } },
        $defs: { S: { type: 'string' } },
      }),
    ],
    [
      'a deep $defs entry reached by a shallow $ref',
      (n) => ({
        type: 'object',
        properties: { p: { $ref: '#/$defs/D' } },
        $defs: { D: { not: chain(n, (i) => ({ not: i }), {}) } },
      }),
    ],
    [
      'deep data beside a $ref',
      (n) => ({
        type: 'object',
        properties: { p: { $ref: '#/$defs/S', default: chain(n, data, 1) } },
        $defs: { S: { type: 'string' } },
      }),
    ],
  ];
  /** The shape's schema whose `valueDepth` is `depth` (searched: each shape nests its own way). */
  function atDepth(shape: (levels: number) => unknown, depth: number): unknown {
    for (let levels = 0; levels < 200; levels += 1) {
      const schema = shape(levels);
      const reached = valueDepth(schema, 1_000);
      if (reached === depth) return schema;
      if (reached > depth) return undefined;
    }
    return undefined;
  }
  test.each(shapes)(
    '%s: answered at the limit, left to the full path one level past it',
    (_title, shape) => {
      // A shape that steps two levels at a time has no schema at one of the two depths: the
      // nearest one below the limit, and the nearest past it, instead.
      const within = atDepth(shape, MAX_MCP_VALUE_DEPTH) ?? atDepth(shape, MAX_MCP_VALUE_DEPTH - 1);
      const past =
        atDepth(shape, MAX_MCP_VALUE_DEPTH + 1) ?? atDepth(shape, MAX_MCP_VALUE_DEPTH + 2);
      expect(within).toBeDefined();
      expect(past).toBeDefined();
      const answered = normalizeCommonMcpSchema(within);
      expect(answered).toBeDefined();
      expect({ schema: answered!.schema, warnings: answered!.warnings }).toEqual(fullPath(within));
      expect(normalizeCommonMcpSchema(past)).toBeUndefined();
    },
  );

  test('generated deep schemas: answered only within the limit', () => {
    const wrap = fc.constantFrom<[string, (inner: unknown) => unknown]>(
      ['properties', (i) => ({ properties: { p: i } })],
      ['not', (i) => ({ not: i })],
      ['anyOf', (i) => ({ anyOf: [i, true] })],
      ['items', (i) => ({ items: i })],
      ['tuple', (i) => ({ items: [i] })],
      ['default', (i) => ({ default: [i] })],
      ['$comment', (i) => ({ $comment: { c: i } })],
      ['$defs', (i) => ({ $defs: { D: i } })],
      ['nullable', (i) => ({ nullable: i })],
      ['ref sibling', (i) => ({ $ref: '#/$defs/S', not: i })],
      ['ref', () => ({ $ref: '#/$defs/S' })],
    );
    fc.assert(
      fc.property(
        fc.array(wrap, { minLength: 20, maxLength: 70 }),
        fc.array(wrap, { maxLength: 40 }),
        (outer, inS) => {
          const build = (wraps: typeof outer, leaf: unknown) =>
            wraps.reduce((inner, [, apply]) => apply(inner), leaf);
          // The root's own `$defs.S` (no reference in it: a reference from S to S recurses).
          const target = build(
            inS.filter(([name]) => !name.startsWith('ref')),
            { type: 'string' },
          );
          const raw = {
            type: 'object',
            properties: { p: build(outer, { type: 'string' }) },
            $defs: { S: target },
          };
          const common = normalizeCommonMcpSchema(raw);
          if (common !== undefined)
            expect(valueDepth(raw, 1_000)).toBeLessThanOrEqual(MAX_MCP_VALUE_DEPTH);
        },
      ),
      { numRuns: 500 },
    );
  });
});
