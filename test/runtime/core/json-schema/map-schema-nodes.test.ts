import { describe, expect, test } from 'vitest';
import { mapSchemaNodes } from '../../../../runtime/core/json-schema/map-schema-nodes.js';

describe('mapSchemaNodes', () => {
  test('visits children before parents, with the pointer of each node', () => {
    const seen: string[] = [];
    mapSchemaNodes(
      {
        properties: { 'a/b': { items: { type: 'string' } }, 'c~d': {} },
        anyOf: [{}, true],
        enum: [{ properties: { x: {} } }],
      },
      (node, pointer) => {
        seen.push(pointer);
        return node;
      },
    );
    expect(seen).toEqual([
      '/properties/a~1b/items',
      '/properties/a~1b',
      '/properties/c~0d',
      '/anyOf/0',
      '',
    ]);
  });

  test('the visitor sees mapped children and its result takes the node’s place', () => {
    const result = mapSchemaNodes(
      { type: 'object', properties: { a: { type: 'string' } } },
      (node) => ({ ...node, seen: Object.keys(node).join(',') }),
    );
    expect(result).toEqual({
      type: 'object',
      properties: { a: { type: 'string', seen: 'type' } },
      seen: 'type,properties',
    });
  });

  test.each([true, false, null, 'x', 3, [{}]])('%j is passed through untouched', (given) => {
    expect(mapSchemaNodes(given, () => ({ replaced: true }))).toBe(given);
  });
});
