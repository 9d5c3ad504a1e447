import { describe, expect, test } from 'vitest';
import type { JsonSchema } from '../../../../runtime/core/contract.js';
import {
  declaredJsonType,
  jsonSchemaNodeAt,
  type InstancePath,
} from '../../../../runtime/core/json-schema/json-schema-node-at.js';

const path = { type: 'string', pattern: '^/' };
const schema: JsonSchema = {
  type: 'object',
  properties: {
    path,
    edits: { type: 'array', items: { type: 'object', properties: { old: { type: 'string' } } } },
    pair: { type: 'array', prefixItems: [{ type: 'number' }], items: { type: 'boolean' } },
    either: {
      oneOf: [
        { type: 'object', properties: { a: { type: 'integer' } } },
        { type: 'object', properties: { b: { type: 'null' } } },
      ],
    },
    both: {
      anyOf: [
        { type: 'object', properties: { a: { type: 'integer' } } },
        { type: 'object', properties: { a: { type: 'string' } } },
      ],
    },
    open: { type: 'object', additionalProperties: { type: 'number' } },
  },
};

describe('jsonSchemaNodeAt', () => {
  test.each<[InstancePath, unknown]>([
    [[], schema],
    [['path'], path],
    [['edits', 3, 'old'], { type: 'string' }],
    [['pair', 0], { type: 'number' }],
    [['pair', 1], { type: 'boolean' }],
    [['either', 'a'], { type: 'integer' }],
    [['either', 'b'], { type: 'null' }],
    [['both', 'a'], undefined],
    [['open', 'anything'], { type: 'number' }],
    [['missing'], undefined],
    [['path', 'deeper'], undefined],
  ])('%j → %j', (at, want) => {
    expect(jsonSchemaNodeAt(schema, at)).toEqual(want);
  });
});

describe('declaredJsonType', () => {
  test.each<[JsonSchema | undefined, string | undefined]>([
    [{ type: 'string' }, 'string'],
    [{ type: ['string', 'null'] }, 'string | null'],
    [{ type: ['string', 3] }, undefined],
    [{}, undefined],
    [undefined, undefined],
  ])('%j → %j', (node, want) => {
    expect(declaredJsonType(node)).toBe(want);
  });
});
