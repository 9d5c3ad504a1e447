import { describe, expect, test } from 'vitest';
import { acceptsNull, makeNullable } from '../../../../runtime/core/json-schema/nullable-schema.js';
import type { JsonObject } from '../../../../runtime/core/support/is-json-object.js';

describe('makeNullable', () => {
  test.each<[string, unknown, unknown]>([
    ['a type gains null', { type: 'string' }, { type: ['string', 'null'] }],
    [
      'a type list gains null',
      { type: ['string', 'integer'] },
      { type: ['string', 'integer', 'null'] },
    ],
    [
      'an enum gains null twice over',
      { type: 'string', enum: ['a'] },
      { type: ['string', 'null'], enum: ['a', null] },
    ],
    [
      'a union gains a null branch',
      { anyOf: [{ type: 'string' }] },
      { anyOf: [{ type: 'string' }, { type: 'null' }] },
    ],
    ['a const is wrapped', { const: 'x' }, { anyOf: [{ const: 'x' }, { type: 'null' }] }],
    [
      'a $ref is wrapped',
      { $ref: '#/$defs/a' },
      { anyOf: [{ $ref: '#/$defs/a' }, { type: 'null' }] },
    ],
    [
      'an untyped schema is wrapped',
      { description: 'd' },
      { anyOf: [{ description: 'd' }, { type: 'null' }] },
    ],
    [
      'an already nullable schema is unchanged',
      { type: ['null', 'string'] },
      { type: ['null', 'string'] },
    ],
    ['a boolean schema is unchanged', true, true],
  ])('%s', (_name, given, want) => {
    expect(makeNullable(given)).toEqual(want);
  });

  test('returns the same object when it already accepts null', () => {
    const schema = { anyOf: [{ type: 'null' }] };
    expect(makeNullable(schema)).toBe(schema);
  });
});

describe('acceptsNull', () => {
  test.each<[JsonObject, boolean]>([
    [{ type: 'null' }, true],
    [{ type: ['string', 'null'] }, true],
    [{ type: 'string' }, false],
    [{ const: null }, true],
    [{ const: 'null' }, false],
    [{ enum: ['a', null] }, true],
    [{ enum: ['a'], type: ['string', 'null'] }, false],
    [{ anyOf: [{ type: 'string' }, { type: 'null' }] }, true],
    [{ oneOf: [{ type: 'string' }] }, false],
    [{ $ref: '#/$defs/maybe' }, false],
    [{}, false],
  ])('%j → %s', (schema, want) => {
    expect(acceptsNull(schema)).toBe(want);
  });
});
