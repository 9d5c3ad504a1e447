import { describe, expect, test } from 'vitest';
import type { JsonSchema } from '../../../../runtime/core/contract.js';
import { ANTHROPIC_STRICT_DIALECT } from '../../../../runtime/integrations/adapters/strict-schema-dialects.js';
import { toStrictSchema } from '../../../../runtime/integrations/adapters/to-strict-schema.js';

const closed = (properties: Record<string, unknown>, required: string[] = []): JsonSchema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

describe('toStrictSchema, Anthropic dialect: representable', () => {
  test.each<{ name: string; given: JsonSchema; want: JsonSchema }>([
    {
      name: 'optional properties stay optional; default, const and anyOf stay',
      given: closed(
        {
          path: { type: 'string' },
          limit: { type: 'integer', default: 100 },
          kind: { const: 'file' },
          target: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
        },
        ['path'],
      ),
      want: closed(
        {
          path: { type: 'string' },
          limit: { type: 'integer', default: 100 },
          kind: { const: 'file' },
          target: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        },
        ['path'],
      ),
    },
    {
      name: 'supported formats, simple patterns and minItems 0/1 stay; the rest is folded',
      given: closed({
        url: { type: 'string', format: 'uri' },
        re: { type: 'string', format: 'regex' },
        id: { type: 'string', pattern: '^[a-z]+-[0-9]+$' },
        word: { type: 'string', pattern: '\\bword\\b' },
        ahead: { type: 'string', pattern: '^(?=a)' },
        back: { type: 'string', pattern: '(a)\\1' },
        one: { type: 'array', items: { type: 'string' }, minItems: 1 },
        two: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 4 },
        count: { type: 'integer', minimum: 1, maximum: 9 },
        name: { type: 'string', minLength: 1, maxLength: 64 },
      }),
      want: closed({
        url: { type: 'string', format: 'uri' },
        re: { type: 'string', description: 'Constraints: format regex.' },
        id: { type: 'string', pattern: '^[a-z]+-[0-9]+$' },
        word: {
          type: 'string',
          description: 'Constraints: matches the regular expression \\bword\\b.',
        },
        ahead: {
          type: 'string',
          description: 'Constraints: matches the regular expression ^(?=a).',
        },
        back: {
          type: 'string',
          description: 'Constraints: matches the regular expression (a)\\1.',
        },
        one: { type: 'array', items: { type: 'string' }, minItems: 1 },
        two: {
          type: 'array',
          items: { type: 'string' },
          description: 'Constraints: at least 2 items; at most 4 items.',
        },
        count: { type: 'integer', description: 'Constraints: >= 1; <= 9.' },
        name: {
          type: 'string',
          description: 'Constraints: at least 1 character; at most 64 characters.',
        },
      }),
    },
    {
      name: 'non-recursive definitions are hoisted and kept',
      given: {
        ...closed({ a: { $ref: '#/definitions/point' }, b: { $ref: '#/definitions/point' } }),
        definitions: {
          point: closed({ x: { type: 'number' }, y: { type: 'number' } }, ['x', 'y']),
        },
      },
      want: {
        ...closed({ a: { $ref: '#/$defs/point' }, b: { $ref: '#/$defs/point' } }),
        $defs: { point: closed({ x: { type: 'number' }, y: { type: 'number' } }, ['x', 'y']) },
      },
    },
  ])('$name', ({ given, want }) => {
    expect(toStrictSchema(given, ANTHROPIC_STRICT_DIALECT)).toEqual({
      representable: true,
      schema: want,
    });
  });
});

describe('toStrictSchema, Anthropic dialect: not representable', () => {
  test.each<[string, JsonSchema, [string, string, string][]]>([
    [
      'a recursive definition',
      {
        ...closed({ tree: { $ref: '#/definitions/node' } }),
        definitions: {
          node: closed({ children: { type: 'array', items: { $ref: '#/definitions/node' } } }),
        },
      },
      [
        [
          'recursive-ref',
          '/$defs/node',
          '/$defs/node: #/$defs/node: the schema refers to itself; recursion is not supported',
        ],
      ],
    ],
    [
      'recursion through the root',
      closed({ child: { $ref: '#' } }),
      [
        [
          'recursive-ref',
          '/$defs/root',
          '/$defs/root: #/$defs/root: the schema refers to itself; recursion is not supported',
        ],
      ],
    ],
    [
      'enum values that are objects',
      closed({ choice: { enum: [{ a: 1 }, 'b'] } }),
      [
        [
          'unsupported-keyword',
          '/properties/choice',
          '/properties/choice: enum with object or array values: the keyword cannot be expressed in the strict subset',
        ],
      ],
    ],
    [
      // submit_result's shape: `result` is whatever the task asked for, so it is an open object.
      'an open object inside',
      closed(
        { result: { type: 'object', properties: {}, required: [], additionalProperties: true } },
        ['result'],
      ),
      [
        [
          'open-object',
          '/properties/result',
          '/properties/result: the object accepts properties it does not list (additionalProperties is not false)',
        ],
      ],
    ],
  ])('%s', (_label, given, want) => {
    const result = toStrictSchema(given, ANTHROPIC_STRICT_DIALECT);
    expect(result.representable).toBe(false);
    if (result.representable) return;
    expect(
      result.problems.map((problem) => [problem.code, problem.pointer, problem.message]),
    ).toEqual(want);
  });
});
