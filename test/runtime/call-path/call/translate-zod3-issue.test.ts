import { describe, expect, test } from 'vitest';
import { z, ZodError, type ZodIssue, type ZodTypeAny } from 'zod';
import { translateZod3Issues } from '../../../../runtime/call-path/call/translate-zod3-issue.js';
import {
  ZOD4_ISSUE_KEY_ORDER,
  type Zod4Issue,
} from '../../../../runtime/call-path/call/zod4-issue.js';
import { jsonSchemaOf } from './fixture-tool.js';

/** Issues of a real Zod 3 parse. */
function zod3Issues(schema: ZodTypeAny, input: unknown): ZodIssue[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the parse to fail');
  return result.error.issues;
}

function translate(schema: ZodTypeAny, input: unknown): Zod4Issue[] {
  return translateZod3Issues(zod3Issues(schema, input), {
    input,
    inputSchema: jsonSchemaOf(schema),
  });
}

/** Issues of a zod function called with wrong arguments, or returning a wrong value. */
function functionIssues(call: () => unknown): ZodIssue[] {
  try {
    call();
  } catch (error) {
    if (error instanceof ZodError) return error.issues;
    throw error;
  }
  throw new Error('expected a ZodError');
}

describe('every Zod 3 issue code → its Zod 4 shape', () => {
  const cases: { code: ZodIssue['code']; given: () => Zod4Issue[]; want: unknown[] }[] = [
    {
      code: 'invalid_type',
      given: () => translate(z.object({ file_path: z.string() }), {}),
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
      code: 'invalid_type',
      given: () => translate(z.object({ limit: z.number().int() }), { limit: 1.5 }),
      want: [
        {
          expected: 'int',
          code: 'invalid_type',
          path: ['limit'],
          message: 'Invalid input: expected int, received number',
        },
      ],
    },
    {
      code: 'invalid_type',
      given: () => translate(z.object({ mode: z.enum(['a', 'b']) }), { mode: 3 }),
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
      code: 'invalid_literal',
      given: () => translate(z.object({ type: z.literal('text') }), { type: 'image' }),
      want: [
        {
          code: 'invalid_value',
          values: ['text'],
          path: ['type'],
          message: 'Invalid input: expected "text"',
        },
      ],
    },
    {
      code: 'custom',
      given: () =>
        translate(z.object({ n: z.number().refine((n) => n % 2 === 0, 'n must be even') }), {
          n: 3,
        }),
      want: [{ code: 'custom', path: ['n'], message: 'n must be even' }],
    },
    {
      code: 'custom',
      given: () =>
        translate(
          z
            .string()
            .superRefine((_value, context) =>
              context.addIssue({ code: 'custom', message: 'no', params: { reason: 'x' } }),
            ),
          'a',
        ),
      want: [{ code: 'custom', params: { reason: 'x' }, path: [], message: 'no' }],
    },
    {
      code: 'invalid_union',
      given: () =>
        translate(z.object({ value: z.union([z.string(), z.object({ n: z.number() })]) }), {
          value: { n: 'x' },
        }),
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
          path: ['value'],
          message: 'Invalid input',
        },
      ],
    },
    {
      code: 'invalid_union_discriminator',
      given: () =>
        translate(
          z.discriminatedUnion('kind', [
            z.object({ kind: z.literal('a') }),
            z.object({ kind: z.literal('b') }),
          ]),
          { kind: 'c' },
        ),
      want: [
        {
          code: 'invalid_union',
          errors: [],
          note: 'No matching discriminator',
          path: ['kind'],
          message: 'Invalid input',
        },
      ],
    },
    {
      code: 'invalid_enum_value',
      given: () =>
        translate(z.object({ direction: z.enum(['head', 'tail']) }), { direction: 'middle' }),
      want: [
        {
          code: 'invalid_value',
          values: ['head', 'tail'],
          path: ['direction'],
          message: 'Invalid option: expected one of "head"|"tail"',
        },
      ],
    },
    {
      code: 'invalid_enum_value',
      given: () => translate(z.enum(['only']), 'other'),
      want: [
        {
          code: 'invalid_value',
          values: ['only'],
          path: [],
          message: 'Invalid input: expected "only"',
        },
      ],
    },
    {
      code: 'unrecognized_keys',
      given: () => translate(z.object({ a: z.string() }).strict(), { a: 'x', b: 1, c: 2 }),
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
      code: 'invalid_arguments',
      given: () =>
        translateZod3Issues(
          functionIssues(() =>
            (
              z
                .function()
                .args(z.string())
                .implement((text) => text) as (value: unknown) => unknown
            )(42),
          ),
          { input: [42] },
        ),
      want: [
        {
          code: 'custom',
          params: {
            issues: [
              {
                expected: 'string',
                code: 'invalid_type',
                path: [0],
                message: 'Invalid input: expected string, received number',
              },
            ],
          },
          path: [],
          message: 'Invalid function arguments',
        },
      ],
    },
    {
      code: 'invalid_return_type',
      given: () =>
        translateZod3Issues(
          functionIssues(() =>
            z
              .function()
              .returns(z.number())
              .implement(() => 'x' as unknown as number)(),
          ),
          { input: 'x' },
        ),
      want: [
        {
          code: 'custom',
          params: {
            issues: [
              {
                expected: 'number',
                code: 'invalid_type',
                path: [],
                message: 'Invalid input: expected number, received string',
              },
            ],
          },
          path: [],
          message: 'Invalid function return type',
        },
      ],
    },
    {
      code: 'invalid_date',
      given: () => translate(z.object({ at: z.date() }), { at: new Date('not a date') }),
      want: [
        {
          expected: 'date',
          code: 'invalid_type',
          received: 'Invalid Date',
          path: ['at'],
          message: 'Invalid input: expected date, received Date',
        },
      ],
    },
    {
      code: 'invalid_string',
      given: () => translate(z.object({ email: z.string().email() }), { email: 'nope' }),
      want: [
        {
          origin: 'string',
          code: 'invalid_format',
          format: 'email',
          path: ['email'],
          message: 'Invalid email address',
        },
      ],
    },
    {
      code: 'invalid_string',
      given: () =>
        translate(z.object({ pages: z.string().regex(/^[1-9][0-9]*$/) }), { pages: '0' }),
      want: [
        {
          origin: 'string',
          code: 'invalid_format',
          format: 'regex',
          pattern: '/^[1-9][0-9]*$/',
          path: ['pages'],
          message: 'Invalid string: must match pattern /^[1-9][0-9]*$/',
        },
      ],
    },
    {
      code: 'invalid_string',
      given: () => translate(z.object({ id: z.string().regex(/^a/).regex(/b$/) }), { id: 'ax' }),
      want: [
        {
          origin: 'string',
          code: 'invalid_format',
          format: 'regex',
          pattern: '/b$/',
          path: ['id'],
          message: 'Invalid string: must match pattern /b$/',
        },
      ],
    },
    {
      code: 'invalid_string',
      given: () => translate(z.string().url(), 'x'),
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
      code: 'invalid_string',
      given: () => translate(z.string().datetime(), 'x'),
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
      code: 'invalid_string',
      given: () => translate(z.string().startsWith('mcp__'), 'x'),
      want: [
        {
          origin: 'string',
          code: 'invalid_format',
          format: 'starts_with',
          prefix: 'mcp__',
          path: [],
          message: 'Invalid string: must start with "mcp__"',
        },
      ],
    },
    {
      code: 'invalid_string',
      given: () => translate(z.string().endsWith('.ts'), 'x'),
      want: [
        {
          origin: 'string',
          code: 'invalid_format',
          format: 'ends_with',
          suffix: '.ts',
          path: [],
          message: 'Invalid string: must end with ".ts"',
        },
      ],
    },
    {
      code: 'invalid_string',
      given: () => translate(z.string().includes('@'), 'x'),
      want: [
        {
          origin: 'string',
          code: 'invalid_format',
          format: 'includes',
          includes: '@',
          path: [],
          message: 'Invalid string: must include "@"',
        },
      ],
    },
    {
      code: 'too_small',
      given: () => translate(z.object({ file_path: z.string().min(1) }), { file_path: '' }),
      want: [
        {
          origin: 'string',
          code: 'too_small',
          minimum: 1,
          inclusive: true,
          path: ['file_path'],
          message: 'Too small: expected string to have >=1 characters',
        },
      ],
    },
    {
      code: 'too_small',
      given: () => translate(z.number().gt(0), 0),
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
      code: 'too_small',
      given: () => translate(z.array(z.string()).min(2), ['a']),
      want: [
        {
          origin: 'array',
          code: 'too_small',
          minimum: 2,
          inclusive: true,
          path: [],
          message: 'Too small: expected array to have >=2 items',
        },
      ],
    },
    {
      code: 'too_small',
      given: () => translate(z.set(z.string()).min(1), new Set()),
      want: [
        {
          origin: 'set',
          code: 'too_small',
          minimum: 1,
          inclusive: true,
          path: [],
          message: 'Too small: expected set to have >=1 items',
        },
      ],
    },
    {
      code: 'too_small',
      given: () =>
        translate(
          z.date().min(new Date('2026-01-01T00:00:00.000Z')),
          new Date('2025-01-01T00:00:00.000Z'),
        ),
      want: [
        {
          origin: 'date',
          code: 'too_small',
          minimum: '2026-01-01T00:00:00.000Z',
          inclusive: true,
          path: [],
          message: 'Too small: expected date to be >=2026-01-01T00:00:00.000Z',
        },
      ],
    },
    {
      code: 'too_small',
      given: () => translate(z.bigint().min(10n), 1n),
      want: [
        {
          origin: 'bigint',
          code: 'too_small',
          minimum: 10,
          inclusive: true,
          path: [],
          message: 'Too small: expected bigint to be >=10',
        },
      ],
    },
    {
      code: 'too_big',
      given: () => translate(z.object({ limit: z.number().max(2000) }), { limit: 5000 }),
      want: [
        {
          origin: 'number',
          code: 'too_big',
          maximum: 2000,
          inclusive: true,
          path: ['limit'],
          message: 'Too big: expected number to be <=2000',
        },
      ],
    },
    {
      code: 'too_big',
      given: () => translate(z.string().length(3), 'abcd'),
      want: [
        {
          origin: 'string',
          code: 'too_big',
          maximum: 3,
          inclusive: true,
          exact: true,
          path: [],
          message: 'Too big: expected string to have <=3 characters',
        },
      ],
    },
    {
      code: 'too_big',
      given: () =>
        translate(z.object({ todos: z.array(z.string()).max(1) }), { todos: ['a', 'b'] }),
      want: [
        {
          origin: 'array',
          code: 'too_big',
          maximum: 1,
          inclusive: true,
          path: ['todos'],
          message: 'Too big: expected array to have <=1 items',
        },
      ],
    },
    {
      code: 'too_big',
      given: () => translate(z.number().lt(1), 1),
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
      code: 'invalid_intersection_types',
      given: () =>
        translate(
          z.intersection(
            z.string().transform((text) => `${text}!`),
            z.string(),
          ),
          'a',
        ),
      want: [
        {
          code: 'custom',
          path: [],
          message: 'Invalid input: intersection results could not be merged',
        },
      ],
    },
    {
      code: 'not_multiple_of',
      given: () => translate(z.object({ step: z.number().multipleOf(5) }), { step: 7 }),
      want: [
        {
          origin: 'number',
          code: 'not_multiple_of',
          divisor: 5,
          path: ['step'],
          message: 'Invalid number: must be a multiple of 5',
        },
      ],
    },
    {
      code: 'not_finite',
      given: () => translate(z.number().finite(), Infinity),
      want: [
        {
          expected: 'number',
          code: 'invalid_type',
          received: 'Infinity',
          path: [],
          message: 'Invalid input: expected number, received number',
        },
      ],
    },
  ];

  test.each(cases)('$code', ({ code, given, want }) => {
    const issues = given();
    expect(issues).toEqual(want);
    // Key order is part of the provider-visible text: compare the serialised form too.
    expect(JSON.stringify(issues)).toBe(JSON.stringify(want));
    void code;
  });

  test('the table covers every Zod 3 issue code', () => {
    const covered = new Set(cases.map((entry) => entry.code));
    expect([...covered].sort()).toEqual(Object.keys(z.ZodIssueCode).sort());
  });

  test('every translated issue keeps the documented key order', () => {
    const orderOk = (issue: Zod4Issue): boolean => {
      const order = ZOD4_ISSUE_KEY_ORDER[issue.code];
      const positions = Object.keys(issue).map((key) => order.indexOf(key));
      const nestedOk =
        issue.code === 'invalid_union'
          ? issue.errors.every((branch) => branch.every(orderOk))
          : true;
      return (
        positions.every(
          (position, index) => position >= 0 && (index === 0 || position > positions[index - 1]!),
        ) && nestedOk
      );
    };
    for (const entry of cases)
      for (const issue of entry.given()) expect(orderOk(issue), JSON.stringify(issue)).toBe(true);
  });
});
