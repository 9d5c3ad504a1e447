import { describe, expect, test } from 'vitest';
import { validationText } from '../../../../runtime/core/json-schema/validation-text.js';

describe('validationText', () => {
  test.each([
    [
      'annotations are dropped at every schema level',
      {
        type: 'object',
        description: 'a',
        properties: { x: { type: 'string', title: 't', examples: ['e'] } },
      },
      '{"type":"object","properties":{"x":{"type":"string"}}}',
    ],
    [
      'a property named description is schema, not annotation',
      { properties: { description: { type: 'string', description: 'x' } } },
      '{"properties":{"description":{"type":"string"}}}',
    ],
    [
      'values of default, const and enum are kept as they are',
      { default: { description: 'kept' }, const: { title: 1 }, enum: [{ description: 2 }] },
      '{"default":{"description":"kept"},"const":{"title":1},"enum":[{"description":2}]}',
    ],
    [
      'union branches',
      { oneOf: [{ type: 'null', description: 'n' }] },
      '{"oneOf":[{"type":"null"}]}',
    ],
  ])('%s', (_case, schema, want) => {
    expect(validationText(schema)).toBe(want);
  });
});
