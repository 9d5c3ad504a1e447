import { describe, expect, test } from 'vitest';
import { mapSubschemas } from '../../../../runtime/core/json-schema/map-subschemas.js';

const tag = (schema: unknown, tokens: readonly string[]) => ({ at: tokens.join('/'), was: schema });

describe('mapSubschemas', () => {
  test('replaces each direct subschema and keeps every other keyword in its place', () => {
    const given = {
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
      items: [true],
      default: { properties: { a: 1 } },
      not: 4,
    };
    expect(mapSubschemas(given, tag)).toEqual({
      type: 'object',
      properties: { a: { at: 'properties/a', was: { type: 'string' } } },
      required: ['a'],
      items: [{ at: 'items/0', was: true }],
      default: { properties: { a: 1 } },
      not: 4,
    });
    expect(Object.keys(mapSubschemas(given, tag))).toEqual(Object.keys(given));
  });

  test('a dependencies list of names is kept, a dependencies schema is mapped', () => {
    expect(mapSubschemas({ dependencies: { a: ['b'], c: {} } }, tag)).toEqual({
      dependencies: { a: ['b'], c: { at: 'dependencies/c', was: {} } },
    });
  });

  test('a property called __proto__ stays an own property and the input is not changed', () => {
    const given = JSON.parse('{"properties":{"__proto__":{"type":"string"}}}');
    const before = structuredClone(given);
    const mapped = mapSubschemas(given, (schema) => schema);
    const properties = mapped['properties'] as object;
    expect(Object.keys(properties)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(given).toEqual(before);
    expect(mapped).not.toBe(given);
  });
});
