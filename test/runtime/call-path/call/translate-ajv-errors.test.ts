import { describe, expect, test } from 'vitest';
import type { JsonSchema } from '../../../../runtime/core/contract.js';
import { JsonSchemaAdmission } from '../../../../runtime/call-path/call/json-schema-admission.js';
import { translateAjvErrors } from '../../../../runtime/call-path/call/translate-ajv-errors.js';

const admission = new JsonSchemaAdmission();

function translate(schema: JsonSchema, input: unknown) {
  const result = admission.admit(schema, input);
  if (result.ok) throw new Error('expected ajv to refuse the input');
  return translateAjvErrors(result.errors, input);
}

const object = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

describe('ajv errors → Zod 4 issues', () => {
  test.each([
    {
      keyword: 'type',
      schema: object({ n: { type: 'integer' } }),
      input: { n: 'x' },
      want: [
        {
          expected: 'int',
          code: 'invalid_type',
          path: ['n'],
          message: 'Invalid input: expected int, received string',
        },
      ],
    },
    {
      keyword: 'required (typed)',
      schema: object({ file_path: { type: 'string' } }, ['file_path']),
      input: {},
      want: [
        {
          expected: 'string',
          code: 'invalid_type',
          path: ['file_path'],
          message: 'Invalid input: expected string, received undefined',
        },
      ],
    },
    {
      keyword: 'required (enum)',
      schema: object({ mode: { type: 'string', enum: ['a', 'b'] } }, ['mode']),
      input: {},
      want: [
        {
          code: 'invalid_value',
          values: ['a', 'b'],
          path: ['mode'],
          message: 'Invalid option: expected one of "a"|"b"',
        },
      ],
    },
    {
      keyword: 'required (union)',
      schema: object({ v: { oneOf: [{ type: 'string' }, { type: 'number' }] } }, ['v']),
      input: {},
      want: [
        {
          code: 'invalid_union',
          errors: [
            [
              {
                expected: 'string',
                code: 'invalid_type',
                path: [],
                message: 'Invalid input: expected string, received undefined',
              },
            ],
            [
              {
                expected: 'number',
                code: 'invalid_type',
                path: [],
                message: 'Invalid input: expected number, received undefined',
              },
            ],
          ],
          path: ['v'],
          message: 'Invalid input',
        },
      ],
    },
    {
      keyword: 'additionalProperties (grouped per object)',
      schema: object({ a: { type: 'string' } }),
      input: { a: 'x', b: 1, c: 2 },
      want: [
        {
          code: 'unrecognized_keys',
          keys: ['b', 'c'],
          path: [],
          message: 'Unrecognized keys: "b", "c"',
        },
      ],
    },
    {
      keyword: 'enum',
      schema: object({ d: { enum: ['head', 'tail'] } }),
      input: { d: 'x' },
      want: [
        {
          code: 'invalid_value',
          values: ['head', 'tail'],
          path: ['d'],
          message: 'Invalid option: expected one of "head"|"tail"',
        },
      ],
    },
    {
      keyword: 'const',
      schema: object({ t: { const: 'text' } }),
      input: { t: 'x' },
      want: [
        {
          code: 'invalid_value',
          values: ['text'],
          path: ['t'],
          message: 'Invalid input: expected "text"',
        },
      ],
    },
    {
      keyword: 'minLength',
      schema: { type: 'string', minLength: 2 },
      input: 'a',
      want: [
        {
          origin: 'string',
          code: 'too_small',
          minimum: 2,
          inclusive: true,
          path: [],
          message: 'Too small: expected string to have >=2 characters',
        },
      ],
    },
    {
      keyword: 'maxLength',
      schema: { type: 'string', maxLength: 1 },
      input: 'ab',
      want: [
        {
          origin: 'string',
          code: 'too_big',
          maximum: 1,
          inclusive: true,
          path: [],
          message: 'Too big: expected string to have <=1 characters',
        },
      ],
    },
    {
      keyword: 'minimum',
      schema: { type: 'number', minimum: 1 },
      input: 0,
      want: [
        {
          origin: 'number',
          code: 'too_small',
          minimum: 1,
          inclusive: true,
          path: [],
          message: 'Too small: expected number to be >=1',
        },
      ],
    },
    {
      keyword: 'exclusiveMinimum',
      schema: { type: 'number', exclusiveMinimum: 0 },
      input: 0,
      want: [
        {
          origin: 'number',
          code: 'too_small',
          minimum: 0,
          inclusive: false,
          path: [],
          message: 'Too small: expected number to be >0',
        },
      ],
    },
    {
      keyword: 'maximum',
      schema: { type: 'number', maximum: 600000 },
      input: 700000,
      want: [
        {
          origin: 'number',
          code: 'too_big',
          maximum: 600000,
          inclusive: true,
          path: [],
          message: 'Too big: expected number to be <=600000',
        },
      ],
    },
    {
      keyword: 'exclusiveMaximum',
      schema: { type: 'number', exclusiveMaximum: 1 },
      input: 1,
      want: [
        {
          origin: 'number',
          code: 'too_big',
          maximum: 1,
          inclusive: false,
          path: [],
          message: 'Too big: expected number to be <1',
        },
      ],
    },
    {
      keyword: 'minItems',
      schema: { type: 'array', minItems: 1 },
      input: [],
      want: [
        {
          origin: 'array',
          code: 'too_small',
          minimum: 1,
          inclusive: true,
          path: [],
          message: 'Too small: expected array to have >=1 items',
        },
      ],
    },
    {
      keyword: 'maxItems',
      schema: { type: 'array', maxItems: 1, items: { type: 'number' } },
      input: [1, 2],
      want: [
        {
          origin: 'array',
          code: 'too_big',
          maximum: 1,
          inclusive: true,
          path: [],
          message: 'Too big: expected array to have <=1 items',
        },
      ],
    },
    {
      keyword: 'minProperties',
      schema: { type: 'object', minProperties: 1 },
      input: {},
      want: [
        {
          origin: 'object',
          code: 'too_small',
          minimum: 1,
          inclusive: true,
          path: [],
          message: 'Too small: expected object to have >=1 properties',
        },
      ],
    },
    {
      keyword: 'maxProperties',
      schema: { type: 'object', maxProperties: 0 },
      input: { a: 1 },
      want: [
        {
          origin: 'object',
          code: 'too_big',
          maximum: 0,
          inclusive: true,
          path: [],
          message: 'Too big: expected object to have <=0 properties',
        },
      ],
    },
    {
      keyword: 'pattern',
      schema: object({ pages: { type: 'string', pattern: '^[1-9]$' } }),
      input: { pages: '0' },
      want: [
        {
          origin: 'string',
          code: 'invalid_format',
          format: 'regex',
          pattern: '/^[1-9]$/',
          path: ['pages'],
          message: 'Invalid string: must match pattern /^[1-9]$/',
        },
      ],
    },
    {
      keyword: 'format uri → url',
      schema: { type: 'string', format: 'uri' },
      input: 'not a url',
      want: [
        {
          origin: 'string',
          code: 'invalid_format',
          format: 'url',
          path: [],
          message: 'Invalid URL',
        },
      ],
    },
    {
      keyword: 'format date-time → datetime',
      schema: { type: 'string', format: 'date-time' },
      input: 'x',
      want: [
        {
          origin: 'string',
          code: 'invalid_format',
          format: 'datetime',
          path: [],
          message: 'Invalid ISO datetime',
        },
      ],
    },
    {
      keyword: 'format email',
      schema: { type: 'string', format: 'email' },
      input: 'x',
      want: [
        {
          origin: 'string',
          code: 'invalid_format',
          format: 'email',
          path: [],
          message: 'Invalid email address',
        },
      ],
    },
    {
      keyword: 'multipleOf',
      schema: { type: 'number', multipleOf: 5 },
      input: 7,
      want: [
        {
          origin: 'number',
          code: 'not_multiple_of',
          divisor: 5,
          path: [],
          message: 'Invalid number: must be a multiple of 5',
        },
      ],
    },
    {
      keyword: 'oneOf (branch errors grouped, paths relative)',
      schema: object({
        v: { oneOf: [{ type: 'string' }, object({ n: { type: 'number' } }, ['n'])] },
      }),
      input: { v: { n: 'x' } },
      want: [
        {
          code: 'invalid_union',
          errors: [
            [
              {
                expected: 'string',
                code: 'invalid_type',
                path: [],
                message: 'Invalid input: expected string, received object',
              },
            ],
            [
              {
                expected: 'number',
                code: 'invalid_type',
                path: ['n'],
                message: 'Invalid input: expected number, received string',
              },
            ],
          ],
          path: ['v'],
          message: 'Invalid input',
        },
      ],
    },
    {
      keyword: 'oneOf matching two branches',
      schema: { oneOf: [{ type: 'number' }, { type: 'integer' }] },
      input: 3,
      want: [
        {
          code: 'invalid_union',
          errors: [],
          note: 'Input matches more than one option',
          path: [],
          message: 'Invalid input',
        },
      ],
    },
    {
      keyword: 'nested array path',
      schema: object({
        todos: { type: 'array', items: object({ content: { type: 'string' } }, ['content']) },
      }),
      input: { todos: [{ content: 'a' }, {}] },
      want: [
        {
          expected: 'string',
          code: 'invalid_type',
          path: ['todos', 1, 'content'],
          message: 'Invalid input: expected string, received undefined',
        },
      ],
    },
    {
      keyword: 'uniqueItems (no Zod 4 code: custom)',
      schema: { type: 'array', uniqueItems: true },
      input: [1, 1],
      want: [
        {
          code: 'custom',
          params: { keyword: 'uniqueItems' },
          path: [],
          message: 'Invalid input: must NOT have duplicate items (items ## 0 and 1 are identical)',
        },
      ],
    },
  ])('$keyword', ({ schema, input, want }) => {
    const issues = translate(schema, input);
    expect(issues).toEqual(want);
    expect(JSON.stringify(issues)).toBe(JSON.stringify(want));
  });
});

describe('JsonSchemaAdmission', () => {
  test('compiles a schema once, on first use, and reuses it for equal schemas', () => {
    const own = new JsonSchemaAdmission();
    expect(own.compiledCount).toBe(0);
    const schema = { type: 'string' };
    expect(own.admit(schema, 'a')).toEqual({ ok: true });
    expect(own.admit(schema, 'b')).toEqual({ ok: true });
    expect(own.admit({ type: 'string' }, 'c')).toEqual({ ok: true });
    expect(own.compiledCount).toBe(1);
    own.admit({ type: 'number' }, 1);
    expect(own.compiledCount).toBe(2);
  });

  test('reports a schema that does not compile as a schema error', () => {
    expect(() => new JsonSchemaAdmission().admit({ type: 'no-such-type' }, 1)).toThrow(
      /the input schema does not compile/,
    );
  });
});
