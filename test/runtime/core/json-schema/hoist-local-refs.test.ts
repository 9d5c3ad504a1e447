import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { JsonSchema } from '../../../../runtime/core/contract.js';
import {
  hoistLocalRefs,
  safeHoistLocalRefs,
} from '../../../../runtime/core/json-schema/hoist-local-refs.js';
import { SchemaProblemsError } from '../../../../runtime/core/json-schema/schema-problem.js';

interface HoistCase {
  readonly name: string;
  readonly given: JsonSchema;
  readonly want: JsonSchema;
  /** Values the given and the hoisted schema must judge alike: [value, valid]. */
  readonly samples: readonly (readonly [unknown, boolean])[];
}

const hoistCases: readonly HoistCase[] = [
  {
    name: 'draft-07 definitions move to $defs',
    given: {
      type: 'object',
      properties: { path: { $ref: '#/definitions/path' } },
      required: ['path'],
      definitions: { path: { type: 'string' } },
    },
    want: {
      type: 'object',
      properties: { path: { $ref: '#/$defs/path' } },
      required: ['path'],
      $defs: { path: { type: 'string' } },
    },
    samples: [
      [{ path: 'a' }, true],
      [{ path: 1 }, false],
      [{}, false],
    ],
  },
  {
    name: 'a recursive definition refers to its hoisted self',
    given: {
      type: 'object',
      properties: { tree: { $ref: '#/definitions/node' } },
      definitions: {
        node: {
          type: 'object',
          properties: {
            value: { type: 'number' },
            children: { type: 'array', items: { $ref: '#/definitions/node' } },
          },
        },
      },
    },
    want: {
      type: 'object',
      properties: { tree: { $ref: '#/$defs/node' } },
      $defs: {
        node: {
          type: 'object',
          properties: {
            value: { type: 'number' },
            children: { type: 'array', items: { $ref: '#/$defs/node' } },
          },
        },
      },
    },
    samples: [
      [{ tree: { value: 1, children: [{ value: 2, children: [] }] } }, true],
      [{ tree: { value: 1, children: [{ value: 'deep' }] } }, false],
    ],
  },
  {
    name: 'mutually recursive definitions',
    given: {
      type: 'object',
      properties: { expression: { $ref: '#/definitions/expression' } },
      definitions: {
        expression: { anyOf: [{ type: 'number' }, { $ref: '#/definitions/sum' }] },
        sum: {
          type: 'object',
          properties: { terms: { type: 'array', items: { $ref: '#/definitions/expression' } } },
        },
      },
    },
    want: {
      type: 'object',
      properties: { expression: { $ref: '#/$defs/expression' } },
      $defs: {
        expression: { anyOf: [{ type: 'number' }, { $ref: '#/$defs/sum' }] },
        sum: {
          type: 'object',
          properties: { terms: { type: 'array', items: { $ref: '#/$defs/expression' } } },
        },
      },
    },
    samples: [
      [{ expression: { terms: [1, { terms: [2, 3] }] } }, true],
      [{ expression: { terms: [1, 'x'] } }, false],
    ],
  },
  {
    name: 'a ref to the root hoists a copy of the root as `root`',
    given: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { name: { type: 'string' }, child: { $ref: '#' } },
      additionalProperties: false,
    },
    want: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { name: { type: 'string' }, child: { $ref: '#/$defs/root' } },
      additionalProperties: false,
      $defs: {
        root: {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object',
          properties: { name: { type: 'string' }, child: { $ref: '#/$defs/root' } },
          additionalProperties: false,
        },
      },
    },
    samples: [
      [{ name: 'a', child: { name: 'b', child: { name: 'c' } } }, true],
      [{ name: 'a', child: { name: 'b', extra: 1 } }, false],
    ],
  },
  {
    name: 'nested #/properties pointers get their path as a name',
    given: {
      type: 'object',
      properties: {
        source: { type: 'object', properties: { url: { type: 'string' } } },
        mirror: { $ref: '#/properties/source' },
        mirrorUrl: { $ref: '#/properties/source/properties/url' },
      },
    },
    want: {
      type: 'object',
      properties: {
        source: { type: 'object', properties: { url: { type: 'string' } } },
        mirror: { $ref: '#/$defs/properties_source' },
        mirrorUrl: { $ref: '#/$defs/properties_source_properties_url' },
      },
      $defs: {
        properties_source: { type: 'object', properties: { url: { type: 'string' } } },
        properties_source_properties_url: { type: 'string' },
      },
    },
    samples: [
      [{ mirror: { url: 'x' }, mirrorUrl: 'y' }, true],
      [{ mirrorUrl: 3 }, false],
    ],
  },
  {
    name: 'name collision: $defs/x keeps its name, definitions/x becomes x_2',
    given: {
      type: 'object',
      properties: { a: { $ref: '#/definitions/x' }, b: { $ref: '#/$defs/x' } },
      definitions: { x: { type: 'string' } },
      $defs: { x: { type: 'number' } },
    },
    want: {
      type: 'object',
      properties: { a: { $ref: '#/$defs/x_2' }, b: { $ref: '#/$defs/x' } },
      $defs: { x: { type: 'number' }, x_2: { type: 'string' } },
    },
    samples: [
      [{ a: 's', b: 1 }, true],
      [{ a: 1 }, false],
      [{ b: 's' }, false],
    ],
  },
  {
    name: 'name collision with a derived name, and a suffix already taken',
    given: {
      type: 'object',
      properties: {
        p: { type: 'string' },
        q: { $ref: '#/properties/p' },
        r: { $ref: '#/$defs/properties_p' },
        s: { $ref: '#/$defs/properties_p_2' },
      },
      $defs: { properties_p: { type: 'boolean' }, properties_p_2: { type: 'null' } },
    },
    want: {
      type: 'object',
      properties: {
        p: { type: 'string' },
        q: { $ref: '#/$defs/properties_p_3' },
        r: { $ref: '#/$defs/properties_p' },
        s: { $ref: '#/$defs/properties_p_2' },
      },
      $defs: {
        properties_p: { type: 'boolean' },
        properties_p_2: { type: 'null' },
        properties_p_3: { type: 'string' },
      },
    },
    samples: [
      [{ q: 'x', r: true, s: null }, true],
      [{ q: true }, false],
    ],
  },
  {
    name: 'escaped and percent-encoded names are sanitised; the clash is numbered',
    given: {
      type: 'object',
      properties: { a: { $ref: '#/definitions/a~1b' }, b: { $ref: '#/definitions/a%20b' } },
      definitions: { 'a/b': { type: 'string' }, 'a b': { type: 'integer' } },
    },
    want: {
      type: 'object',
      properties: { a: { $ref: '#/$defs/a_b' }, b: { $ref: '#/$defs/a_b_2' } },
      $defs: { a_b: { type: 'string' }, a_b_2: { type: 'integer' } },
    },
    samples: [
      [{ a: 'x', b: 2 }, true],
      [{ a: 2 }, false],
      [{ b: 'x' }, false],
    ],
  },
  {
    name: 'a $defs name that is not plain is renamed too',
    given: {
      type: 'object',
      properties: { a: { $ref: '#/$defs/my%20type' } },
      $defs: { 'my type': { type: 'string' } },
    },
    want: {
      type: 'object',
      properties: { a: { $ref: '#/$defs/my_type' } },
      $defs: { my_type: { type: 'string' } },
    },
    samples: [
      [{ a: 'x' }, true],
      [{ a: 1 }, false],
    ],
  },
  {
    name: 'nested definitions are hoisted; unreferenced ones are dropped',
    given: {
      type: 'object',
      properties: {
        config: {
          type: 'object',
          properties: { level: { $ref: '#/properties/config/definitions/level' } },
          definitions: { level: { enum: ['low', 'high'] }, unused: { type: 'string' } },
        },
      },
      definitions: { alsoUnused: { type: 'number' } },
    },
    want: {
      type: 'object',
      properties: {
        config: {
          type: 'object',
          properties: { level: { $ref: '#/$defs/properties_config_level' } },
        },
      },
      $defs: { properties_config_level: { enum: ['low', 'high'] } },
    },
    samples: [
      [{ config: { level: 'low' } }, true],
      [{ config: { level: 'mid' } }, false],
    ],
  },
  {
    name: 'an unreferenced definition with a ref of another form is dropped, not passed on',
    given: {
      type: 'object',
      properties: { a: { $ref: '#/$defs/a' } },
      $defs: { a: { type: 'string' }, unused: { $ref: '#/definitions/gone' } },
    },
    want: {
      type: 'object',
      properties: { a: { $ref: '#/$defs/a' } },
      $defs: { a: { type: 'string' } },
    },
    samples: [
      [{ a: 'x' }, true],
      [{ a: 1 }, false],
    ],
  },
  {
    name: 'a chain of refs: each link is hoisted',
    given: {
      type: 'object',
      properties: { a: { $ref: '#/definitions/alias' } },
      definitions: {
        alias: { $ref: '#/definitions/target', description: 'an alias' },
        target: { type: 'string' },
      },
    },
    want: {
      type: 'object',
      properties: { a: { $ref: '#/$defs/alias' } },
      $defs: {
        alias: { $ref: '#/$defs/target', description: 'an alias' },
        target: { type: 'string' },
      },
    },
    samples: [
      [{ a: 'x' }, true],
      [{ a: 1 }, false],
    ],
  },
  {
    name: 'draft-07 tuple items: the index is part of the name',
    given: {
      type: 'object',
      properties: {
        pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] },
        first: { $ref: '#/properties/pair/items/0' },
      },
    },
    want: {
      type: 'object',
      properties: {
        pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] },
        first: { $ref: '#/$defs/properties_pair_items_0' },
      },
      $defs: { properties_pair_items_0: { type: 'string' } },
    },
    samples: [],
  },
  {
    name: 'data that looks like schema is left alone; refs to other documents too',
    given: {
      type: 'object',
      properties: {
        definitions: { type: 'string', const: 'x', default: { $ref: '#/definitions/nope' } },
        $ref: { enum: [{ $ref: '#/definitions/nope' }] },
        remote: { $ref: 'https://example.com/schemas/remote.json#/definitions/thing' },
        local: { $ref: '#/definitions/thing' },
      },
      definitions: { thing: { type: 'boolean' } },
    },
    want: {
      type: 'object',
      properties: {
        definitions: { type: 'string', const: 'x', default: { $ref: '#/definitions/nope' } },
        $ref: { enum: [{ $ref: '#/definitions/nope' }] },
        remote: { $ref: 'https://example.com/schemas/remote.json#/definitions/thing' },
        local: { $ref: '#/$defs/thing' },
      },
      $defs: { thing: { type: 'boolean' } },
    },
    samples: [],
  },
];

describe('hoistLocalRefs: every local $ref becomes #/$defs/<name>', () => {
  test.each(hoistCases)('$name', ({ given, want }) => {
    const before = structuredClone(given);
    expect(hoistLocalRefs(given)).toEqual(want);
    expect(given).toEqual(before); // the input is not modified
  });

  test.each(hoistCases.filter((entry) => entry.samples.length > 0))(
    '$name: validates exactly like the given schema (ajv, draft 2020-12)',
    ({ given, samples }) => {
      const ajv = new Ajv2020({ strict: false });
      const original = ajv.compile(given);
      const hoisted = ajv.compile(hoistLocalRefs(given));
      for (const [value, valid] of samples) {
        expect({ value, valid: original(value) }).toEqual({ value, valid });
        expect({ value, valid: hoisted(value) }).toEqual({ value, valid });
      }
    },
  );

  test.each(hoistCases)(
    '$name: hoisting the result again changes nothing (same object)',
    ({ given }) => {
      const once = hoistLocalRefs(given);
      expect(hoistLocalRefs(once)).toBe(once);
    },
  );

  test.each([
    [
      'no refs at all',
      {
        type: 'object',
        properties: { a: { type: 'string' } },
        definitions: { unused: { type: 'number' } },
      },
    ],
    [
      'refs already of the #/$defs/<name> form',
      {
        type: 'object',
        properties: { a: { $ref: '#/$defs/a' } },
        $defs: { a: { type: 'string' } },
      },
    ],
    [
      'only refs to other documents',
      { type: 'object', properties: { a: { $ref: 'other.json#/definitions/a' } } },
    ],
    [
      'an $id subschema without local refs',
      { type: 'object', properties: { a: { $id: 'https://example.com/a', type: 'string' } } },
    ],
  ])('%s: returned as it is (same object)', (_label, given) => {
    expect(hoistLocalRefs(given)).toBe(given);
  });
});

describe('hoistLocalRefs: problems, every one with its place', () => {
  test.each([
    [
      'a ref to nothing',
      { type: 'object', properties: { a: { $ref: '#/definitions/missing' } } },
      [
        [
          'unresolvable-ref',
          '/properties/a',
          '/properties/a: #/definitions/missing: the $ref does not point at a schema in this document',
        ],
      ],
    ],
    [
      'an anchor ref',
      { type: 'object', properties: { a: { $ref: '#node' } } },
      [
        [
          'malformed-ref',
          '/properties/a',
          '/properties/a: #node: the $ref fragment is not a JSON pointer',
        ],
      ],
    ],
    [
      'a broken percent-encoding',
      { type: 'object', properties: { a: { $ref: '#/definitions/%E0%A4%A' } } },
      [
        [
          'malformed-ref',
          '/properties/a',
          '/properties/a: #/definitions/%E0%A4%A: the $ref fragment is not a JSON pointer',
        ],
      ],
    ],
    [
      'a ref to something that is not a schema',
      { type: 'object', required: ['a'], properties: { a: { $ref: '#/required' } } },
      [
        [
          'unresolvable-ref',
          '/properties/a',
          '/properties/a: #/required: the $ref does not point at a schema in this document',
        ],
      ],
    ],
    [
      'a local ref below a subschema with its own $id',
      {
        type: 'object',
        properties: {
          a: { $id: 'https://example.com/a', properties: { b: { $ref: '#/definitions/b' } } },
        },
      },
      [
        [
          'embedded-resource',
          '/properties/a',
          '/properties/a: https://example.com/a: a subschema with its own $id changes what local refs mean; not supported',
        ],
      ],
    ],
    [
      'a node walked twice (in the root and as a target) is reported once',
      { type: 'object', properties: { self: { $ref: '#' }, a: { $ref: '#/definitions/missing' } } },
      [
        [
          'unresolvable-ref',
          '/properties/a',
          '/properties/a: #/definitions/missing: the $ref does not point at a schema in this document',
        ],
      ],
    ],
    [
      'several at once, inside hoisted targets too',
      {
        type: 'object',
        properties: { a: { $ref: '#/definitions/a' }, b: { $ref: '#/definitions/nope' } },
        definitions: { a: { type: 'object', properties: { c: { $ref: '#/definitions/gone' } } } },
      },
      [
        [
          'unresolvable-ref',
          '/properties/b',
          '/properties/b: #/definitions/nope: the $ref does not point at a schema in this document',
        ],
        [
          'unresolvable-ref',
          '/definitions/a/properties/c',
          '/definitions/a/properties/c: #/definitions/gone: the $ref does not point at a schema in this document',
        ],
      ],
    ],
  ] as const)('%s', (_label, given, want) => {
    const result = safeHoistLocalRefs(given);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(
      result.problems.map((problem) => [problem.code, problem.pointer, problem.message]),
    ).toEqual(want);
    expect(() => hoistLocalRefs(given)).toThrow(SchemaProblemsError);
    expect(() => hoistLocalRefs(given)).toThrow(
      `schema has ${want.length} problem(s):\n  ${want[0]![2]}`,
    );
  });
});

describe('hoistLocalRefs: properties over generated schemas', () => {
  /** A set of named definitions, each an object whose properties refer to other definitions by name. */
  const definitionGraph = fc
    .uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 })
    .chain((names) =>
      fc.record({
        names: fc.constant(names),
        links: fc.array(fc.array(fc.nat({ max: names.length - 1 }), { maxLength: 3 }), {
          minLength: names.length,
          maxLength: names.length,
        }),
        style: fc.constantFrom('definitions', '$defs'),
        rootLinks: fc.array(fc.nat({ max: names.length - 1 }), { minLength: 1, maxLength: 3 }),
      }),
    );

  function ref(style: string, name: string): string {
    return `#/${style}/${encodeURIComponent(name.replaceAll('~', '~0').replaceAll('/', '~1'))}`;
  }

  function build({
    names,
    links,
    style,
    rootLinks,
  }: {
    names: string[];
    links: number[][];
    style: string;
    rootLinks: number[];
  }): JsonSchema {
    const definitions = Object.fromEntries(
      names.map((name, index) => [
        name,
        {
          type: 'object',
          properties: Object.fromEntries(
            links[index]!.map((target, slot) => [`p${slot}`, { $ref: ref(style, names[target]!) }]),
          ),
        },
      ]),
    );
    return {
      type: 'object',
      properties: Object.fromEntries(
        rootLinks.map((target, slot) => [`r${slot}`, { $ref: ref(style, names[target]!) }]),
      ),
      [style]: definitions,
    };
  }

  function allRefs(node: unknown, found: string[] = []): string[] {
    if (Array.isArray(node)) node.forEach((item) => allRefs(item, found));
    else if (typeof node === 'object' && node !== null) {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') found.push(value);
        else allRefs(value, found);
      }
    }
    return found;
  }

  test('every ref names a root $defs entry by a plain name, and hoisting is deterministic and idempotent', () => {
    fc.assert(
      fc.property(definitionGraph, (graph) => {
        const given = build(graph);
        const hoisted = hoistLocalRefs(given);
        const defs = hoisted['$defs'] as Record<string, unknown>;
        for (const target of allRefs(hoisted)) {
          expect(target).toMatch(/^#\/\$defs\/[A-Za-z0-9_.-]+$/);
          expect(Object.hasOwn(defs, target.slice('#/$defs/'.length))).toBe(true);
        }
        expect(JSON.stringify(hoisted)).not.toContain('"definitions"');
        expect(hoistLocalRefs(structuredClone(given))).toEqual(hoisted);
        const again = hoistLocalRefs(hoisted);
        expect(again === hoisted || JSON.stringify(again) === JSON.stringify(hoisted)).toBe(true);
      }),
    );
  });

  test('the hoisted schema accepts and rejects what the given one does', () => {
    // Values shaped like the generated schemas (objects keyed r*/p*, nested), so both outcomes occur.
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof(
        { maxDepth: 3, depthSize: 'small' },
        fc.integer(),
        fc.string({ maxLength: 2 }),
        fc.dictionary(fc.constantFrom('r0', 'r1', 'p0', 'p1', 'p2'), tie('value'), { maxKeys: 3 }),
      ),
    }));
    const outcomes = new Set<boolean>();
    fc.assert(
      fc.property(
        definitionGraph,
        fc.array(value, { minLength: 1, maxLength: 8 }),
        (graph, values) => {
          const ajv = new Ajv2020({ strict: false });
          const given = build(graph);
          const original = ajv.compile(given);
          const hoisted = ajv.compile(hoistLocalRefs(given));
          for (const candidate of values) {
            outcomes.add(original(candidate));
            expect(hoisted(candidate)).toBe(original(candidate));
          }
        },
      ),
      { numRuns: 60 },
    );
    expect([...outcomes].sort()).toEqual([false, true]);
  });
});

describe('hoistLocalRefs: every keyword that holds a schema is followed', () => {
  test('refs inside contentSchema and a dependencies schema are rewritten too', () => {
    expect(
      hoistLocalRefs({
        type: 'object',
        properties: { a: { type: 'string', contentSchema: { $ref: '#/definitions/x' } } },
        dependencies: { a: { $ref: '#/definitions/y' }, b: ['a'] },
        definitions: { x: { type: 'number' }, y: { required: ['b'] } },
      }),
    ).toEqual({
      type: 'object',
      properties: { a: { type: 'string', contentSchema: { $ref: '#/$defs/x' } } },
      dependencies: { a: { $ref: '#/$defs/y' }, b: ['a'] },
      $defs: { x: { type: 'number' }, y: { required: ['b'] } },
    });
  });
});
