/**
 * The JSON Schema shortcut of admission changes nothing: over all the built-in tools, every model
 * projection and inputs near each schema (valid ones, with keys in any order, defaults left out,
 * and at every level wrong types, strays, missing keys, `undefined`, astral characters at length
 * limits, non-JSON values), `validateToolInput` with the tool's exact schema gives the verdict,
 * the value (keys in the same order) and the issues of zod and ajv both.
 */
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { builtInTools } from '../../../../generated/index.js';
import { formatInputValidationError } from '../../../../runtime/call-path/call/format-input-validation-error.js';
import { JsonSchemaAdmission } from '../../../../runtime/call-path/call/json-schema-admission.js';
import { modelInputSchema } from '../../../../runtime/call-path/call/model-input-schema.js';
import { validateToolInput } from '../../../../runtime/call-path/call/validate-tool-input.js';
import type { JsonSchema, ModelProfile, ToolEntry } from '../../../../runtime/core/contract.js';
import { modelProfiles } from './fixture-tool.js';
import { isJsonObject } from '../../../../runtime/core/support/is-json-object.js';
import { BUILT_IN_COUNT } from '../../../support/manifest-catalogue.js';

// A generated entry's zod schemas (runtimeInputSchema) load with its implementation.
await Promise.all(builtInTools.map((tool) => tool.loadImplementation?.()));

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
  // Every required key, any optional ones, any order.
  const complete = fc
    .tuple(fc.shuffledSubarray(keys), fc.shuffledSubarray(keys.filter((key) => required.has(key))))
    .map(([some, all]) => [...new Set([...all, ...some])]);
  const chosen = mode === 'slips' ? complete : fc.oneof(complete, fc.shuffledSubarray(keys));
  const extras = fc.dictionary(
    fc.constantFrom('extra', '__proto__', 'constructor', 'file_path'),
    strays,
    { maxKeys: 2 },
  );
  return fc
    .tuple(
      chosen,
      values,
      mode === 'slips'
        ? fc.constant({})
        : fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extras }),
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

/**
 * `near`: valid values, strays and non-JSON values anywhere. `slips`: JSON data with every
 * required key and no stray, a value here and there just past one bound or outside its value set
 * (what a model gets wrong in a call that is otherwise right).
 */
let mode: 'near' | 'slips' = 'near';

function near(node: JsonSchema): fc.Arbitrary<unknown> {
  if (mode === 'slips')
    return fc.oneof({ weight: 10, arbitrary: valid(node) }, { weight: 1, arbitrary: slip(node) });
  return fc.oneof({ weight: 6, arbitrary: valid(node) }, { weight: 1, arbitrary: strays });
}

/** A value of the node's type just past one of its bounds, or outside its values. */
function slip(node: JsonSchema): fc.Arbitrary<unknown> {
  const bound = (keyword: string) => node[keyword] as number | undefined;
  if (Array.isArray(node['enum'])) return fc.constant('not-an-option');
  if ('const' in node) return fc.constant('not-the-const');
  const past: fc.Arbitrary<unknown>[] = [];
  const minimum = bound('minimum');
  const maximum = bound('maximum');
  if (minimum !== undefined) past.push(fc.constant(minimum - 1));
  if (maximum !== undefined) past.push(fc.constant(maximum + 1));
  const minLength = bound('minLength');
  if (minLength !== undefined && minLength > 0) past.push(fc.constant('a'.repeat(minLength - 1)));
  const items = node['items'] as JsonSchema | undefined;
  const minItems = bound('minItems');
  const maxItems = bound('maxItems');
  if (items !== undefined && minItems !== undefined && minItems > 0)
    past.push(fc.array(valid(items), { minLength: minItems - 1, maxLength: minItems - 1 }));
  if (items !== undefined && maxItems !== undefined && maxItems < 50)
    past.push(fc.array(valid(items), { minLength: maxItems + 1, maxLength: maxItems + 1 }));
  return past.length === 0 ? valid(node) : fc.oneof(...past);
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

interface Verdicts {
  accepted: number;
  refused: number;
  acceptedWithoutZod: number;
  refusedWithoutZod: number;
}

/** One input judged with the shortcut and with zod and ajv both: the same, as the header says. */
function expectAsBoth(
  entry: ToolEntry,
  input: unknown,
  model: ModelProfile | undefined,
  verdicts: Verdicts,
) {
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
  expect(shortcut.ok).toBe(both.ok);
  if (shortcut.ok || zodCalls > 0) {
    // toEqual with the key lists: toStrictEqual would compare an own `constructor` key.
    expect(shortcut).toEqual(both);
    expect(keyOrder(shortcut)).toEqual(keyOrder(both));
  } else {
    // Worded from ajv alone (json-schema-refusal.ts): the text below is what counts.
    verdicts.refusedWithoutZod += 1;
  }
  // …and the old path is zod's `safeParse` and ajv's verdict, together.
  expect(shortcut.ok).toBe(
    entry.runtimeInputSchema.safeParse(input).success && admission.admit(inputSchema, input).ok,
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
    ).toBe(formatInputValidationError(entry.metadata.name, both.issues, input, inputSchema));
    verdicts.refused += 1;
  }
}

describe('validateToolInput with the exact schema (ajv decides) against zod and ajv both', () => {
  test('every built-in tool but WebFetch (format: uri) has an exact input schema', () => {
    expect(builtInTools).toHaveLength(BUILT_IN_COUNT);
    expect(
      builtInTools
        .filter((entry) => entry.inputSchemaExact !== true)
        .map((entry) => entry.metadata.name),
    ).toEqual(['WebFetch']);
  });

  const verdicts: Verdicts = {
    accepted: 0,
    refused: 0,
    acceptedWithoutZod: 0,
    refusedWithoutZod: 0,
  };
  test.each(exactTools.map((entry) => [entry.metadata.name, entry] as const))(
    '%s: same verdict, value (with key order) and issues, or text when zod did not run',
    (_name, entry) => {
      fc.assert(
        fc.property(inputs(entry), fc.constantFrom(...models), (input, model) =>
          expectAsBoth(entry, input, model, verdicts),
        ),
        { numRuns: 150 },
      );
    },
  );

  test('the inputs reached both verdicts, acceptance in at least a fifth of the runs', () => {
    expect(verdicts.accepted).toBeGreaterThan((verdicts.accepted + verdicts.refused) / 5);
    expect(verdicts.refused).toBeGreaterThan(0);
    // The shortcut is what was tested: most accepted calls never reached zod…
    expect(verdicts.acceptedWithoutZod).toBeGreaterThan(verdicts.accepted * 0.8);
    // …and refusals worded from ajv alone were compared with zod's wording.
    expect(verdicts.refusedWithoutZod).toBeGreaterThan(verdicts.refused / 10);
  });
});

describe('validateToolInput with the exact schema, on calls with a slip past one bound or value set', () => {
  const verdicts: Verdicts = {
    accepted: 0,
    refused: 0,
    acceptedWithoutZod: 0,
    refusedWithoutZod: 0,
  };
  const slipped = exactTools.map((entry) => {
    mode = 'slips';
    try {
      return [entry.metadata.name, entry, valid(entry.inputSchema)] as const;
    } finally {
      mode = 'near';
    }
  });
  test.each(slipped)('%s: the same text as zod and ajv both', (_name, entry, slips) => {
    fc.assert(
      fc.property(slips, fc.constantFrom(...models), (input, model) =>
        expectAsBoth(entry, input, model, verdicts),
      ),
      { numRuns: 100 },
    );
  });

  test('lone slips were worded from ajv alone', () => {
    expect(verdicts.refused).toBeGreaterThan(200);
    expect(verdicts.refusedWithoutZod).toBeGreaterThan(verdicts.refused / 4);
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

  test('a refusal with a sentence is worded from ajv alone, in zod’s order, as zod and ajv both word it', () => {
    const zod = vi.spyOn(zodSchema['~standard'], 'validate');
    const got = judge({ other: 1, name: 5 });
    expect(zod).not.toHaveBeenCalled();
    zod.mockRestore();
    expect(got).toStrictEqual(
      validateToolInput(
        { other: 1, name: 5 },
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

describe('refusals of the common slips, worded without zod: the exact text', () => {
  const tool = (name: string) => builtInTools.find((entry) => entry.metadata.name === name)!;
  const refusal = (name: string, input: unknown) => {
    const entry = tool(name);
    const zod = vi.spyOn(entry.runtimeInputSchema['~standard'], 'validate');
    const got = validateToolInput(input, {
      runtimeInputSchema: entry.runtimeInputSchema,
      inputSchema: entry.inputSchema,
      admission,
      exactInputSchema: entry.inputSchema,
    });
    const zodCalls = zod.mock.calls.length;
    zod.mockRestore();
    if (got.ok) throw new Error('accepted');
    return {
      zodCalls,
      text: formatInputValidationError(name, got.issues, input, entry.inputSchema),
    };
  };
  const head = (tool: string, count: number) =>
    `<tool_use_error>InputValidationError: ${tool} failed due to the following issue${count === 1 ? '' : 's'}:\n`;
  const tail = '</tool_use_error>';
  const lone = (origin: string, code: string, fields: string, path: string, message: string) =>
    `[\n  {\n    "origin": "${origin}",\n    "code": "${code}",\n${fields}    "path": [\n      "${path}"\n    ],\n    "message": "${message}"\n  }\n]`;

  test.each([
    [
      'the parameter under another name',
      'Read',
      { path: 'a', limit: 200 },
      `${head('Read', 2)}The required parameter \`file_path\` is missing\nAn unexpected parameter \`path\` was provided${tail}`,
    ],
    [
      'a missing parameter',
      'Read',
      {},
      `${head('Read', 1)}The required parameter \`file_path\` is missing${tail}`,
    ],
    [
      'a wrong type',
      'Read',
      { file_path: 5 },
      `${head('Read', 1)}The parameter \`file_path\` type is expected as \`string\` but provided as \`number\`${tail}`,
    ],
    [
      'a stray key reported before a wrong type, as zod orders them',
      'Read',
      { offset: '3', file_path: 'a', extra: 1 },
      `${head('Read', 2)}An unexpected parameter \`extra\` was provided\nThe parameter \`offset\` type is expected as \`integer\` but provided as \`string\`${tail}`,
    ],
    [
      'nested: missing keys depth first, then the stray',
      'TodoWrite',
      { todos: [{ content: 'a' }, { status: 'pending', extra: 1 }] },
      `${head('TodoWrite', 5)}The required parameter \`todos[0].status\` is missing\nThe required parameter \`todos[0].activeForm\` is missing\nThe required parameter \`todos[1].content\` is missing\nThe required parameter \`todos[1].activeForm\` is missing\nAn unexpected parameter \`todos[1].extra\` was provided${tail}`,
    ],
    [
      'a number under its minimum',
      'Read',
      { file_path: 'a', limit: 0 },
      `${head('Read', 1)}${lone('number', 'too_small', '    "minimum": 1,\n    "inclusive": true,\n', 'limit', 'Too small: expected number to be >=1')}${tail}`,
    ],
    [
      'an empty string under minLength',
      'Read',
      { file_path: '' },
      `${head('Read', 1)}${lone('string', 'too_small', '    "minimum": 1,\n    "inclusive": true,\n', 'file_path', 'Too small: expected string to have >=1 characters')}${tail}`,
    ],
    [
      'a value outside an enum, nested',
      'TodoWrite',
      { todos: [{ content: 'a', status: 'done', activeForm: 'b' }] },
      `${head('TodoWrite', 1)}${JSON.stringify(
        [
          {
            code: 'invalid_value',
            values: ['pending', 'in_progress', 'completed'],
            path: ['todos', 0, 'status'],
            message: 'Invalid option: expected one of "pending"|"in_progress"|"completed"',
          },
        ],
        null,
        2,
      )}${tail}`,
    ],
  ] as const)('%s', (_case, name, input, text) => {
    expect(refusal(name, input)).toStrictEqual({ zodCalls: 0, text });
  });

  test.each([
    [
      'a pattern (ajv and JavaScript read some patterns otherwise)',
      'Read',
      { file_path: 'a', pages: 'x' },
    ],
    ['NaN (not JSON data)', 'Read', { file_path: 'a', limit: Number.NaN }],
    ['a Date (not JSON data)', 'Read', { file_path: new Date(0) }],
    ['two bounds at once (zod’s order of checks)', 'Read', { file_path: '', limit: 0 }],
  ] as const)('zod words %s', (_case, name, input) => {
    expect(refusal(name, input).zodCalls).toBe(1);
  });
});
