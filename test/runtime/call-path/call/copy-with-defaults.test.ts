import { describe, expect, test } from 'vitest';
import {
  compileCopyWithDefaults,
  schemaForCopies,
  UNDECIDED,
} from '../../../../runtime/call-path/call/copy-with-defaults.js';
import type { JsonSchema } from '../../../../runtime/core/contract.js';

const schema: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 3, description: 'd' },
    mode: { type: 'string', enum: ['a', 'b'], default: 'a' },
    tags: { type: 'array', items: { type: 'string', pattern: '^.$' }, default: ['x'] },
    note: { type: 'string' },
    meta: { type: 'object', properties: { n: { type: 'integer', default: 1 } } },
  },
  required: ['name'],
  additionalProperties: false,
};
const copy = compileCopyWithDefaults(schema)!;

class Point {
  x = 1;
}

describe('compileCopyWithDefaults: the copy is zod’s output', () => {
  test.each([
    ['declared order, defaults filled', { name: 'n' }, { name: 'n', mode: 'a', tags: ['x'] }],
    [
      'the input order does not matter',
      { note: 'z', tags: ['q'], name: 'n' },
      { name: 'n', mode: 'a', tags: ['q'], note: 'z' },
    ],
    [
      'an undefined value takes the default, or stays undefined',
      { note: undefined, mode: undefined, name: 'n' },
      { name: 'n', mode: 'a', tags: ['x'], note: undefined },
    ],
    [
      'a passthrough object keeps other keys in their order, not __proto__ or undefined ones',
      { name: 'n', meta: JSON.parse('{"z":1,"__proto__":2,"u":null}') as unknown },
      { name: 'n', mode: 'a', tags: ['x'], meta: { n: 1, z: 1, u: null } },
    ],
    [
      'wrong types are left for ajv to refuse',
      { name: 5, tags: 'x' },
      { name: 5, mode: 'a', tags: 'x' },
    ],
    ['a string as the whole input', 'text', 'text'],
  ] as const)('%s', (_case, input, want) => {
    const got = copy(input);
    expect(got).toStrictEqual(want);
    expect(JSON.stringify(got)).toBe(JSON.stringify(want));
  });

  test('each call gets a fresh default and fresh arrays', () => {
    const first = copy({ name: 'n' }) as { tags: string[] };
    first.tags.push('y');
    expect(copy({ name: 'n' })).toMatchObject({ tags: ['x'] });
    const tags = ['a'];
    expect((copy({ name: 'n', tags }) as { tags: string[] }).tags).not.toBe(tags);
  });
});

describe('compileCopyWithDefaults: zod must judge', () => {
  test.each([
    ['a stray key (refused; zod words it)', { name: 'n', other: 1 }],
    [
      'a string over maxLength in UTF-16 units (zod counts them; ajv counts code points)',
      { name: '😀😀' },
    ],
    [
      'a string JavaScript’s RegExp does not match (ajv’s RE2 reads "." otherwise)',
      { name: 'n', tags: ['\r'] },
    ],
    ['NaN', { name: 'n', meta: { n: Number.NaN } }],
    ['Infinity', { name: 'n', meta: { n: Infinity } }],
    ['a Date', { name: 'n', meta: new Date(0) }],
    ['a class instance', { name: 'n', meta: new Point() }],
    ['a Map at the top', new Map()],
    [
      'a getter that throws',
      {
        get name(): string {
          throw new Error('no');
        },
      },
    ],
    ['an object where a string is declared', { name: { toString: 'n' } }],
  ] as const)('%s', (_case, input) => {
    expect(copy(input)).toBe(UNDECIDED);
  });

  test.each([
    ['a format', { type: 'string', format: 'uri' }],
    ['a $ref', { $ref: '#/$defs/a', $defs: { a: { type: 'string' } } }],
    ['a union with an object branch', { oneOf: [{ type: 'string' }, { type: 'object' }] }],
    ['a default inside a union', { oneOf: [{ type: 'string', default: 'a' }, { type: 'null' }] }],
    ['a pattern inside a union', { anyOf: [{ type: 'string', pattern: 'a' }, { type: 'null' }] }],
    [
      'additionalProperties as a schema',
      { type: 'object', additionalProperties: { type: 'string' } },
    ],
    [
      'a property named __proto__',
      { type: 'object', properties: JSON.parse('{"__proto__":{}}') as JsonSchema },
    ],
    ['an unknown keyword', { type: 'number', multipleOf: 0.1 }],
  ] as const)('no copier for %s', (_case, node) => {
    expect(compileCopyWithDefaults(node as JsonSchema)).toBeUndefined();
  });

  test('a union of scalars is taken as it is', () => {
    const union = compileCopyWithDefaults({ oneOf: [{ type: 'string' }, { type: 'integer' }] })!;
    expect(union(3)).toBe(3);
    expect(union({})).toBe(UNDECIDED);
  });
});

describe('schemaForCopies: the copy’s schema leaves out the closed-object check the copier made', () => {
  test('every built object is opened, other keywords and nodes kept', () => {
    expect(schemaForCopies(schema)).toStrictEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: schema['properties'],
      required: ['name'],
    });
    const nested: JsonSchema = {
      type: 'object',
      properties: {
        list: {
          type: 'array',
          items: {
            type: 'object',
            properties: { a: { type: 'string' } },
            additionalProperties: false,
          },
        },
        open: { type: 'object', additionalProperties: true },
      },
      additionalProperties: false,
    };
    expect(schemaForCopies(nested)).toStrictEqual({
      type: 'object',
      properties: {
        list: { type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } } },
        open: { type: 'object', additionalProperties: true },
      },
    });
    // The schema itself is left as it was.
    expect(nested['additionalProperties']).toBe(false);
  });
});
