import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { JsonSchema } from '../../../../runtime/core/contract.js';
import { restoreOptionalProperties } from '../../../../runtime/integrations/adapters/restore-optional-properties.js';
import { OPENAI_STRICT_DIALECT } from '../../../../runtime/integrations/adapters/strict-schema-dialects.js';
import { toStrictSchema } from '../../../../runtime/integrations/adapters/to-strict-schema.js';

const readSchema: JsonSchema = {
  type: 'object',
  properties: {
    file_path: { type: 'string' },
    offset: { type: 'integer' },
    note: { type: ['string', 'null'] },
    options: {
      type: 'object',
      properties: { raw: { type: 'boolean' }, encoding: { type: 'string' } },
      required: ['raw'],
      additionalProperties: false,
    },
    ranges: {
      type: 'array',
      items: {
        type: 'object',
        properties: { start: { type: 'integer' }, end: { type: 'integer' } },
        required: ['start'],
        additionalProperties: false,
      },
    },
  },
  required: ['file_path'],
  additionalProperties: false,
};

describe('restoreOptionalProperties: the nulls a strict model sends for "not given" are removed', () => {
  test.each<[string, unknown, JsonSchema, unknown]>([
    [
      'a top-level optional property',
      { file_path: 'a', offset: null },
      readSchema,
      { file_path: 'a' },
    ],
    [
      'a null the original accepts is kept',
      { file_path: 'a', note: null },
      readSchema,
      { file_path: 'a', note: null },
    ],
    [
      'a required property keeps its null (validation reports it)',
      { file_path: null },
      readSchema,
      { file_path: null },
    ],
    [
      'nested objects and array items',
      {
        file_path: 'a',
        options: { raw: true, encoding: null },
        ranges: [
          { start: 1, end: null },
          { start: 2, end: 5 },
        ],
      },
      readSchema,
      { file_path: 'a', options: { raw: true }, ranges: [{ start: 1 }, { start: 2, end: 5 }] },
    ],
    [
      'a whole optional object',
      { file_path: 'a', options: null, ranges: null },
      readSchema,
      { file_path: 'a' },
    ],
    [
      'unknown properties are kept for validation to report',
      { file_path: 'a', extra: null },
      readSchema,
      { file_path: 'a', extra: null },
    ],
    ['not an object: returned as it is', 'text', readSchema, 'text'],
    [
      'through a $ref to $defs',
      { where: { line: 3, column: null } },
      {
        type: 'object',
        properties: { where: { $ref: '#/$defs/location' } },
        $defs: {
          location: {
            type: 'object',
            properties: { line: { type: 'integer' }, column: { type: 'integer' } },
            required: ['line'],
          },
        },
      },
      { where: { line: 3 } },
    ],
    [
      'through a recursive ref to the root',
      { name: 'a', child: { name: 'b', child: null } },
      {
        type: 'object',
        properties: { name: { type: 'string' }, child: { $ref: '#' } },
        required: ['name'],
      },
      { name: 'a', child: { name: 'b' } },
    ],
    [
      'into the union branch whose keys fit',
      { shape: { radius: 2, label: null } },
      {
        type: 'object',
        properties: {
          shape: {
            oneOf: [
              {
                type: 'object',
                properties: { side: { type: 'number' }, label: { type: 'string' } },
                required: ['side'],
                additionalProperties: false,
              },
              {
                type: 'object',
                properties: { radius: { type: 'number' }, label: { type: 'string' } },
                required: ['radius'],
                additionalProperties: false,
              },
            ],
          },
        },
      },
      { shape: { radius: 2 } },
    ],
    [
      'a union branch that is a ref',
      { value: { size: null } },
      {
        type: 'object',
        properties: { value: { anyOf: [{ type: 'string' }, { $ref: '#/$defs/box' }] } },
        $defs: { box: { type: 'object', properties: { size: { type: 'number' } } } },
      },
      { value: {} },
    ],
    [
      'an optional property whose ref accepts null keeps its null',
      { value: null },
      {
        type: 'object',
        properties: { value: { $ref: '#/$defs/maybe' } },
        $defs: { maybe: { type: ['number', 'null'] } },
      },
      { value: null },
    ],
  ])('%s', (_label, value, schema, want) => {
    const before = structuredClone(value);
    expect(restoreOptionalProperties(value, schema)).toEqual(want);
    expect(value).toEqual(before);
  });

  test('what a strict model may send for the projection, restored, is exactly what the original accepts', () => {
    const projected = toStrictSchema(readSchema, OPENAI_STRICT_DIALECT);
    if (!projected.representable) throw new Error('expected representable');
    const ajv = new Ajv2020({ strict: false });
    const strictValid = ajv.compile(projected.schema);
    const originalValid = ajv.compile(readSchema);
    const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });
    const strictInput = fc.record({
      file_path: fc.string(),
      offset: maybe(fc.integer()),
      note: maybe(fc.string()),
      options: maybe(fc.record({ raw: fc.boolean(), encoding: maybe(fc.string()) })),
      ranges: maybe(
        fc.array(fc.record({ start: fc.integer(), end: maybe(fc.integer()) }), { maxLength: 3 }),
      ),
    });
    fc.assert(
      fc.property(strictInput, (input) => {
        expect(strictValid(input)).toBe(true);
        // The original rejects exactly the inputs that carry such a null: restoring is what makes them pass.
        expect(originalValid(input)).toBe(!hasNullOptional(input));
        expect(originalValid(restoreOptionalProperties(input, readSchema))).toBe(true);
      }),
    );
  });
});

/** Whether a strict input carries a null for an optional property the original does not allow null for. */
function hasNullOptional(input: {
  offset: number | null;
  options: { encoding: string | null } | null;
  ranges: { end: number | null }[] | null;
}): boolean {
  return (
    input.offset === null ||
    input.options === null ||
    input.options.encoding === null ||
    input.ranges === null ||
    input.ranges.some((range) => range.end === null)
  );
}
