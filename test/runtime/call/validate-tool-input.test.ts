/**
 * The JSON Schema shortcut of admission changes nothing: over all 41 built-in tools, every model
 * projection and inputs near each schema (valid ones, with keys in any order, defaults left out,
 * and at every level wrong types, strays, missing keys, `undefined`, astral characters at length
 * limits, non-JSON values), `validateToolInput` with the tool's exact schema gives the verdict,
 * the value (keys in the same order) and the issues of zod and ajv both.
 */
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { builtInTools } from '../../../generated/index.js';
import { formatInputValidationError } from '../../../runtime/call/format-input-validation-error.js';
import { JsonSchemaAdmission } from '../../../runtime/call/json-schema-admission.js';
import { modelInputSchema } from '../../../runtime/call/model-input-schema.js';
import { validateToolInput } from '../../../runtime/call/validate-tool-input.js';
import type { JsonSchema, ToolEntry } from '../../../runtime/contract.js';
import { modelProfiles } from './fixture-tool.js';
import { isJsonObject } from '../../../runtime/support/is-json-object.js';

const admission = new JsonSchemaAdmission();

const models = modelProfiles;

class Instance {
  constructor(readonly file_path = 'a.txt') {}
}

/** Values no JSON text holds, and JSON of the wrong shape. */
const strays: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 1 }),
  fc.constantFrom(
    undefined,
    Number.NaN,
    Infinity,
    -Infinity,
    -0,
    new Date(0),
    new Instance(),
    new Map(),
  ),
);

/** Characters where zod and ajv count or match differently: astral, non-ASCII space, CR. */
const tricky = fc.constantFrom(
  'a',
  'Z',
  '0',
  '-',
  ' ',
  '😀',
  '\u00a0',
  '\r',
  '\n',
  '\u2028',
  '*',
  '/',
);

/** Values valid for `node` and, at every level, values near it (`near`). */
function valid(node: JsonSchema): fc.Arbitrary<unknown> {
  const branches = node['oneOf'] ?? node['anyOf'];
  if (Array.isArray(branches)) return fc.oneof(...(branches as JsonSchema[]).map(near));
  if (Array.isArray(node['enum'])) return fc.constantFrom(...(node['enum'] as unknown[]));
  if ('const' in node) return fc.constant(node['const']);
  const types = Array.isArray(node['type']) ? (node['type'] as string[]) : [node['type'] as string];
  return fc.oneof(...types.map((type) => validOfType(node, type)));
}

function validOfType(node: JsonSchema, type: string): fc.Arbitrary<unknown> {
  const min = node['minimum'] as number | undefined;
  const max = node['maximum'] as number | undefined;
  switch (type) {
    case 'string': {
      const minLength = (node['minLength'] as number | undefined) ?? 0;
      const maxLength = (node['maxLength'] as number | undefined) ?? minLength + 8;
      const short = fc.string({ unit: tricky, minLength, maxLength: Math.min(maxLength, 12) + 1 });
      // At the limit, where an astral character is one code point for ajv and two units for zod.
      const atLimit = fc.string({ unit: tricky, minLength: maxLength, maxLength: maxLength + 1 });
      const plain = node['maxLength'] === undefined ? short : fc.oneof(short, atLimit);
      if (typeof node['pattern'] !== 'string') return plain;
      return fc.oneof(fc.stringMatching(new RegExp(node['pattern'], 'u')), plain);
    }
    case 'integer':
      return fc.oneof(
        fc.integer({ min: min ?? -1_000, max: max ?? 1_000_000 }),
        fc.constantFrom(
          ...[min, max].flatMap((bound) =>
            bound === undefined ? [] : [bound - 1, bound, bound + 1],
          ),
        ),
        fc.constant(1.5),
      );
    case 'number':
      return fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = near(node['items'] as JsonSchema);
      const minItems = (node['minItems'] as number | undefined) ?? 0;
      return fc.array(items, {
        minLength: minItems,
        maxLength: Math.min((node['maxItems'] as number | undefined) ?? 3, minItems + 3),
      });
    }
    case 'object':
      return objects(node);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Objects with the node's keys in any order, some left out, strays and `undefined` values. */
function objects(node: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = (node['properties'] ?? {}) as Record<string, JsonSchema>;
  const required = new Set((node['required'] ?? []) as string[]);
  const keys = Object.keys(properties);
  const values = fc.record(Object.fromEntries(keys.map((key) => [key, near(properties[key]!)])));
  const chosen = fc.oneof(
    // Every required key, any optional ones, any order.
    fc
      .tuple(
        fc.shuffledSubarray(keys),
        fc.shuffledSubarray(keys.filter((key) => required.has(key))),
      )
      .map(([some, all]) => [...new Set([...all, ...some])]),
    fc.shuffledSubarray(keys),
  );
  const extras = fc.dictionary(
    fc.constantFrom('extra', '__proto__', 'constructor', 'file_path'),
    strays,
    { maxKeys: 2 },
  );
  return fc
    .tuple(
      chosen,
      values,
      fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extras }),
    )
    .map(([present, given, stray]) => {
      const object: Record<string, unknown> = {};
      for (const key of present) object[key] = given[key];
      for (const [key, value] of Object.entries(stray))
        Object.defineProperty(object, key, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return object;
    });
}

function near(node: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 6, arbitrary: valid(node) }, { weight: 1, arbitrary: strays });
}

/** The keys of every object, in order, recursively (undefined-valued ones too): what `toEqual` does not compare. */
function keyOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(keyOrder);
  if (isJsonObject(value))
    return Object.entries(value).map(([key, child]) => [key, keyOrder(child)]);
  return null;
}

function inputs(entry: ToolEntry): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 8, arbitrary: valid(entry.inputSchema) },
    { weight: 1, arbitrary: strays },
  );
}

const exactTools = builtInTools.filter((entry) => entry.inputSchemaExact === true);

describe('validateToolInput with the exact schema (ajv decides) against zod and ajv both', () => {
  test('40 of the 41 built-in tools have an exact input schema; WebFetch (format: uri) does not', () => {
    expect(builtInTools).toHaveLength(41);
    expect(
      builtInTools
        .filter((entry) => entry.inputSchemaExact !== true)
        .map((entry) => entry.metadata.name),
    ).toEqual(['WebFetch']);
  });

  const verdicts = { accepted: 0, refused: 0, acceptedWithoutZod: 0 };
  test.each(exactTools.map((entry) => [entry.metadata.name, entry] as const))(
    '%s: same verdict, value (with key order) and issues',
    (_name, entry) => {
      fc.assert(
        fc.property(inputs(entry), fc.constantFrom(...models), (input, model) => {
          const inputSchema = modelInputSchema(entry, model);
          const options = { runtimeInputSchema: entry.runtimeInputSchema, inputSchema, admission };
          const both = validateToolInput(input, options);
          const zod = vi.spyOn(entry.runtimeInputSchema['~standard'], 'validate');
          const shortcut = validateToolInput(input, {
            ...options,
            exactInputSchema: entry.inputSchema,
          });
          const zodCalls = zod.mock.calls.length;
          zod.mockRestore();
          // toEqual with the key lists: toStrictEqual would compare an own `constructor` key.
          expect(shortcut).toEqual(both);
          expect(keyOrder(shortcut)).toEqual(keyOrder(both));
          // …and the old path is zod's `safeParse` and ajv's verdict, together.
          expect(shortcut.ok).toBe(
            entry.runtimeInputSchema.safeParse(input).success &&
              admission.admit(inputSchema, input).ok,
          );
          if (shortcut.ok && both.ok) {
            // What zod's own parse returns, as the handler would have got it before.
            const parsed: unknown = entry.runtimeInputSchema.parse(input);
            expect(shortcut.value).toEqual(parsed);
            expect(keyOrder(shortcut.value)).toEqual(keyOrder(parsed));
            verdicts.accepted += 1;
            if (zodCalls === 0) verdicts.acceptedWithoutZod += 1;
          } else if (!shortcut.ok && !both.ok) {
            expect(
              formatInputValidationError(entry.metadata.name, shortcut.issues, input, inputSchema),
            ).toBe(
              formatInputValidationError(entry.metadata.name, both.issues, input, inputSchema),
            );
            verdicts.refused += 1;
          }
        }),
        { numRuns: 150 },
      );
    },
  );

  test('the inputs reached both verdicts, acceptance in at least a fifth of the runs', () => {
    expect(verdicts.accepted).toBeGreaterThan((verdicts.accepted + verdicts.refused) / 5);
    expect(verdicts.refused).toBeGreaterThan(0);
    // The shortcut is what was tested: most accepted calls never reached zod.
    expect(verdicts.acceptedWithoutZod).toBeGreaterThan(verdicts.accepted * 0.8);
  });
});

describe('validateToolInput: the shortcut is taken only where it holds', () => {
  const schema: JsonSchema = {
    type: 'object',
    properties: { name: { type: 'string', maxLength: 2 }, mode: { type: 'string', default: 'a' } },
    required: ['name'],
    additionalProperties: false,
  };
  const zodSchema = z.object({ name: z.string().max(2), mode: z.string().default('a') }).strict();
  const judge = (input: unknown, runtimeInputSchema: z.ZodTypeAny = zodSchema) =>
    validateToolInput(input, {
      runtimeInputSchema,
      inputSchema: schema,
      admission,
      exactInputSchema: schema,
    });

  test.each([
    [
      'defaults applied, declared order',
      { mode: undefined, name: 'ab' },
      { ok: true, value: { name: 'ab', mode: 'a' } },
    ],
    ['an astral character counts two UTF-16 units for zod', { name: '😀a' }, 'refused'],
    ['a stray key', { name: 'a', other: 1 }, 'refused'],
  ] as const)('%s', (_case, input, want) => {
    const got = judge(input);
    if (want === 'refused') expect(got.ok).toBe(false);
    else expect(got).toStrictEqual(want);
  });

  test('a refusal is worded by zod and ajv both, as without the shortcut', () => {
    const got = judge({ name: 5, other: 1 });
    expect(got).toStrictEqual(
      validateToolInput(
        { name: 5, other: 1 },
        { runtimeInputSchema: zodSchema, inputSchema: schema, admission },
      ),
    );
  });

  test('a model-facing schema that validates otherwise is checked too', () => {
    const narrower: JsonSchema = {
      ...schema,
      properties: { name: { type: 'string', maxLength: 1 }, mode: { type: 'string' } },
    };
    const got = validateToolInput(
      { name: 'ab' },
      { runtimeInputSchema: zodSchema, inputSchema: narrower, admission, exactInputSchema: schema },
    );
    expect(got.ok).toBe(false);
    const described: JsonSchema = { ...schema, description: 'rendered for one model' };
    expect(
      validateToolInput(
        { name: 'ab' },
        {
          runtimeInputSchema: zodSchema,
          inputSchema: described,
          admission,
          exactInputSchema: schema,
        },
      ),
    ).toStrictEqual({ ok: true, value: { name: 'ab', mode: 'a' } });
  });

  test('zod still words refusals of a refinement that throws (a tool bug), without crashing', () => {
    const throwing = zodSchema.refine(() => {
      throw new Error('boom');
    });
    const got = validateToolInput(
      { name: 'ab' },
      { runtimeInputSchema: throwing, inputSchema: schema, admission },
    );
    expect(got).toStrictEqual({
      ok: false,
      issues: [
        expect.objectContaining({
          code: 'custom',
          message: 'Invalid input: validation failed (boom)',
        }),
      ],
    });
  });
});
