import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { inlineLocalRefs } from '../../../../runtime/core/json-schema/inline-local-refs.js';

describe('inlineLocalRefs', () => {
  test.each<{ name: string; given: unknown; want: unknown; warnings?: string[] }>([
    {
      name: 'a schema without refs comes back equal',
      given: { type: 'object', properties: { a: { type: 'string' } } },
      want: { type: 'object', properties: { a: { type: 'string' } } },
      warnings: [],
    },
    {
      name: '$defs and draft-07 definitions are inlined and dropped',
      given: {
        type: 'object',
        properties: { a: { $ref: '#/$defs/A' }, b: { items: { $ref: '#/definitions/B' } } },
        $defs: { A: { type: 'string' } },
        definitions: { B: { type: 'integer' } },
      },
      want: {
        type: 'object',
        properties: { a: { type: 'string' }, b: { items: { type: 'integer' } } },
      },
      warnings: [],
    },
    {
      name: 'any pointer into the document, escaped and percent-encoded',
      given: {
        properties: {
          'a/b': { type: 'string' },
          c: { $ref: '#/properties/a~1b' },
          d: { $ref: '#/properties/a%7E1b' },
        },
      },
      want: {
        properties: { 'a/b': { type: 'string' }, c: { type: 'string' }, d: { type: 'string' } },
      },
    },
    {
      name: 'keywords next to $ref win over the target’s',
      given: {
        properties: { a: { $ref: '#/$defs/A', description: 'mine' } },
        $defs: { A: { type: 'string', description: 'theirs' } },
      },
      want: { properties: { a: { type: 'string', description: 'mine' } } },
    },
    {
      name: 'a boolean target with siblings is wrapped in allOf',
      given: {
        properties: { a: { $ref: '#/$defs/F', description: 'never' }, b: { $ref: '#/$defs/F' } },
        $defs: { F: false },
      },
      want: { properties: { a: { allOf: [false], description: 'never' }, b: false } },
    },
    {
      name: 'recursion is expanded twice, then stubbed with the target’s type',
      given: { type: 'object', properties: { next: { $ref: '#' } } },
      want: {
        type: 'object',
        properties: {
          next: {
            type: 'object',
            properties: {
              next: {
                type: 'object',
                properties: {
                  next: {
                    type: 'object',
                    description: '(Same structure as the enclosing #; not expanded further.)',
                  },
                },
              },
            },
          },
        },
      },
    },
    {
      name: 'a remote ref is dropped and said',
      given: { properties: { a: { $ref: 'https://example.com/a.json', description: 'A.' } } },
      want: {
        properties: {
          a: { description: 'A. (Refers to https://example.com/a.json, which is not included.)' },
        },
      },
      warnings: [
        'remote reference "https://example.com/a.json" is not followed; replaced by {} (any value)',
      ],
    },
    {
      name: 'a dangling ref, an anchor and a ref to a non-schema accept anything',
      given: {
        properties: {
          a: { $ref: '#/$defs/Missing' },
          b: { $ref: '#anchor' },
          c: { $ref: '#/required' },
        },
        required: ['a'],
      },
      want: { properties: { a: {}, b: {}, c: {} }, required: ['a'] },
      warnings: [
        'reference "#/$defs/Missing" points nowhere; replaced by {} (any value)',
        'reference "#anchor" points nowhere; replaced by {} (any value)',
        'reference "#/required" points at something that is not a schema; replaced by {} (any value)',
      ],
    },
    {
      name: 'a $ref inside a value is data and stays',
      given: { default: { $ref: '#/$defs/A' }, enum: [{ $ref: '#' }], $defs: { A: {} } },
      want: { default: { $ref: '#/$defs/A' }, enum: [{ $ref: '#' }] },
    },
    {
      name: 'refs inside draft-07 tuples, dependencies and contentSchema are inlined',
      given: {
        items: [{ $ref: '#/$defs/A' }],
        dependencies: { x: { $ref: '#/$defs/A' }, y: ['x'] },
        contentSchema: { $ref: '#/$defs/A' },
        $defs: { A: { type: 'string' } },
      },
      want: {
        items: [{ type: 'string' }],
        dependencies: { x: { type: 'string' }, y: ['x'] },
        contentSchema: { type: 'string' },
      },
    },
  ])('$name', ({ given, want, warnings }) => {
    const result = inlineLocalRefs(given);
    expect(result.schema).toEqual(want);
    if (warnings !== undefined) expect(result.warnings).toEqual(warnings);
  });

  test('recursionLimit sets how often a recursive ref is expanded', () => {
    const given = { properties: { next: { $ref: '#' } } };
    expect(inlineLocalRefs(given, { recursionLimit: 0 }).schema).toEqual({
      properties: {
        next: { description: '(Same structure as the enclosing #; not expanded further.)' },
      },
    });
  });

  test('a wide recursive schema stays bounded by maxNodes', () => {
    const given = {
      $defs: {
        T: {
          type: 'object',
          properties: Object.fromEntries(
            Array.from({ length: 8 }, (_, index) => [`c${index}`, { $ref: '#/$defs/T' }]),
          ),
        },
      },
      $ref: '#/$defs/T',
    };
    const size = (options: { maxNodes?: number }) =>
      JSON.stringify(inlineLocalRefs(given, { recursionLimit: 5, ...options }).schema).length;
    expect(size({ maxNodes: 50 })).toBeLessThan(size({ maxNodes: 500 }));
    // Past the limit every reference is a one-line stub: about a stub per property written.
    expect(size({ maxNodes: 50 })).toBeLessThan(50 * 9 * 100);
  });

  test('never throws, leaves no local $ref in a subschema and does not change its input', () => {
    const node = fc.letrec((tie) => ({
      node: fc.oneof(
        { maxDepth: 4, depthSize: 'small' },
        fc.jsonValue({ maxDepth: 1 }),
        fc.record(
          {
            $ref: fc.constantFrom(
              '#',
              '#/$defs/a',
              '#/definitions/b',
              '#/nope',
              '#/properties/x',
              '#%',
            ),
            properties: fc.dictionary(fc.constantFrom('x', 'y', '__proto__'), tie('node'), {
              maxKeys: 2,
            }),
            items: fc.oneof(tie('node'), fc.array(tie('node'), { maxLength: 2 })),
            anyOf: fc.array(tie('node'), { maxLength: 2 }),
            $defs: fc.dictionary(fc.constantFrom('a', 'b'), tie('node'), { maxKeys: 2 }),
            definitions: fc.dictionary(fc.constantFrom('a', 'b'), tie('node'), { maxKeys: 2 }),
          },
          { requiredKeys: [] },
        ),
      ),
    }));
    const localRefs = (value: unknown): number => {
      if (Array.isArray(value))
        return value.reduce((sum: number, item) => sum + localRefs(item), 0);
      if (typeof value !== 'object' || value === null) return 0;
      return Object.entries(value).reduce(
        (sum, [key, item]) =>
          sum +
          (key === '$ref' && typeof item === 'string' && item.startsWith('#')
            ? 1
            : localRefs(item)),
        0,
      );
    };
    fc.assert(
      fc.property(node.node, (given) => {
        const before = structuredClone(given);
        const result = inlineLocalRefs(given);
        expect(given).toEqual(before);
        expect(localRefs(result.schema)).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});
