import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';
import type { JsonSchema } from '../../../../runtime/core/contract.js';
import { OPENAI_STRICT_DIALECT } from '../../../../runtime/integrations/adapters/strict-schema-dialects.js';
import { toStrictSchema } from '../../../../runtime/integrations/adapters/to-strict-schema.js';

/** OpenAI's strict function calling: `toStrictSchema` with its dialect. */
const toOpenAiStrictSchema = (schema: JsonSchema) => toStrictSchema(schema, OPENAI_STRICT_DIALECT);

const DRAFT = 'https://json-schema.org/draft/2020-12/schema';

describe('toOpenAiStrictSchema: representable schemas', () => {
  test.each<{ name: string; given: JsonSchema; want: JsonSchema }>([
    {
      name: 'a closed object with every property required only loses $schema',
      given: {
        $schema: DRAFT,
        type: 'object',
        properties: { command: { type: 'string', description: 'The command' } },
        required: ['command'],
        additionalProperties: false,
      },
      want: {
        type: 'object',
        properties: { command: { type: 'string', description: 'The command' } },
        required: ['command'],
        additionalProperties: false,
      },
    },
    {
      name: 'optional properties become required and nullable; constraints move to the description',
      given: {
        $schema: DRAFT,
        type: 'object',
        properties: {
          file_path: { type: 'string', description: 'Absolute path', minLength: 1 },
          offset: { type: 'integer', minimum: 0 },
          limit: {
            type: 'integer',
            exclusiveMinimum: 0,
            maximum: 2000,
            description: 'Lines to read',
          },
        },
        required: ['file_path'],
        additionalProperties: false,
      },
      want: {
        type: 'object',
        properties: {
          file_path: {
            type: 'string',
            description: 'Absolute path\nConstraints: at least 1 character.',
          },
          offset: { type: ['integer', 'null'], description: 'Constraints: >= 0.' },
          limit: {
            type: ['integer', 'null'],
            description: 'Lines to read\nConstraints: > 0; <= 2000.',
          },
        },
        required: ['file_path', 'offset', 'limit'],
        additionalProperties: false,
      },
    },
    {
      name: 'every folded keyword, said in the dialect order whatever the input order',
      given: {
        type: 'object',
        properties: {
          url: {
            type: 'string',
            maxLength: 1,
            pattern: '^https://',
            format: 'uri',
            default: 'https://a',
            minLength: 1,
          },
          ratio: { type: 'number', multipleOf: 0.5, exclusiveMaximum: 10 },
          tags: {
            type: 'array',
            items: { type: 'string' },
            uniqueItems: true,
            maxItems: 3,
            minItems: 1,
          },
          headers: {
            type: 'object',
            properties: { accept: { type: 'string' } },
            required: ['accept'],
            additionalProperties: false,
            minProperties: 1,
            maxProperties: 8,
          },
          blob: { type: 'string', contentEncoding: 'base64', contentMediaType: 'image/png' },
          unique: { type: 'array', items: { type: 'number' }, uniqueItems: false },
        },
        required: ['url', 'ratio', 'tags', 'headers', 'blob', 'unique'],
        additionalProperties: false,
      },
      want: {
        type: 'object',
        properties: {
          url: {
            type: 'string',
            description:
              'Constraints: format uri; matches the regular expression ^https://; at least 1 character; at most 1 character; default "https://a".',
          },
          ratio: { type: 'number', description: 'Constraints: < 10; a multiple of 0.5.' },
          tags: {
            type: 'array',
            items: { type: 'string' },
            description: 'Constraints: at least 1 item; at most 3 items; items are unique.',
          },
          headers: {
            type: 'object',
            properties: { accept: { type: 'string' } },
            required: ['accept'],
            additionalProperties: false,
            description: 'Constraints: at least 1 property; at most 8 properties.',
          },
          blob: {
            type: 'string',
            description: 'Constraints: encoded as base64; media type image/png.',
          },
          unique: { type: 'array', items: { type: 'number' } },
        },
        required: ['url', 'ratio', 'tags', 'headers', 'blob', 'unique'],
        additionalProperties: false,
      },
    },
    {
      name: 'an optional enum gets null among its values',
      given: {
        type: 'object',
        properties: { mode: { type: 'string', enum: ['content', 'files_with_matches', 'count'] } },
        additionalProperties: false,
      },
      want: {
        type: 'object',
        properties: {
          mode: {
            type: ['string', 'null'],
            enum: ['content', 'files_with_matches', 'count', null],
          },
        },
        additionalProperties: false,
        required: ['mode'],
      },
    },
    {
      name: 'nested objects are projected too, each with its own required list',
      given: {
        type: 'object',
        properties: {
          options: {
            type: 'object',
            properties: { depth: { type: 'integer' }, follow: { type: 'boolean' } },
            required: ['depth'],
            additionalProperties: false,
          },
        },
        required: [],
        additionalProperties: false,
      },
      want: {
        type: 'object',
        properties: {
          options: {
            type: ['object', 'null'],
            properties: { depth: { type: 'integer' }, follow: { type: ['boolean', 'null'] } },
            required: ['depth', 'follow'],
            additionalProperties: false,
          },
        },
        required: ['options'],
        additionalProperties: false,
      },
    },
    {
      name: 'oneOf becomes anyOf; an optional union gets a null branch',
      given: {
        type: 'object',
        properties: {
          target: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
          fallback: { oneOf: [{ type: 'string' }, { type: 'boolean' }] },
        },
        required: ['target'],
        additionalProperties: false,
      },
      want: {
        type: 'object',
        properties: {
          target: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
          fallback: { anyOf: [{ type: 'string' }, { type: 'boolean' }, { type: 'null' }] },
        },
        required: ['target', 'fallback'],
        additionalProperties: false,
      },
    },
    {
      name: 'optional const and $ref are wrapped in anyOf with null; definitions are hoisted and projected',
      given: {
        type: 'object',
        properties: { kind: { const: 'file' }, where: { $ref: '#/definitions/location' } },
        additionalProperties: false,
        definitions: {
          location: {
            type: 'object',
            properties: { line: { type: 'integer', minimum: 1 } },
            additionalProperties: false,
          },
        },
      },
      want: {
        type: 'object',
        properties: {
          kind: { anyOf: [{ const: 'file' }, { type: 'null' }] },
          where: { anyOf: [{ $ref: '#/$defs/location' }, { type: 'null' }] },
        },
        additionalProperties: false,
        required: ['kind', 'where'],
        $defs: {
          location: {
            type: 'object',
            properties: { line: { type: ['integer', 'null'], description: 'Constraints: >= 1.' } },
            additionalProperties: false,
            required: ['line'],
          },
        },
      },
    },
    {
      name: 'an optional property that already accepts null is left as it is',
      given: {
        type: 'object',
        properties: {
          a: { type: ['string', 'null'] },
          b: { anyOf: [{ type: 'number' }, { type: 'null' }] },
          c: { enum: ['x', null] },
        },
        additionalProperties: false,
      },
      want: {
        type: 'object',
        properties: {
          a: { type: ['string', 'null'] },
          b: { anyOf: [{ type: 'number' }, { type: 'null' }] },
          c: { enum: ['x', null] },
        },
        additionalProperties: false,
        required: ['a', 'b', 'c'],
      },
    },
    {
      name: 'an object without properties gets empty properties and required',
      given: { $schema: DRAFT, type: 'object', additionalProperties: false },
      want: { type: 'object', additionalProperties: false, properties: {}, required: [] },
    },
    {
      name: 'recursion through the root is allowed (hoisted as root)',
      given: {
        type: 'object',
        properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } },
        required: ['name', 'children'],
        additionalProperties: false,
      },
      want: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/$defs/root' } },
        },
        required: ['name', 'children'],
        additionalProperties: false,
        $defs: {
          root: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              children: { type: 'array', items: { $ref: '#/$defs/root' } },
            },
            required: ['name', 'children'],
            additionalProperties: false,
          },
        },
      },
    },
    {
      name: 'an object or array that does not say its type gets it said',
      given: {
        type: 'object',
        properties: {
          point: {
            properties: { x: { type: 'number' } },
            required: ['x'],
            additionalProperties: false,
          },
          list: { items: { type: 'string' }, description: 'Names' },
        },
        required: ['point', 'list'],
        additionalProperties: false,
      },
      want: {
        type: 'object',
        properties: {
          point: {
            type: 'object',
            properties: { x: { type: 'number' } },
            required: ['x'],
            additionalProperties: false,
          },
          list: { type: 'array', items: { type: 'string' }, description: 'Names' },
        },
        required: ['point', 'list'],
        additionalProperties: false,
      },
    },
    {
      name: 'annotations are dropped, title and descriptions kept',
      given: {
        $schema: DRAFT,
        $id: 'https://example.com/tool',
        $comment: 'internal',
        title: 'Input',
        type: 'object',
        properties: {
          q: {
            type: 'string',
            examples: ['a'],
            deprecated: false,
            readOnly: false,
            writeOnly: false,
          },
        },
        required: ['q'],
        additionalProperties: false,
      },
      want: {
        title: 'Input',
        type: 'object',
        properties: { q: { type: 'string' } },
        required: ['q'],
        additionalProperties: false,
      },
    },
  ])('$name', ({ given, want }) => {
    const before = structuredClone(given);
    expect(toOpenAiStrictSchema(given)).toEqual({ representable: true, schema: want });
    expect(given).toEqual(before);
  });

  test('the projection of a strict-shaped schema accepts what the strict endpoint may send, and nothing open', () => {
    const given: JsonSchema = {
      type: 'object',
      properties: { path: { type: 'string' }, depth: { type: 'integer', minimum: 0 } },
      required: ['path'],
      additionalProperties: false,
    };
    const result = toOpenAiStrictSchema(given);
    if (!result.representable) throw new Error('expected representable');
    const validate = new Ajv2020({ strict: false }).compile(result.schema);
    expect(validate({ path: 'a', depth: null })).toBe(true);
    expect(validate({ path: 'a', depth: 3 })).toBe(true);
    expect(validate({ path: 'a' })).toBe(false); // every property is required now
    expect(validate({ path: 'a', depth: null, extra: 1 })).toBe(false);
  });
});

describe('toOpenAiStrictSchema: not representable, every problem with its pointer', () => {
  const closed = (properties: Record<string, unknown>): JsonSchema => ({
    type: 'object',
    properties,
    additionalProperties: false,
  });
  let deep: JsonSchema = { type: 'object', properties: {}, additionalProperties: false };
  for (let level = 0; level < 10; level += 1) deep = closed({ next: deep });

  test.each<[string, JsonSchema, [string, string, string][]]>([
    [
      'an open object (additionalProperties: true)',
      closed({ env: { type: 'object', properties: {}, additionalProperties: true } }),
      [
        [
          'open-object',
          '/properties/env',
          '/properties/env: the object accepts properties it does not list (additionalProperties is not false)',
        ],
      ],
    ],
    [
      'a map (additionalProperties is a schema)',
      closed({ headers: { type: 'object', additionalProperties: { type: 'string' } } }),
      [
        [
          'open-object',
          '/properties/headers',
          '/properties/headers: the object accepts properties it does not list (additionalProperties is not false)',
        ],
      ],
    ],
    [
      'a root object that does not say additionalProperties',
      { type: 'object', properties: { a: { type: 'string' } } },
      [
        [
          'open-object',
          '',
          '(root): the object accepts properties it does not list (additionalProperties is not false)',
        ],
      ],
    ],
    [
      'a root union',
      { anyOf: [closed({ a: { type: 'string' } }), closed({ b: { type: 'string' } })] },
      [['root-not-object', '', '(root): the root must be a schema of type object']],
    ],
    [
      'a root array',
      { type: 'array', items: { type: 'string' } },
      [['root-not-object', '', '(root): the root must be a schema of type object']],
    ],
    [
      'composition keywords',
      closed({
        a: { allOf: [{ type: 'string' }] },
        b: { type: 'string', not: { const: '' } },
        c: { if: { type: 'string' } },
      }),
      [
        [
          'unsupported-keyword',
          '/properties/a',
          '/properties/a: allOf: the keyword cannot be expressed in the strict subset',
        ],
        [
          'unsupported-keyword',
          '/properties/b',
          '/properties/b: not: the keyword cannot be expressed in the strict subset',
        ],
        [
          'unsupported-keyword',
          '/properties/c',
          '/properties/c: if: the keyword cannot be expressed in the strict subset',
        ],
      ],
    ],
    [
      'a value of any type, and an array of anything',
      closed({
        value: { description: 'anything' },
        list: { type: 'array' },
        loose: { type: 'array', items: true },
      }),
      [
        [
          'untyped',
          '/properties/value',
          '/properties/value: the schema accepts any value (no type, enum, const, anyOf or $ref)',
        ],
        ['open-array', '/properties/list', '/properties/list: the array has no items schema'],
        [
          'untyped',
          '/properties/loose/items',
          '/properties/loose/items: the schema accepts any value (no type, enum, const, anyOf or $ref)',
        ],
      ],
    ],
    [
      'patternProperties, a tuple and an unknown keyword',
      closed({
        env: {
          type: 'object',
          patternProperties: { '^A': { type: 'string' } },
          additionalProperties: false,
        },
        pair: { type: 'array', items: [{ type: 'string' }] },
        legacy: { type: 'string', nullable: true },
      }),
      [
        [
          'unsupported-keyword',
          '/properties/env',
          '/properties/env: patternProperties: the keyword cannot be expressed in the strict subset',
        ],
        [
          'unsupported-keyword',
          '/properties/pair',
          '/properties/pair: items (array form): the keyword cannot be expressed in the strict subset',
        ],
        [
          'unsupported-keyword',
          '/properties/legacy',
          '/properties/legacy: nullable: the keyword cannot be expressed in the strict subset',
        ],
      ],
    ],
    [
      'a property that can never be given (false schema)',
      closed({ never: false }),
      [
        [
          'unsupported-keyword',
          '/properties/never',
          '/properties/never: false (a schema that accepts nothing): the keyword cannot be expressed in the strict subset',
        ],
      ],
    ],
    [
      'anyOf and oneOf side by side',
      closed({ a: { anyOf: [{ type: 'string' }], oneOf: [{ type: 'number' }] } }),
      [
        [
          'unsupported-keyword',
          '/properties/a',
          '/properties/a: oneOf: the keyword cannot be expressed in the strict subset',
        ],
      ],
    ],
    [
      'a ref to another document',
      closed({ a: { $ref: 'https://example.com/a.json' } }),
      [
        [
          'unresolvable-ref',
          '/properties/a',
          '/properties/a: https://example.com/a.json: the $ref does not point at a schema in this document',
        ],
      ],
    ],
    [
      'a dangling local ref (reported by the hoisting step)',
      closed({ a: { $ref: '#/definitions/none' } }),
      [
        [
          'unresolvable-ref',
          '/properties/a',
          '/properties/a: #/definitions/none: the $ref does not point at a schema in this document',
        ],
      ],
    ],
    [
      'objects nested 11 deep',
      deep,
      [
        [
          'too-deep',
          '/properties/next/properties/next/properties/next/properties/next/properties/next/properties/next/properties/next/properties/next/properties/next/properties/next',
          '/properties/next/properties/next/properties/next/properties/next/properties/next/properties/next/properties/next/properties/next/properties/next/properties/next: 11 > 10: objects are nested deeper than the limit',
        ],
      ],
    ],
    [
      '1 001 enum values',
      closed({
        code: { type: 'integer', enum: Array.from({ length: 1001 }, (_, index) => index) },
      }),
      [
        [
          'too-many-enum-values',
          '',
          '(root): 1001 > 1000: more enum values in total than the limit',
        ],
      ],
    ],
    [
      '5 001 properties',
      closed(
        Object.fromEntries(
          Array.from({ length: 5001 }, (_, index) => [`p${index}`, { type: 'boolean' }]),
        ),
      ),
      [
        [
          'too-many-properties',
          '',
          '(root): 5001 > 5000: more object properties in total than the limit',
        ],
      ],
    ],
  ])('%s', (_label, given, want) => {
    const result = toOpenAiStrictSchema(given);
    expect(result.representable).toBe(false);
    if (result.representable) return;
    expect(
      result.problems.map((problem) => [problem.code, problem.pointer, problem.message]),
    ).toEqual(want);
  });

  test('10 levels of nesting is still within the limit', () => {
    let schema: JsonSchema = { type: 'object', properties: {}, additionalProperties: false };
    for (let level = 0; level < 9; level += 1) schema = closed({ next: schema });
    expect(toOpenAiStrictSchema(schema).representable).toBe(true);
  });
});
