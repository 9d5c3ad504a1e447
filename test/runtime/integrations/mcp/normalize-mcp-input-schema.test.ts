import fc from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { describe, expect, test } from 'vitest';
import { DRAFT_2020_12 } from '../../../../runtime/core/json-schema/draft-2020-12.js';
import { normalizeMcpInputSchema } from '../../../../runtime/integrations/mcp/normalize-mcp-input-schema.js';

const S = DRAFT_2020_12;

describe('normalizeMcpInputSchema', () => {
  test.each<{ title: string; given: unknown; want: unknown; warnings?: string[] }>([
    {
      title: 'draft-07 object: $schema replaced by draft 2020-12',
      given: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { path: { type: 'string' } },
        required: ['path'],
        additionalProperties: false,
      },
      want: {
        $schema: S,
        type: 'object',
        properties: { path: { type: 'string' } },
        required: ['path'],
        additionalProperties: false,
      },
    },
    {
      title: 'already 2020-12: unchanged',
      given: { $schema: S, type: 'object', properties: { n: { type: 'integer', minimum: 1 } } },
      want: { $schema: S, type: 'object', properties: { n: { type: 'integer', minimum: 1 } } },
    },
    {
      title: 'no schema at all',
      given: undefined,
      want: { $schema: S, type: 'object' },
      warnings: ['no input schema; the model is shown {"type":"object"}'],
    },
    {
      title: 'a schema that is not an object',
      given: 'object',
      want: { $schema: S, type: 'object' },
      warnings: ['input schema is a string, not an object; the model is shown {"type":"object"}'],
    },
    {
      title: 'a root that is not an object type',
      given: { type: 'string' },
      want: { $schema: S, type: 'object' },
      warnings: [
        'input schema root has type "string", expected "object"; the model is shown {"type":"object"}',
      ],
    },
    {
      title: 'an empty schema becomes an object schema',
      given: {},
      want: { $schema: S, type: 'object' },
    },
    {
      title: 'properties without type are typed object',
      given: { properties: { inner: { properties: { a: { type: 'string' } } } } },
      want: {
        $schema: S,
        type: 'object',
        properties: { inner: { type: 'object', properties: { a: { type: 'string' } } } },
      },
    },
    {
      title: '$defs + $ref are inlined and the definitions dropped',
      given: {
        type: 'object',
        properties: {
          user: { $ref: '#/$defs/User' },
          tags: { type: 'array', items: { $ref: '#/definitions/Tag' } },
        },
        $defs: {
          User: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        },
        definitions: { Tag: { type: 'string', enum: ['a', 'b'] } },
      },
      want: {
        $schema: S,
        type: 'object',
        properties: {
          user: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
          tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
        },
      },
    },
    {
      title: 'keywords next to $ref are kept (and win)',
      given: {
        type: 'object',
        properties: { when: { $ref: '#/$defs/Date', description: 'When it happened.' } },
        $defs: { Date: { type: 'string', description: 'A date.', format: 'date' } },
      },
      want: {
        $schema: S,
        type: 'object',
        properties: { when: { type: 'string', description: 'When it happened.', format: 'date' } },
      },
    },
    {
      title:
        'draft-07 keywords next to $ref are converted with the target (nullable, additionalItems)',
      given: {
        type: 'object',
        properties: {
          d: { $ref: '#/$defs/D', nullable: true },
          t: { $ref: '#/$defs/T', additionalItems: false },
        },
        $defs: { D: { type: 'string' }, T: { type: 'array', items: [{ type: 'number' }] } },
      },
      want: {
        $schema: S,
        type: 'object',
        properties: {
          d: { type: ['string', 'null'] },
          t: { type: 'array', prefixItems: [{ type: 'number' }], items: false },
        },
      },
      warnings: [],
    },
    {
      title: 'a $ref to something that is not a schema accepts anything, with a warning',
      given: { type: 'object', properties: { r: { $ref: '#/required' } }, required: ['r'] },
      want: { $schema: S, type: 'object', properties: { r: {} }, required: ['r'] },
      warnings: [
        'reference "#/required" points at something that is not a schema; replaced by {} (any value)',
      ],
    },
    {
      title: 'a recursive $ref is expanded twice, then stubbed with its type',
      given: {
        type: 'object',
        properties: { root: { $ref: '#/$defs/Node' } },
        $defs: {
          Node: {
            type: 'object',
            properties: {
              value: { type: 'string' },
              children: { type: 'array', items: { $ref: '#/$defs/Node' } },
            },
          },
        },
      },
      want: {
        $schema: S,
        type: 'object',
        properties: {
          root: {
            type: 'object',
            properties: {
              value: { type: 'string' },
              children: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    value: { type: 'string' },
                    children: {
                      type: 'array',
                      items: {
                        type: 'object',
                        description:
                          '(Same structure as the enclosing #/$defs/Node; not expanded further.)',
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    {
      title: 'a root that refers to itself ($ref: "#")',
      given: { type: 'object', properties: { next: { $ref: '#' } } },
      want: {
        $schema: S,
        type: 'object',
        properties: {
          next: {
            type: 'object',
            properties: {
              next: {
                type: 'object',
                properties: {
                  next: {
                    type: 'object',
                    description: '(Same structure as the enclosing #; not expanded further.)',
                  },
                },
              },
            },
          },
        },
      },
    },
    {
      title: 'an unresolvable local $ref accepts anything, with a warning',
      given: { type: 'object', properties: { x: { $ref: '#/$defs/Missing' } } },
      want: { $schema: S, type: 'object', properties: { x: {} } },
      warnings: ['reference "#/$defs/Missing" points nowhere; replaced by {} (any value)'],
    },
    {
      title: 'a remote $ref is not fetched',
      given: { type: 'object', properties: { x: { $ref: 'https://example.com/schema.json' } } },
      want: {
        $schema: S,
        type: 'object',
        properties: {
          x: { description: '(Refers to https://example.com/schema.json, which is not included.)' },
        },
      },
      warnings: [
        'remote reference "https://example.com/schema.json" is not followed; replaced by {} (any value)',
      ],
    },
    {
      title: 'type arrays are kept',
      given: {
        type: 'object',
        properties: { id: { type: ['string', 'integer'] }, note: { type: ['string', 'null'] } },
      },
      want: {
        $schema: S,
        type: 'object',
        properties: { id: { type: ['string', 'integer'] }, note: { type: ['string', 'null'] } },
      },
    },
    {
      title: 'a root type array containing object is accepted',
      given: { type: ['object', 'null'], properties: {} },
      want: { $schema: S, type: ['object', 'null'], properties: {} },
    },
    {
      title: 'unknown formats move into the description; known ones stay',
      given: {
        type: 'object',
        properties: {
          color: { type: 'string', format: 'hex-color', description: 'Fill colour.' },
          at: { type: 'string', format: 'date-time' },
          id: { type: 'string', format: 'snowflake' },
        },
      },
      want: {
        $schema: S,
        type: 'object',
        properties: {
          color: { type: 'string', description: 'Fill colour. (Format: hex-color.)' },
          at: { type: 'string', format: 'date-time' },
          id: { type: 'string', description: '(Format: snowflake.)' },
        },
      },
    },
    {
      title: 'draft-07 tuple items become prefixItems, additionalItems becomes items',
      given: {
        type: 'object',
        properties: {
          point: {
            type: 'array',
            items: [{ type: 'number' }, { type: 'number' }],
            additionalItems: false,
          },
        },
      },
      want: {
        $schema: S,
        type: 'object',
        properties: {
          point: {
            type: 'array',
            prefixItems: [{ type: 'number' }, { type: 'number' }],
            items: false,
          },
        },
      },
    },
    {
      title: 'draft-07 dependencies split into dependentRequired and dependentSchemas',
      given: {
        type: 'object',
        dependencies: { card: ['billing'], vip: { properties: { level: { type: 'integer' } } } },
      },
      want: {
        $schema: S,
        type: 'object',
        dependentRequired: { card: ['billing'] },
        dependentSchemas: { vip: { type: 'object', properties: { level: { type: 'integer' } } } },
      },
    },
    {
      title: 'draft-04 boolean exclusive bounds become numbers',
      given: {
        type: 'object',
        properties: {
          ratio: {
            type: 'number',
            minimum: 0,
            exclusiveMinimum: true,
            maximum: 1,
            exclusiveMaximum: false,
          },
        },
      },
      want: {
        $schema: S,
        type: 'object',
        properties: { ratio: { type: 'number', exclusiveMinimum: 0, maximum: 1 } },
      },
    },
    {
      title: 'OpenAPI nullable adds null to the type',
      given: { type: 'object', properties: { n: { type: 'string', nullable: true } } },
      want: { $schema: S, type: 'object', properties: { n: { type: ['string', 'null'] } } },
    },
    {
      title: '$id, $comment and $anchor are dropped; combinators are converted inside',
      given: {
        $id: 'urn:x',
        $comment: 'c',
        type: 'object',
        properties: { v: { anyOf: [{ $ref: '#/$defs/A' }, { type: 'null' }], $anchor: 'v' } },
        $defs: { A: { type: 'string' } },
      },
      want: {
        $schema: S,
        type: 'object',
        properties: { v: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
      },
    },
    {
      title: 'a property called __proto__ survives as a property',
      given: JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}'),
      want: JSON.parse(
        `{"$schema":"${S}","type":"object","properties":{"__proto__":{"type":"string"}}}`,
      ),
    },
    {
      title: 'an invalid pattern is dropped and named in the description',
      given: {
        type: 'object',
        properties: {
          p: { type: 'string', pattern: '([', description: 'Code.' },
          q: { type: 'string', pattern: '^[a-z]+$' },
        },
        patternProperties: { '(': { type: 'string' }, '^x-': { type: 'integer' } },
      },
      want: {
        $schema: S,
        type: 'object',
        properties: {
          p: { type: 'string', description: 'Code. (Pattern: ([.)' },
          q: { type: 'string', pattern: '^[a-z]+$' },
        },
        patternProperties: { '^x-': { type: 'integer' } },
      },
      warnings: [
        'pattern "([" is not a valid RE2 regular expression (no look-around or back-references); dropped',
        'patternProperties key "(" is not a valid RE2 regular expression (no look-around or back-references); dropped',
      ],
    },
    {
      title: 'a schema that is not valid draft 2020-12 falls back',
      given: { type: 'object', properties: { p: { type: 'strin' } } },
      want: { $schema: S, type: 'object' },
    },
  ])('$title', ({ given, want, warnings }) => {
    const result = normalizeMcpInputSchema(given);
    expect(result.schema).toEqual(want);
    if (warnings !== undefined) expect(result.warnings).toEqual(warnings);
  });

  test('the fallback for an invalid schema says why', () => {
    const { warnings } = normalizeMcpInputSchema({
      type: 'object',
      properties: { p: { type: 'strin' } },
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^input schema is not valid draft 2020-12 \(.*properties\/p\/type.*\); the model is shown \{"type":"object"\}$/,
    );
  });

  test('a wide recursive schema stays bounded', () => {
    const given = {
      type: 'object',
      properties: { tree: { $ref: '#/$defs/T' } },
      $defs: {
        T: {
          type: 'object',
          properties: Object.fromEntries(
            Array.from({ length: 6 }, (_, index) => [`c${index}`, { $ref: '#/$defs/T' }]),
          ),
        },
      },
    };
    const result = normalizeMcpInputSchema(given);
    expect(JSON.stringify(result.schema).length).toBeLessThan(200_000);
    expect(result.schema.type).toBe('object');
  });

  test('never throws, and always gives a compilable object schema, for arbitrary JSON', () => {
    const ajv = new Ajv2020({ strict: false, formats: fullFormats });
    const schemaLike = fc.letrec((tie) => ({
      node: fc.oneof(
        { maxDepth: 4, depthSize: 'small' },
        fc.jsonValue({ maxDepth: 1 }),
        fc.record(
          {
            type: fc.oneof(
              fc.constantFrom('object', 'string', 'array', 'number', 'null', 'bogus'),
              fc.array(fc.constantFrom('object', 'string', 'null'), { maxLength: 2 }),
            ),
            properties: fc.dictionary(fc.string({ maxLength: 3 }), tie('node'), { maxKeys: 3 }),
            items: fc.oneof(tie('node'), fc.array(tie('node'), { maxLength: 2 })),
            $ref: fc.constantFrom(
              '#',
              '#/$defs/a',
              '#/definitions/b',
              '#/nope',
              'http://x/y',
              '#/properties/x',
            ),
            $defs: fc.dictionary(fc.constantFrom('a', 'b'), tie('node'), { maxKeys: 2 }),
            definitions: fc.dictionary(fc.constantFrom('a', 'b'), tie('node'), { maxKeys: 2 }),
            format: fc.constantFrom('uri', 'weird', 'date'),
            pattern: fc.constantFrom('^a+$', '([', '\\p{L}', 5),
            patternProperties: fc.dictionary(fc.constantFrom('^a', '(', '[z-a]'), tie('node'), {
              maxKeys: 2,
            }),
            minimum: fc.oneof(fc.integer(), fc.constant('1')),
            exclusiveMinimum: fc.boolean(),
            anyOf: fc.array(tie('node'), { maxLength: 2 }),
            nullable: fc.boolean(),
            required: fc.oneof(
              fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }),
              fc.constant('x'),
            ),
          },
          { requiredKeys: [] },
        ),
      ),
    }));
    fc.assert(
      fc.property(schemaLike.node, (given) => {
        const result = normalizeMcpInputSchema(given);
        expect(result.schema.$schema).toBe(S);
        const type = result.schema.type;
        expect(type === 'object' || (Array.isArray(type) && type.includes('object'))).toBe(true);
        expect(() => ajv.compile(result.schema)).not.toThrow();
        expect(JSON.stringify(result.schema)).not.toContain('"$ref"');
      }),
      { numRuns: 300 },
    );
  });
});
