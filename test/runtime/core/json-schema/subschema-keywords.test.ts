import { describe, expect, test } from 'vitest';
import {
  DEFINITION_KEYWORDS,
  SUBSCHEMA_KEYWORDS,
  isSchema,
  subschemaKind,
} from '../../../../runtime/core/json-schema/subschema-keywords.js';

describe('subschemaKind', () => {
  test.each([
    ['additionalProperties', 'schema'],
    ['additionalItems', 'schema'],
    ['unevaluatedProperties', 'schema'],
    ['unevaluatedItems', 'schema'],
    ['propertyNames', 'schema'],
    ['contains', 'schema'],
    ['contentSchema', 'schema'],
    ['not', 'schema'],
    ['if', 'schema'],
    ['then', 'schema'],
    ['else', 'schema'],
    ['allOf', 'schema-list'],
    ['anyOf', 'schema-list'],
    ['oneOf', 'schema-list'],
    ['prefixItems', 'schema-list'],
    ['properties', 'schema-map'],
    ['patternProperties', 'schema-map'],
    ['dependentSchemas', 'schema-map'],
    ['dependencies', 'schema-map'],
    ['$defs', 'schema-map'],
    ['definitions', 'schema-map'],
    ['items', 'schema-or-list'],
  ])('%s holds %s', (keyword, kind) => {
    expect(subschemaKind(keyword)).toBe(kind);
  });

  test('the table has exactly the keywords above', () => {
    expect(SUBSCHEMA_KEYWORDS.size).toBe(22);
  });

  test.each([
    'default',
    'const',
    'enum',
    'examples',
    'required',
    'type',
    '$ref',
    'description',
    '__proto__',
    'constructor',
    'toString',
  ])('%s holds values, not schemas', (keyword) => {
    expect(subschemaKind(keyword)).toBeUndefined();
  });

  test('definition containers are $defs and definitions', () => {
    expect([...DEFINITION_KEYWORDS]).toEqual(['$defs', 'definitions']);
  });
});

describe('isSchema', () => {
  test.each<[unknown, boolean]>([
    [{}, true],
    [{ type: 'string' }, true],
    [true, true],
    [false, true],
    [null, false],
    [[], false],
    [[{}], false],
    ['string', false],
    [0, false],
    [undefined, false],
  ])('%j → %s', (value, want) => {
    expect(isSchema(value)).toBe(want);
  });
});
