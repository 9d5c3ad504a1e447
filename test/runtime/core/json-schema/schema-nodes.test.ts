import { describe, expect, test } from 'vitest';
import { schemaNodes } from '../../../../runtime/core/json-schema/schema-nodes.js';

describe('schemaNodes', () => {
  test('every schema object with its pointer, parents first, in key order', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'array', items: { type: 'string' } }, '~b': { not: {} } },
      default: { properties: { ignored: {} } },
      oneOf: [true, { const: 1 }],
    };
    expect([...schemaNodes(schema)].map(([, pointer]) => pointer)).toEqual([
      '',
      '/properties/a',
      '/properties/a/items',
      '/properties/~0b',
      '/properties/~0b/not',
      '/oneOf/1',
    ]);
  });

  test('yields the nodes themselves, not copies', () => {
    const child = { type: 'string' };
    const nodes = [...schemaNodes({ properties: { child } })];
    expect(nodes[1]![0]).toBe(child);
  });

  test.each([true, null, [], 'x'])('%j has no schema objects', (given) => {
    expect([...schemaNodes(given)]).toEqual([]);
  });
});
