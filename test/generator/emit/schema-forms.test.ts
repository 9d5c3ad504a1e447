/**
 * The faithful forms of the schema language: each manifest node, the JSON Schema the model sees,
 * and the values zod (the generated code) and ajv (that JSON Schema) accept and reject — both
 * gates must agree on every case.
 */
import { describe, expect, test } from 'vitest';
import { compileSchema } from '../../../generator/emit/compile-schema.js';
import { liveZodSchema } from '../../../generator/emit/live-zod-schema.js';
import type { SchemaNode } from '../../../generator/manifest/manifest-schema.js';
import { SchemaNodeSchema } from '../../../generator/manifest/manifest-schema.js';
import { loadAddFormats, loadAjv2020 } from '../../../runtime/core/support/load-ajv.js';

function gates(schema: object, zodCode: string) {
  const Ajv = loadAjv2020();
  const ajv = new Ajv({ strict: false });
  loadAddFormats()(ajv);
  const validate = ajv.compile(schema);
  const zod = liveZodSchema(zodCode);
  return (value: unknown) => ({ ajv: validate(value), zod: zod.safeParse(value).success });
}

const node = (value: unknown): SchemaNode => SchemaNodeSchema.parse(value);

describe.each([
  {
    name: 'a typed map (additionalProperties: schema)',
    node: { type: 'object', additionalProperties: { type: 'integer' } },
    json: { type: 'object', properties: {}, additionalProperties: { type: 'integer' } },
    accepts: [{}, { a: 1, b: 2 }],
    rejects: [{ a: 'x' }, { a: 1.5 }, []],
  },
  {
    name: 'any value ({ type: any }) as a required key',
    node: {
      type: 'object',
      properties: { value: { type: 'any', description: 'Anything.' } },
      required: ['value'],
    },
    json: {
      type: 'object',
      properties: { value: { description: 'Anything.' } },
      required: ['value'],
      additionalProperties: false,
    },
    accepts: [{ value: 1 }, { value: null }, { value: { deep: [1] } }, { value: 'x' }],
    rejects: [{}, { value: 1, other: 2 }],
  },
  {
    name: 'propertyNames on a map',
    node: {
      type: 'object',
      additionalProperties: { type: 'string' },
      propertyNames: { pattern: '^[a-z]+$', maxLength: 5 },
    },
    json: {
      type: 'object',
      properties: {},
      additionalProperties: { type: 'string' },
      propertyNames: { pattern: '^[a-z]+$', maxLength: 5 },
    },
    accepts: [{}, { abc: 'x' }],
    rejects: [{ ABC: 'x' }, { abcdef: 'x' }, { abc: 1 }],
  },
  {
    name: 'an "any of" union whose branches overlap (exclusive: false)',
    node: {
      type: 'union',
      exclusive: false,
      anyOf: [
        { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
        { type: 'object', additionalProperties: true },
      ],
    },
    json: {
      anyOf: [
        {
          type: 'object',
          properties: { path: { type: 'string' } },
          required: ['path'],
          additionalProperties: false,
        },
        { type: 'object', properties: {}, additionalProperties: true },
      ],
    },
    accepts: [{ path: 'a' }, { other: 1 }, {}],
    rejects: ['x', null],
  },
  {
    name: 'a format ajv-formats checks and zod does not (ipv4)',
    node: { type: 'string', format: 'ipv4' },
    json: { type: 'string', format: 'ipv4' },
    accepts: ['127.0.0.1'],
    rejectsAjvOnly: ['not an address'],
    rejects: [1],
  },
  {
    name: 'a format nothing checks (json): a note in the description',
    node: { type: 'string', format: 'json', description: 'A document.' },
    json: { type: 'string', description: 'A document. (Format: json.)' },
    accepts: ['12', 'anything'],
    rejects: [12],
  },
  {
    name: 'a required key with a default stays required; the default is an annotation',
    node: {
      type: 'object',
      properties: { mode: { type: 'string', default: 'fast' } },
      required: ['mode'],
    },
    json: {
      type: 'object',
      properties: { mode: { type: 'string', default: 'fast' } },
      required: ['mode'],
      additionalProperties: false,
    },
    accepts: [{ mode: 'slow' }],
    rejects: [{}],
  },
])('$name', (testCase) => {
  const compiled = compileSchema(node(testCase.node));
  test('compiles without problems to the expected JSON Schema', () => {
    expect(compiled.problems).toEqual([]);
    const { $schema: _schema, ...body } = compiled.jsonSchema;
    expect(body).toEqual(testCase.json);
  });
  test('zod and ajv agree on every value', () => {
    const check = gates(compiled.jsonSchema, compiled.zodCode);
    for (const value of testCase.accepts) expect(check(value)).toEqual({ ajv: true, zod: true });
    for (const value of testCase.rejects) expect(check(value)).toEqual({ ajv: false, zod: false });
    // zod does not check the format; the JSON Schema gate (which every call passes) does.
    for (const value of testCase.rejectsAjvOnly ?? [])
      expect(check(value)).toEqual({ ajv: false, zod: true });
  });
});

test('an exclusive union with overlapping object branches is refused, and the advice names exclusive: false', () => {
  const compiled = compileSchema(
    node({
      type: 'union',
      anyOf: [
        { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
        { type: 'object', additionalProperties: true },
      ],
    }),
  );
  expect(compiled.problems.map((problem) => [problem.code, problem.path])).toEqual([
    ['union_overlap', ['anyOf', 1]],
  ]);
  expect(compiled.problems[0]!.message).toContain('set `exclusive: false` on the union');
  expect(compiled.problems[0]!.message).toContain(
    'give each object branch a distinct const property',
  );
});

test('a union folded into a type list that would lose a branch format is refused', () => {
  const compiled = compileSchema(
    node({ type: 'union', anyOf: [{ type: 'string', format: 'ipv4' }, { type: 'number' }] }),
  );
  expect(compiled.problems.map((problem) => [problem.code, problem.path])).toEqual([
    ['unsupported_annotation', ['anyOf', 0]],
  ]);
});
