import { describe, expect, it } from 'vitest';
import { compileSchema } from '../../../generator/emit/compile-schema.js';
import { liveZodSchema } from '../../../generator/emit/live-zod-schema.js';
import { zodChecksAreJsonSchema, zodCode } from '../../../generator/emit/zod-code.js';
import type { SchemaNode } from '../../../generator/manifest/manifest-schema.js';

const closed = (properties: Record<string, SchemaNode>, required: string[] = []): SchemaNode => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

describe('zodCode: one case per construct of the schema language', () => {
  it.each<{ name: string; node: SchemaNode; code: string }>([
    { name: 'string', node: { type: 'string' }, code: 'z.string()' },
    {
      name: 'string lengths and pattern (u flag)',
      node: { type: 'string', minLength: 1, maxLength: 9, pattern: '^a\\d+$' },
      code: 'z.string().min(1).max(9).regex(new RegExp("^a\\\\d+$", "u"))',
    },
    { name: 'format uri', node: { type: 'string', format: 'uri' }, code: 'z.string().url()' },
    { name: 'format email', node: { type: 'string', format: 'email' }, code: 'z.string().email()' },
    { name: 'format uuid', node: { type: 'string', format: 'uuid' }, code: 'z.string().uuid()' },
    {
      name: 'format date-time',
      node: { type: 'string', format: 'date-time' },
      code: 'z.string().datetime({ offset: true })',
    },
    { name: 'format date', node: { type: 'string', format: 'date' }, code: 'z.string().date()' },
    {
      name: 'number bounds',
      node: { type: 'number', minimum: 0, maximum: 1.5 },
      code: 'z.number().gte(0).lte(1.5)',
    },
    {
      name: 'integer exclusive bounds',
      node: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 10 },
      code: 'z.number().int().gt(0).lt(10)',
    },
    { name: 'boolean', node: { type: 'boolean' }, code: 'z.boolean()' },
    {
      name: 'array with item count',
      node: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3 },
      code: 'z.array(z.string()).min(1).max(3)',
    },
    { name: 'empty closed object', node: closed({}), code: 'z.object({}).strict()' },
    {
      name: 'open object',
      node: { type: 'object', properties: {}, required: [], additionalProperties: true },
      code: 'z.object({}).passthrough()',
    },
    {
      name: 'object: optional unless required; odd keys quoted; __proto__ computed',
      // JSON.parse: in an object literal `__proto__` would set the prototype instead.
      node: closed(
        JSON.parse(
          '{"a":{"type":"string"},"b-c":{"type":"number","description":"B"},"__proto__":{"type":"boolean"}}',
        ),
        ['a'],
      ),
      code: [
        'z.object({',
        '  a: z.string(),',
        '  "b-c": z.number().optional().describe("B"),',
        '  ["__proto__"]: z.boolean().optional(),',
        '}).strict()',
      ].join('\n'),
    },
    { name: 'string enum', node: { type: 'enum', values: ['a', 'b'] }, code: 'z.enum(["a", "b"])' },
    {
      name: 'single non-string enum value',
      node: { type: 'enum', values: [3] },
      code: 'z.literal(3)',
    },
    {
      name: 'mixed enum',
      node: { type: 'enum', values: ['a', 1, true] },
      code: 'z.union([z.literal("a"), z.literal(1), z.literal(true)])',
    },
    { name: 'const', node: { type: 'const', value: 'x' }, code: 'z.literal("x")' },
    { name: 'const null', node: { type: 'const', value: null }, code: 'z.null()' },
    {
      name: 'union',
      node: { type: 'union', anyOf: [{ type: 'string' }, { type: 'number' }] },
      code: 'z.union([\n  z.string(),\n  z.number(),\n])',
    },
    { name: 'nullable', node: { type: 'string', nullable: true }, code: 'z.string().nullable()' },
    {
      name: 'scalar default',
      node: { type: 'boolean', default: false },
      code: 'z.boolean().default(false)',
    },
    {
      name: 'structured default is a fresh copy per parse',
      node: { type: 'array', items: { type: 'string' }, default: ['x'] },
      code: 'z.array(z.string()).default(() => (["x"]))',
    },
    {
      name: 'description last, escaped',
      node: { type: 'string', description: 'a "b" `c` ${d} */ \u2028' },
      code: 'z.string().describe("a \\"b\\" `c` ${d} */ \\u2028")',
    },
    {
      name: 'nested objects are indented',
      node: closed({ inner: closed({ x: { type: 'string' } }, ['x']) }, ['inner']),
      code: [
        'z.object({',
        '  inner: z.object({',
        '    x: z.string(),',
        '  }).strict(),',
        '}).strict()',
      ].join('\n'),
    },
  ])('$name', ({ node, code }) => {
    expect(zodCode(node)).toBe(code);
    // The text must evaluate: it is the single source of both schemas.
    expect(() => liveZodSchema(code)).not.toThrow();
  });
});

describe('the live schema from the same code accepts and refuses what the manifest says', () => {
  const node = closed(
    {
      path: { type: 'string', minLength: 1 },
      mode: { type: 'enum', values: ['a', 'b'], default: 'a' },
      when: { type: 'string', format: 'date-time', nullable: true },
      count: { type: 'integer', minimum: 1 },
    },
    ['path', 'when'],
  );
  const schema = liveZodSchema(zodCode(node));

  it.each([
    { value: { path: 'x', when: null }, want: { path: 'x', when: null, mode: 'a' } },
    {
      value: { path: 'x', when: '2026-01-02T03:04:05+01:00', mode: 'b', count: 2 },
      want: { path: 'x', when: '2026-01-02T03:04:05+01:00', mode: 'b', count: 2 },
    },
  ])('accepts %j (defaults applied)', ({ value, want }) => {
    expect(schema.parse(value)).toEqual(want);
  });

  it.each([
    { path: '', when: null },
    { path: 'x' },
    { path: 'x', when: 'yesterday' },
    { path: 'x', when: null, count: 1.5 },
    { path: 'x', when: null, extra: true },
  ])('refuses %j', (value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });
});

describe('compileSchema: JSON Schema from zod-to-json-schema, normalised', () => {
  it('maps every construct the way the model will see it', () => {
    const node = closed(
      {
        url: { type: 'string', format: 'uri', description: 'Where.' },
        retries: { type: 'integer', minimum: 0, default: 3 },
        tags: { type: 'array', items: { type: 'string' } },
        mode: { type: 'enum', values: ['fast', 'slow'], nullable: true },
        payload: {
          type: 'union',
          anyOf: [
            closed({ kind: { type: 'const', value: 'a' } }, ['kind']),
            closed({ kind: { type: 'const', value: 'b' } }, ['kind']),
          ],
        },
      },
      ['url', 'payload'],
    );
    expect(compileSchema(node).jsonSchema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        url: { type: 'string', format: 'uri', description: 'Where.' },
        retries: { type: 'integer', minimum: 0, default: 3 },
        tags: { type: 'array', items: { type: 'string' } },
        mode: { oneOf: [{ type: 'string', enum: ['fast', 'slow'] }, { type: 'null' }] },
        payload: {
          oneOf: [
            {
              type: 'object',
              properties: { kind: { type: 'string', const: 'a' } },
              required: ['kind'],
              additionalProperties: false,
            },
            {
              type: 'object',
              properties: { kind: { type: 'string', const: 'b' } },
              required: ['kind'],
              additionalProperties: false,
            },
          ],
        },
      },
      required: ['url', 'payload'],
      additionalProperties: false,
    });
  });

  it.each<{ name: string; node: SchemaNode; path: (string | number)[]; message: string }>([
    {
      name: 'a default of the wrong type',
      node: closed({ n: { type: 'integer', default: 'three' } }),
      path: ['properties', 'n', 'default'],
      message: 'the default is not a value of this schema: Expected number, received string',
    },
    {
      name: 'a default outside the enum',
      node: closed({ m: { type: 'enum', values: ['a'], default: 'b' } }),
      path: ['properties', 'm', 'default'],
      message:
        "the default is not a value of this schema: Invalid enum value. Expected 'a', received 'b'",
    },
    {
      name: 'a nested default that breaks a closed object',
      node: { type: 'array', items: closed({ a: { type: 'string' } }), default: [{ b: 1 }] },
      path: ['default'],
      message: "the default is not a value of this schema: 0: Unrecognized key(s) in object: 'b'",
    },
  ])('reports $name at its field', ({ node, path, message }) => {
    expect(compileSchema(node).problems).toEqual([{ code: 'invalid_default', path, message }]);
  });

  it('refuses a property named __proto__, which the JSON Schema projection would drop', () => {
    const node = closed({ outer: closed(JSON.parse('{"__proto__":{"type":"boolean"}}')) });
    expect(compileSchema(node).problems).toEqual([
      {
        code: 'unsupported_property_name',
        path: ['properties', 'outer', 'properties', '__proto__'],
        message:
          'a property cannot be named __proto__ (the JSON Schema projection cannot carry it)',
      },
    ]);
  });
});

describe('zodChecksAreJsonSchema: the contract’s inputSchemaExact', () => {
  it.each<{ name: string; node: SchemaNode; exact: boolean }>([
    {
      name: 'lengths, pattern, bounds, enum, default',
      node: closed({
        a: { type: 'string', minLength: 1, maxLength: 3, pattern: '^a$' },
        b: { type: 'integer', minimum: 1, default: 2 },
        c: { type: 'enum', values: ['x', 'y'] },
      }),
      exact: true,
    },
    { name: 'a format (zod’s own .url())', node: { type: 'string', format: 'uri' }, exact: false },
    {
      name: 'a format deep in an array of objects',
      node: { type: 'array', items: closed({ d: { type: 'string', format: 'date' } }) },
      exact: false,
    },
    {
      name: 'a format in a union branch',
      node: { type: 'union', anyOf: [{ type: 'string', format: 'email' }, { type: 'integer' }] },
      exact: false,
    },
  ])('$name → $exact', ({ node, exact }) => {
    expect(zodChecksAreJsonSchema(node)).toBe(exact);
  });
});
