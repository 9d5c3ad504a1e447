import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { suggestName } from '../../../generator/manifest/suggest-name.js';
import { translateZodIssue } from '../../../generator/manifest/translate-zod-issue.js';
import type { UnlocatedIssue } from '../../../generator/manifest/translate-zod-issue.js';

/** Parses `data` with `schema` and translates every zod issue (the loader does the same). */
function translate(schema: z.ZodTypeAny, data: unknown): UnlocatedIssue[] {
  const result = schema.safeParse(data);
  if (result.success) return [];
  return result.error.issues.flatMap((issue) => translateZodIssue(issue, schema, data));
}

const node = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('leaf'), value: z.string() }).strict(),
    z.object({ type: z.literal('list'), items: z.array(node) }).strict(),
  ]),
) as z.ZodTypeAny;

describe('translateZodIssue words every zod v3 issue code', () => {
  it.each([
    {
      name: 'invalid_type',
      schema: z.object({ count: z.number() }),
      data: { count: 'three' },
      want: [
        {
          code: 'invalid_type',
          path: ['count'],
          anchor: 'value',
          expected: 'a number',
          found: '"three"',
          message: 'expected a number, found "three"',
        },
      ],
    },
    {
      name: 'invalid_type on an absent field is a missing field at its parent',
      schema: z.object({ count: z.number() }),
      data: {},
      want: [
        {
          code: 'missing_field',
          path: ['count'],
          anchor: 'parent',
          expected: 'a number',
          found: 'nothing',
          message: 'missing required field (expected a number)',
        },
      ],
    },
    {
      name: 'invalid_literal',
      schema: z.object({ kind: z.literal('bounded') }),
      data: { kind: 'open' },
      want: [
        {
          code: 'invalid_value',
          path: ['kind'],
          anchor: 'value',
          expected: '"bounded"',
          found: '"open"',
          message: 'expected "bounded", found "open"',
        },
      ],
    },
    {
      name: 'invalid_enum_value',
      schema: z.enum(['head', 'tail']),
      data: 'middle',
      want: [
        {
          code: 'invalid_value',
          path: [],
          anchor: 'value',
          expected: 'one of "head" | "tail"',
          found: '"middle"',
          message: 'expected one of "head" | "tail", found "middle"',
        },
      ],
    },
    {
      name: 'invalid_union_discriminator, through lazy and nested lists',
      schema: node,
      data: { type: 'list', items: [{ type: 'leaf', value: 'a' }, { type: 'tree' }] },
      want: [
        {
          code: 'invalid_value',
          path: ['items', 1, 'type'],
          anchor: 'value',
          expected: 'one of "leaf" | "list"',
          found: '"tree"',
          message: 'expected one of "leaf" | "list", found "tree"',
        },
      ],
    },
    {
      name: 'unrecognized_keys gives one issue per key, with a suggestion when one is close',
      schema: z
        .object({ readOnly: z.boolean().optional(), destructive: z.boolean().optional() })
        .strict(),
      data: { readOnyl: true, colour: 'red' },
      want: [
        {
          code: 'unknown_field',
          path: ['readOnyl'],
          anchor: 'key',
          expected: 'one of "destructive" | "readOnly"',
          found: '"readOnyl"',
          message: 'unknown field, did you mean "readOnly"?',
        },
        {
          code: 'unknown_field',
          path: ['colour'],
          anchor: 'key',
          expected: 'one of "destructive" | "readOnly"',
          found: '"colour"',
          message: 'unknown field (known fields: destructive, readOnly)',
        },
      ],
    },
    {
      name: "unrecognized_keys inside a discriminated-union branch knows that branch's fields",
      schema: node,
      data: { type: 'leaf', value: 'a', valeu: 'b' },
      want: [
        {
          code: 'unknown_field',
          path: ['valeu'],
          anchor: 'key',
          expected: 'one of "type" | "value"',
          found: '"valeu"',
          message: 'unknown field, did you mean "value"?',
        },
      ],
    },
    {
      name: 'too_small on a number (exclusive)',
      schema: z.number().positive(),
      data: 0,
      want: [
        {
          code: 'too_small',
          path: [],
          anchor: 'value',
          expected: 'a number > 0',
          found: '0',
          message: 'expected a number > 0, found 0',
        },
      ],
    },
    {
      name: 'too_big on a number (inclusive)',
      schema: z.number().max(10),
      data: 11,
      want: [
        {
          code: 'too_big',
          path: [],
          anchor: 'value',
          expected: 'a number <= 10',
          found: '11',
          message: 'expected a number <= 10, found 11',
        },
      ],
    },
    {
      name: 'too_big on a string',
      schema: z.string().max(3),
      data: 'abcd',
      want: [
        {
          code: 'too_big',
          path: [],
          anchor: 'value',
          expected: 'a string of at most 3 characters',
          found: '"abcd"',
          message: 'expected a string of at most 3 characters, found "abcd"',
        },
      ],
    },
    {
      name: 'too_big on a list counts its items',
      schema: z.array(z.string()).max(1),
      data: ['a', 'b'],
      want: [
        {
          code: 'too_big',
          path: [],
          anchor: 'value',
          expected: 'a list of at most 1 items',
          found: '2 items',
          message: 'expected a list of at most 1 items, found 2 items',
        },
      ],
    },
    {
      name: 'too_small with an exact length',
      schema: z.string().length(2),
      data: 'a',
      want: [
        {
          code: 'too_small',
          path: [],
          anchor: 'value',
          expected: 'a string of exactly 2 characters',
          found: '"a"',
          message: 'expected a string of exactly 2 characters, found "a"',
        },
      ],
    },
    {
      name: 'invalid_string from a regex names the pattern',
      schema: z.object({ id: z.string().regex(/^[a-z]+$/) }),
      data: { id: 'A1' },
      want: [
        {
          code: 'invalid_string',
          path: ['id'],
          anchor: 'value',
          expected: 'a string matching ^[a-z]+$',
          found: '"A1"',
          message: 'expected a string matching ^[a-z]+$, found "A1"',
        },
      ],
    },
    {
      name: 'invalid_string from a format',
      schema: z.string().email(),
      data: 'nobody',
      want: [
        {
          code: 'invalid_string',
          path: [],
          anchor: 'value',
          expected: 'a valid email',
          found: '"nobody"',
          message: 'expected a valid email, found "nobody"',
        },
      ],
    },
    {
      name: 'invalid_string from startsWith',
      schema: z.string().startsWith('mcp__'),
      data: 'tool',
      want: [
        {
          code: 'invalid_string',
          path: [],
          anchor: 'value',
          expected: 'a string starting with "mcp__"',
          found: '"tool"',
          message: 'expected a string starting with "mcp__", found "tool"',
        },
      ],
    },
    {
      name: 'invalid_union of scalar types lists them',
      schema: z.union([z.string(), z.number(), z.null()]),
      data: [1],
      want: [
        {
          code: 'invalid_type',
          path: [],
          anchor: 'value',
          expected: 'a string, a number or null',
          found: 'a list',
          message: 'expected a string, a number or null, found a list',
        },
      ],
    },
    {
      name: 'invalid_union reports the branch that got furthest',
      schema: z.union([z.string(), z.object({ kind: z.literal('x'), size: z.number() }).strict()]),
      data: { kind: 'x', size: 'big' },
      want: [
        {
          code: 'invalid_type',
          path: ['size'],
          anchor: 'value',
          expected: 'a number',
          found: '"big"',
          message: 'expected a number, found "big"',
        },
      ],
    },
    {
      name: 'custom issues keep their message and add what was found',
      schema: z
        .string()
        .refine((value) => value === value.trim(), { message: 'expected no surrounding spaces' }),
      data: ' a ',
      want: [
        {
          code: 'invalid_value',
          path: [],
          anchor: 'value',
          expected: 'no surrounding spaces',
          found: '" a "',
          message: 'expected no surrounding spaces, found " a "',
        },
      ],
    },
    {
      name: 'not_multiple_of',
      schema: z.number().multipleOf(5),
      data: 12,
      want: [
        {
          code: 'invalid_value',
          path: [],
          anchor: 'value',
          expected: 'a multiple of 5',
          found: '12',
          message: 'expected a multiple of 5, found 12',
        },
      ],
    },
    {
      name: 'not_finite',
      schema: z.number().finite(),
      data: Number.POSITIVE_INFINITY,
      want: [
        {
          code: 'invalid_value',
          path: [],
          anchor: 'value',
          expected: 'a finite number',
          found: 'Infinity',
          message: 'expected a finite number, found Infinity',
        },
      ],
    },
    {
      name: 'long strings are cut in the found clause',
      schema: z.number(),
      data: 'x'.repeat(70),
      want: [
        {
          code: 'invalid_type',
          path: [],
          anchor: 'value',
          expected: 'a number',
          found: `"${'x'.repeat(60)}…"`,
          message: `expected a number, found "${'x'.repeat(60)}…"`,
        },
      ],
    },
  ])('$name', ({ schema, data, want }) => {
    expect(translate(schema, data)).toEqual(want);
  });
});

describe('suggestName', () => {
  it.each([
    ['readOnyl', ['readOnly', 'destructive'], 'readOnly'],
    ['ReadOnly', ['readOnly', 'destructive'], 'readOnly'],
    ['alias', ['aliases', 'hooks'], 'aliases'],
    ['colour', ['readOnly', 'destructive'], undefined],
    ['x', [], undefined],
    ['ab', ['aa', 'bb'], 'aa'],
  ] as const)('%s among %j → %s', (name, known, want) => {
    expect(suggestName(name, known)).toBe(want);
  });
});
