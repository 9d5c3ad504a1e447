import { describe, expect, test } from 'vitest';
import { z, type ZodTypeAny } from 'zod';
import { formatInputValidationError } from '../../../../runtime/call-path/call/format-input-validation-error.js';
import { JsonSchemaAdmission } from '../../../../runtime/call-path/call/json-schema-admission.js';
import { validateToolInput } from '../../../../runtime/call-path/call/validate-tool-input.js';
import { jsonSchemaOf } from './fixture-tool.js';

const admission = new JsonSchemaAdmission();

/** The whole text the model reads when `input` is refused by `schema`, as the call path builds it. */
function refusal(schema: ZodTypeAny, input: unknown): string {
  const inputSchema = jsonSchemaOf(schema);
  const result = validateToolInput(input, { runtimeInputSchema: schema, inputSchema, admission });
  if (result.ok) throw new Error('expected the input to be refused');
  return formatInputValidationError('Probe', result.issues, input, inputSchema);
}

function text(issues: unknown[]): string {
  return `<tool_use_error>InputValidationError: Probe failed due to the following issue${issues.length === 1 ? '' : 's'}:\n${JSON.stringify(issues, null, 2)}</tool_use_error>`;
}

const twoModes = z.object({
  value: z.union([
    z.object({ mode: z.enum(['a', 'b']), id: z.string().regex(/^x+$/) }),
    z.object({ mode: z.enum(['c', 'd']), id: z.string().regex(/^y+$/) }),
  ]),
});

describe('the Zod 4 JSON fallback is Zod 4 shaped inside invalid_union branches', () => {
  test.each([
    {
      behaviour:
        'an enum given a number in each branch is invalid_value with that branch’s options',
      schema: twoModes,
      input: { value: { mode: 3, id: 'x' } },
      want: [
        {
          code: 'invalid_union',
          errors: [
            [
              {
                code: 'invalid_value',
                values: ['a', 'b'],
                path: ['mode'],
                message: 'Invalid option: expected one of "a"|"b"',
              },
            ],
            [
              {
                code: 'invalid_value',
                values: ['c', 'd'],
                path: ['mode'],
                message: 'Invalid option: expected one of "c"|"d"',
              },
              {
                origin: 'string',
                code: 'invalid_format',
                format: 'regex',
                pattern: '/^y+$/',
                path: ['id'],
                message: 'Invalid string: must match pattern /^y+$/',
              },
            ],
          ],
          path: ['value'],
          message: 'Invalid input',
        },
      ],
    },
    {
      behaviour: 'a regex in each branch names that branch’s pattern',
      schema: twoModes,
      input: { value: { mode: 'e', id: 'q' } },
      want: [
        {
          code: 'invalid_union',
          errors: [
            [
              {
                code: 'invalid_value',
                values: ['a', 'b'],
                path: ['mode'],
                message: 'Invalid option: expected one of "a"|"b"',
              },
              {
                origin: 'string',
                code: 'invalid_format',
                format: 'regex',
                pattern: '/^x+$/',
                path: ['id'],
                message: 'Invalid string: must match pattern /^x+$/',
              },
            ],
            [
              {
                code: 'invalid_value',
                values: ['c', 'd'],
                path: ['mode'],
                message: 'Invalid option: expected one of "c"|"d"',
              },
              {
                origin: 'string',
                code: 'invalid_format',
                format: 'regex',
                pattern: '/^y+$/',
                path: ['id'],
                message: 'Invalid string: must match pattern /^y+$/',
              },
            ],
          ],
          path: ['value'],
          message: 'Invalid input',
        },
      ],
    },
    {
      behaviour: 'a union inside a union branch has paths relative to the inner union',
      schema: z.object({
        outer: z.union([
          z.string(),
          z.object({
            inner: z.union([
              z.object({ kind: z.enum(['p', 'q']) }),
              z.object({ size: z.number().int() }),
            ]),
          }),
        ]),
      }),
      input: { outer: { inner: { kind: 1, size: 'big' } } },
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
                code: 'invalid_union',
                errors: [
                  [
                    {
                      code: 'invalid_value',
                      values: ['p', 'q'],
                      path: ['kind'],
                      message: 'Invalid option: expected one of "p"|"q"',
                    },
                  ],
                  [
                    {
                      expected: 'number',
                      code: 'invalid_type',
                      path: ['size'],
                      message: 'Invalid input: expected number, received string',
                    },
                  ],
                ],
                path: ['inner'],
                message: 'Invalid input',
              },
            ],
          ],
          path: ['outer'],
          message: 'Invalid input',
        },
      ],
    },
    {
      behaviour:
        'a branch that fails only a check is reported alone, as Zod 4 does, with its pattern',
      schema: z.object({ id: z.union([z.string().regex(/^k/), z.number().int()]) }),
      input: { id: 'z' },
      want: [
        {
          origin: 'string',
          code: 'invalid_format',
          format: 'regex',
          pattern: '/^k/',
          path: ['id'],
          message: 'Invalid string: must match pattern /^k/',
        },
      ],
    },
  ])('$behaviour', ({ schema, input, want }) => {
    expect(refusal(schema, input)).toBe(text(want));
  });
});
