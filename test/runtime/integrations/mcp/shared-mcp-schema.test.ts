import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isFrozenData } from '../../../../runtime/core/frozen-data.js';
import { normalizeMcpInputSchema } from '../../../../runtime/integrations/mcp/normalize-mcp-input-schema.js';
import {
  MAX_SHARED_SCHEMA_CHARS,
  sharedMcpSchema,
} from '../../../../runtime/integrations/mcp/shared-mcp-schema.js';

/**
 * A fresh copy each time, so that sharing can only come from equal JSON; `common` when the fused
 * walk of `normalize-common-mcp-schema.ts` takes it (normalised each time, not looked up).
 */
const schemas = {
  'a plain object schema (common)': () => ({
    type: 'object',
    properties: { q: { type: 'string' } },
    required: ['q'],
  }),
  'draft-07 with a $ref (common)': () => ({
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { f: { $ref: '#/definitions/F' } },
    definitions: { F: { type: 'object', properties: { v: { type: ['string', 'null'] } } } },
  }),
  'a root that is not an object (falls back, with a warning)': () => ({ type: 'string' }),
  'a bad pattern and an unknown format (noted, with a warning; common)': () => ({
    type: 'object',
    properties: { p: { type: 'string', pattern: '(?<=x)y', format: 'no-such-format' } },
  }),
  'not valid draft 2020-12 (falls back, with a warning)': () => ({
    type: 'object',
    properties: { n: { type: 'integer', minimum: 'one' } },
  }),
  'a string, not a schema': () => 'object',
  null: () => null,
  'patternProperties (left to the full path)': () => ({
    type: 'object',
    patternProperties: { '^x-': { type: 'string' } },
  }),
};

/** What both paths have in common (the fused one also bounds the JSON's length). */
const normalized = ({ schema, warnings }: { schema: unknown; warnings: unknown }) => ({
  schema,
  warnings,
});

describe('sharedMcpSchema: by the fused walk, or once per identical schema', () => {
  test.each(Object.entries(schemas).map(([name, make]) => ({ name, make })))(
    '$name: the same result as normalizeMcpInputSchema, frozen, shared unless common',
    ({ name, make }) => {
      const first = sharedMcpSchema(make());
      expect(normalized(first)).toEqual(normalizeMcpInputSchema(make()));
      const second = sharedMcpSchema(make());
      if (name.includes('common')) {
        expect(second).not.toBe(first);
        expect(second).toEqual(first);
      } else {
        expect(second).toBe(first);
      }
      expect(isFrozenData(first.schema)).toBe(true);
      expect(Object.isFrozen(first.warnings)).toBe(true);
    },
  );

  test('the same keys in another order are another schema (their order is kept for the model)', () => {
    const ab = sharedMcpSchema({ type: 'object', properties: { a: {}, b: {} } });
    const ba = sharedMcpSchema({ type: 'object', properties: { b: {}, a: {} } });
    expect(ba).not.toBe(ab);
    expect(Object.keys(ba.schema['properties'] as object)).toEqual(['b', 'a']);
  });

  test('a value that is not JSON (a bigint) is normalised as it is, never thrown', () => {
    const raw = () => ({ type: 'object', properties: { n: { type: 'integer', maximum: 2n } } });
    expect(sharedMcpSchema(raw())).toEqual(normalizeMcpInputSchema(raw()));
  });

  test('a __proto__ property name survives as a property', () => {
    const raw = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}');
    const properties = sharedMcpSchema(raw).schema['properties'] as object;
    expect(Object.keys(properties)).toEqual(['__proto__']);
  });

  test('a schema longer than MAX_SHARED_SCHEMA_CHARS is normalised every time, not kept', () => {
    const raw = () => ({
      type: 'object',
      description: 'x'.repeat(MAX_SHARED_SCHEMA_CHARS),
    });
    const first = sharedMcpSchema(raw());
    const second = sharedMcpSchema(raw());
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
  });

  test('any JSON value: the same as normalising it directly', () => {
    const schemaLike = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 2 }),
        fc.record(
          {
            type: fc.constantFrom('object', 'string', 'integer', ['string', 'null'], 7),
            properties: fc.dictionary(fc.string({ maxLength: 4 }), tie('node'), { maxKeys: 3 }),
            items: fc.oneof(tie('node'), fc.array(tie('node'), { maxLength: 2 })),
            $ref: fc.constantFrom('#/$defs/A', '#/definitions/B', 'http://x/y', '#/nowhere'),
            $defs: fc.dictionary(fc.constantFrom('A', 'B'), tie('node'), { maxKeys: 2 }),
            pattern: fc.constantFrom('^a+$', '(?=x)', '['),
            format: fc.constantFrom('email', 'uri', 'nonsense'),
            nullable: fc.boolean(),
            exclusiveMinimum: fc.oneof(fc.boolean(), fc.integer()),
            minimum: fc.integer(),
          },
          { requiredKeys: [] },
        ),
      ),
    })).node;
    fc.assert(
      fc.property(schemaLike, (raw) => {
        const json = JSON.parse(JSON.stringify(raw)) as unknown;
        expect(normalized(sharedMcpSchema(raw))).toEqual(normalizeMcpInputSchema(json));
      }),
    );
  });
});
