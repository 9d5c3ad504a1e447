import { describe, expect, it } from 'vitest';
import { impliedType, normalizeJsonSchema } from '../../../generator/emit/normalize-json-schema.js';
import { DRAFT_2020_12 } from '../../../runtime/core/json-schema/draft-2020-12.js';

const $schema = DRAFT_2020_12;

describe('normalizeJsonSchema: each rule of SPEC §4 as given/want', () => {
  it.each([
    {
      rule: 'drops $schema, $id, $ref, $defs and definitions at the root',
      given: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        $id: 'urn:x',
        $ref: '#/definitions/a',
        $defs: { a: { type: 'string' } },
        definitions: { a: { type: 'string' } },
        type: 'string',
      },
      want: { $schema, type: 'string' },
    },
    {
      rule: 'drops the same keywords in nested schemas',
      given: {
        type: 'object',
        properties: { a: { $id: 'urn:a', $ref: '#/x', type: 'string', $schema: 'x' } },
        items: { definitions: {}, type: 'number' },
      },
      want: {
        $schema,
        type: 'object',
        properties: { a: { type: 'string' } },
        items: { type: 'number' },
      },
    },
    {
      rule: 'keeps a property that is merely named like a dropped keyword',
      given: {
        type: 'object',
        properties: { $ref: { type: 'string' }, definitions: { type: 'boolean' } },
        required: ['$ref'],
      },
      want: {
        $schema,
        type: 'object',
        properties: { $ref: { type: 'string' }, definitions: { type: 'boolean' } },
        required: ['$ref'],
      },
    },
    {
      rule: 'renames anyOf to oneOf when there is no oneOf',
      given: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'd' },
      want: { $schema, oneOf: [{ type: 'string' }, { type: 'null' }], description: 'd' },
    },
    {
      rule: 'renames nested anyOf (inside properties, items and other branches)',
      given: {
        type: 'object',
        properties: {
          a: {
            type: 'array',
            items: {
              anyOf: [{ type: 'string' }, { anyOf: [{ type: 'number' }, { type: 'null' }] }],
            },
          },
        },
      },
      want: {
        $schema,
        type: 'object',
        properties: {
          a: {
            type: 'array',
            items: {
              oneOf: [{ type: 'string' }, { oneOf: [{ type: 'number' }, { type: 'null' }] }],
            },
          },
        },
      },
    },
    {
      rule: 'keeps anyOf when the node already has oneOf',
      given: { oneOf: [{ type: 'string' }], anyOf: [{ type: 'number' }] },
      want: { $schema, oneOf: [{ type: 'string' }], anyOf: [{ type: 'number' }] },
    },
    {
      rule: 'a node with properties and no type becomes an object',
      given: { properties: { a: { type: 'string' } } },
      want: { $schema, type: 'object', properties: { a: { type: 'string' } } },
    },
    {
      rule: 'a node with items and no type becomes an array',
      given: { items: { type: 'string' } },
      want: { $schema, type: 'array', items: { type: 'string' } },
    },
    {
      rule: 'string enum values imply string',
      given: { type: 'object', properties: { mode: { enum: ['a', 'b'] } } },
      want: { $schema, type: 'object', properties: { mode: { type: 'string', enum: ['a', 'b'] } } },
    },
    {
      rule: 'whole-number enum values imply integer',
      given: { enum: [1, 2] },
      want: { $schema, type: 'integer', enum: [1, 2] },
    },
    {
      rule: 'an enum with a fraction implies number',
      given: { enum: [1, 2.5] },
      want: { $schema, type: 'number', enum: [1, 2.5] },
    },
    {
      rule: 'boolean enum values imply boolean',
      given: { enum: [true] },
      want: { $schema, type: 'boolean', enum: [true] },
    },
    {
      rule: 'mixed enum values imply a type list in order of first appearance',
      given: { enum: ['a', 1, true, null, 'b'] },
      want: {
        $schema,
        type: ['string', 'integer', 'boolean', 'null'],
        enum: ['a', 1, true, null, 'b'],
      },
    },
    {
      rule: 'a const value implies its type',
      given: { const: 'x' },
      want: { $schema, type: 'string', const: 'x' },
    },
    {
      rule: 'a node whose keywords imply nothing stays without type',
      given: { description: 'anything' },
      want: { $schema, description: 'anything' },
    },
    {
      rule: 'an existing type is never replaced',
      given: { type: ['string', 'null'], enum: ['a', null] },
      want: { $schema, type: ['string', 'null'], enum: ['a', null] },
    },
    {
      rule: 'values are data: a default or const holding schema-like keys is left alone',
      given: { type: 'object', default: { anyOf: [], $ref: 'x', properties: {} }, properties: {} },
      want: {
        $schema,
        type: 'object',
        default: { anyOf: [], $ref: 'x', properties: {} },
        properties: {},
      },
    },
    {
      rule: 'sets $schema to draft 2020-12 as the first key',
      given: { type: 'string', $schema: 'http://json-schema.org/draft-07/schema#' },
      want: { $schema, type: 'string' },
    },
  ])('$rule', ({ given, want }) => {
    const result = normalizeJsonSchema(structuredClone(given));
    expect(result).toEqual(want);
    expect(Object.keys(result)[0]).toBe('$schema');
  });

  it('leaves its argument unchanged', () => {
    const given = { $id: 'x', anyOf: [{ enum: ['a'] }] };
    const copy = structuredClone(given);
    normalizeJsonSchema(given);
    expect(given).toEqual(copy);
  });

  it('keeps a property named __proto__ as an own property', () => {
    const given = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"enum":["x"]}}}',
    ) as Record<string, unknown>;
    const result = normalizeJsonSchema(given);
    expect(JSON.stringify(result)).toBe(
      `{"$schema":"${DRAFT_2020_12}","type":"object","properties":{"__proto__":{"type":"string","enum":["x"]}}}`,
    );
  });
});

describe('impliedType', () => {
  it.each([
    [{ properties: {} }, 'object'],
    [{ items: {} }, 'array'],
    [{ enum: ['a'] }, 'string'],
    [{ enum: [0, -3] }, 'integer'],
    [{ enum: [0.5] }, 'number'],
    [{ enum: [null] }, 'null'],
    [{ enum: [[1], { a: 1 }] }, ['array', 'object']],
    [{ const: false }, 'boolean'],
    [{ enum: [] }, undefined],
    [{ description: 'x' }, undefined],
  ])('%j → %j', (node, want) => {
    expect(impliedType(node)).toEqual(want);
  });
});
