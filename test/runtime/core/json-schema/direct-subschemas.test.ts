import { describe, expect, test } from 'vitest';
import { directSubschemas } from '../../../../runtime/core/json-schema/direct-subschemas.js';
import type { JsonObject } from '../../../../runtime/core/support/is-json-object.js';

describe('directSubschemas', () => {
  test.each<{ name: string; given: JsonObject; want: [string[], unknown][] }>([
    {
      name: 'an object schema: each property, then additionalProperties',
      given: {
        type: 'object',
        properties: { a: { type: 'string' }, b: true },
        additionalProperties: false,
      },
      want: [
        [['properties', 'a'], { type: 'string' }],
        [['properties', 'b'], true],
        [['additionalProperties'], false],
      ],
    },
    {
      name: 'items as one schema (2020-12)',
      given: { type: 'array', items: { type: 'number' } },
      want: [[['items'], { type: 'number' }]],
    },
    {
      name: 'items as a tuple (draft-07), with additionalItems',
      given: { items: [{ type: 'number' }, { type: 'string' }], additionalItems: false },
      want: [
        [['items', '0'], { type: 'number' }],
        [['items', '1'], { type: 'string' }],
        [['additionalItems'], false],
      ],
    },
    {
      name: 'unions and definitions',
      given: { anyOf: [{ $ref: '#/$defs/x' }], $defs: { x: { type: 'null' } } },
      want: [
        [['anyOf', '0'], { $ref: '#/$defs/x' }],
        [['$defs', 'x'], { type: 'null' }],
      ],
    },
    {
      name: 'dependencies: a schema entry is a subschema, a list of names is not',
      given: { dependencies: { a: ['b'], c: { required: ['d'] } } },
      want: [[['dependencies', 'c'], { required: ['d'] }]],
    },
    {
      name: 'values are data: default, const, enum and examples are not walked',
      given: {
        default: { properties: { x: {} } },
        const: { not: {} },
        enum: [{ anyOf: [{}] }],
        examples: [{ items: {} }],
      },
      want: [],
    },
    {
      name: 'a property named like a keyword is a property',
      given: { properties: { $ref: { type: 'string' }, properties: { type: 'object' } } },
      want: [
        [['properties', '$ref'], { type: 'string' }],
        [['properties', 'properties'], { type: 'object' }],
      ],
    },
    {
      name: 'values that cannot be schemas are skipped',
      given: { not: 3, anyOf: [null, 'x', {}], properties: [{}], allOf: {} },
      want: [[['anyOf', '2'], {}]],
    },
  ])('$name', ({ given, want }) => {
    expect(directSubschemas(given).map(({ tokens, schema }) => [tokens, schema])).toEqual(want);
  });
});
