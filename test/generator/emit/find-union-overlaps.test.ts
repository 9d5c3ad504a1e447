import { describe, expect, it } from 'vitest';
import { compileSchema } from '../../../generator/emit/compile-schema.js';
import { findUnionOverlaps, mayOverlap } from '../../../generator/emit/find-union-overlaps.js';
import type { SchemaNode } from '../../../generator/manifest/manifest-schema.js';

const object = (properties: Record<string, unknown>, required: string[], closed = true) => ({
  type: 'object',
  properties,
  required,
  ...(closed ? { additionalProperties: false } : {}),
});

describe('mayOverlap: branches one value can satisfy are reported', () => {
  it.each([
    { name: 'two plain strings', left: { type: 'string' }, right: { type: 'string' } },
    {
      name: 'string lengths that meet',
      left: { type: 'string', minLength: 1 },
      right: { type: 'string', maxLength: 5 },
    },
    {
      name: 'two patterns (undecidable, so reported)',
      left: { type: 'string', pattern: '^a' },
      right: { type: 'string', pattern: '^b' },
    },
    {
      name: 'two formats (reported)',
      left: { type: 'string', format: 'uuid' },
      right: { type: 'string', format: 'email' },
    },
    { name: 'number and integer', left: { type: 'number' }, right: { type: 'integer' } },
    {
      name: 'integer ranges that share 5',
      left: { type: 'integer', maximum: 5 },
      right: { type: 'integer', minimum: 5 },
    },
    {
      name: 'enums sharing a value',
      left: { type: 'string', enum: ['a', 'b'] },
      right: { type: 'string', enum: ['b', 'c'] },
    },
    { name: 'equal consts', left: { const: 1 }, right: { const: 1 } },
    {
      name: 'a const the other type accepts',
      left: { type: 'string', const: 'x' },
      right: { type: 'string' },
    },
    {
      name: 'a branch with no type',
      left: { description: 'anything' },
      right: { type: 'boolean' },
    },
    {
      name: 'both nullable',
      left: { type: ['string', 'null'] },
      right: { type: ['number', 'null'] },
    },
    {
      name: 'null and a nullable branch',
      left: { type: 'null' },
      right: { anyOf: [{ type: 'object', properties: {} }, { type: 'null' }] },
    },
    {
      name: "objects where an open one accepts the other's required property",
      left: object({ kind: { const: 'file' }, path: { type: 'string' } }, ['kind', 'path']),
      right: object({ path: { type: 'string' } }, ['path'], false),
    },
    {
      name: 'objects whose required properties the other only makes optional',
      left: object({ path: { type: 'string' } }, ['path']),
      right: object({ path: { type: 'string' }, recursive: { type: 'boolean' } }, []),
    },
    {
      name: 'objects discriminated by a property neither requires',
      left: object({ kind: { const: 'a' } }, []),
      right: object({ kind: { const: 'b' } }, []),
    },
    {
      name: 'arrays (the empty array fits both)',
      left: { type: 'array', items: { type: 'string' } },
      right: { type: 'array', items: { type: 'number' } },
    },
    {
      name: 'a nested union with one overlapping branch',
      left: { anyOf: [{ type: 'number' }, { type: 'string' }] },
      right: { type: 'string' },
    },
  ])('$name', ({ left, right }) => {
    expect(mayOverlap(left, right)).toBe(true);
    expect(mayOverlap(right, left)).toBe(true);
  });
});

describe('mayOverlap: provably disjoint branches are accepted', () => {
  it.each([
    {
      name: 'distinct consts',
      left: { type: 'string', const: 'a' },
      right: { type: 'string', const: 'b' },
    },
    { name: 'different types', left: { type: 'string' }, right: { type: 'number' } },
    { name: 'boolean and null', left: { type: 'boolean' }, right: { type: 'null' } },
    { name: 'enums without a shared value', left: { enum: ['a', 'b'] }, right: { enum: ['c', 1] } },
    {
      name: 'string lengths that do not meet',
      left: { type: 'string', maxLength: 3 },
      right: { type: 'string', minLength: 4 },
    },
    {
      name: 'integer ranges that do not meet',
      left: { type: 'integer', maximum: 5 },
      right: { type: 'integer', minimum: 6 },
    },
    {
      name: 'exclusive bounds at the same point',
      left: { type: 'number', exclusiveMaximum: 5 },
      right: { type: 'number', minimum: 5 },
    },
    {
      name: 'integers strictly between 1 and 2 do not exist',
      left: { type: 'integer', exclusiveMinimum: 1, exclusiveMaximum: 2 },
      right: { type: 'integer' },
    },
    {
      name: 'a const refused by the other pattern',
      left: { const: 'abc' },
      right: { type: 'string', pattern: '^x' },
    },
    {
      name: 'a const outside the other range',
      left: { const: 10 },
      right: { type: 'integer', maximum: 9 },
    },
    {
      name: 'objects discriminated by a required const property',
      left: object({ type: { type: 'string', const: 'text' }, content: { type: 'string' } }, [
        'type',
        'content',
      ]),
      right: object({ type: { type: 'string', const: 'image' }, base64: { type: 'string' } }, [
        'type',
        'base64',
      ]),
    },
    {
      name: 'a required property the other, closed object does not allow',
      left: object({ path: { type: 'string' } }, ['path']),
      right: object({ url: { type: 'string' } }, ['url']),
    },
    {
      name: 'arrays that each need an item of disjoint type',
      left: { type: 'array', items: { type: 'string' }, minItems: 1 },
      right: { type: 'array', items: { type: 'number' }, minItems: 1 },
    },
    {
      name: 'array lengths that do not meet',
      left: { type: 'array', maxItems: 1 },
      right: { type: 'array', minItems: 2 },
    },
    {
      name: 'a nested union whose branches are all disjoint',
      left: { anyOf: [{ type: 'number' }, { type: 'boolean' }] },
      right: { type: 'string' },
    },
    { name: 'the false schema', left: false, right: { type: 'string' } },
  ])('$name', ({ left, right }) => {
    expect(mayOverlap(left, right)).toBe(false);
    expect(mayOverlap(right, left)).toBe(false);
  });
});

describe('findUnionOverlaps', () => {
  it('names the node, both branch indices and summaries, for every overlapping pair', () => {
    const schema = {
      type: 'object',
      properties: {
        target: {
          anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'string', format: 'uri' }],
        },
        ok: { anyOf: [{ const: 'a' }, { const: 'b' }] },
      },
    };
    expect(findUnionOverlaps(schema)).toEqual([
      {
        pointer: '/properties/target',
        branches: [0, 2],
        summaries: ['string', 'string (format "uri")'],
      },
    ]);
  });

  it('ignores a node that already uses oneOf (it is not renamed)', () => {
    expect(
      findUnionOverlaps({
        oneOf: [{ type: 'string' }],
        anyOf: [{ type: 'string' }, { type: 'string' }],
      }),
    ).toEqual([]);
  });
});

describe('compileSchema reports overlaps at the manifest field', () => {
  const union = (anyOf: SchemaNode[], extra: Partial<SchemaNode> = {}): SchemaNode =>
    ({ type: 'union', anyOf, ...extra }) as SchemaNode;
  const closed = (properties: Record<string, SchemaNode>, required: string[]): SchemaNode => ({
    type: 'object',
    properties,
    required,
    additionalProperties: false,
  });

  it('an overlapping union inside an object property', () => {
    const node = closed({ when: union([{ type: 'string' }, { type: 'string', format: 'date' }]) }, [
      'when',
    ]);
    expect(compileSchema(node).problems).toEqual([
      {
        code: 'union_overlap',
        path: ['properties', 'when', 'anyOf', 1],
        message:
          'union branches 0 (string) and 1 (string (format "date")) can accept the same value; the model-facing ' +
          'schema uses oneOf, which rejects a value matching two branches. If a value may match several ' +
          'branches (as JSON Schema anyOf allows), set `exclusive: false` on the union (sent as anyOf); ' +
          'otherwise make the branches disjoint (distinct types, const or enum values, or bounds that do not meet)',
      },
    ]);
  });

  it('a nullable union whose branches overlap, inside array items', () => {
    const node: SchemaNode = {
      type: 'array',
      items: union(
        [
          closed({ kind: { type: 'const', value: 'a' } }, ['kind']),
          closed({ kind: { type: 'string' } }, ['kind']),
        ],
        { nullable: true },
      ),
    };
    expect(compileSchema(node).problems.map((problem) => problem.path)).toEqual([
      ['items', 'anyOf', 1],
    ]);
  });

  it('a union with a null branch that is also nullable', () => {
    const node = union([{ type: 'const', value: null }, closed({}, [])], { nullable: true });
    expect(
      compileSchema(node).problems.map((problem) => [problem.path, problem.message.slice(0, 94)]),
    ).toEqual([
      [
        [],
        'union branches 0 (union of null | object) and 1 (null, added by nullable: true) can accept the',
      ],
    ]);
  });

  it('accepts object branches discriminated by a const property', () => {
    const node = union([
      closed({ type: { type: 'const', value: 'text' }, text: { type: 'string' } }, [
        'type',
        'text',
      ]),
      closed({ type: { type: 'const', value: 'image' }, data: { type: 'string' } }, [
        'type',
        'data',
      ]),
    ]);
    const compiled = compileSchema(node);
    expect(compiled.problems).toEqual([]);
    expect(Object.keys(compiled.jsonSchema)).toContain('oneOf');
  });
});
