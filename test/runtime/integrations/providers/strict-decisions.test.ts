import { describe, expect, test } from 'vitest';
import type { JsonSchema } from '../../../../runtime/core/contract.js';
import { closeOpenObjects } from '../../../../runtime/integrations/providers/close-open-objects.js';
import {
  ANTHROPIC_STRICT_REQUEST_LIMITS,
  countOptionalParameters,
  countUnionParameters,
  decideStrict,
} from '../../../../runtime/integrations/providers/strict-decisions.js';
import { modelToolContract } from '../adapters/model-tool-contract-fixture.js';
import { builtInContracts, model } from './provider-fixtures.js';

const closed = (
  properties: Record<string, unknown>,
  required: string[] = Object.keys(properties),
): JsonSchema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});
const strictTool = (
  name: string,
  inputSchema: JsonSchema = closed({ value: { type: 'string' } }),
) => modelToolContract(name, { strict: true, inputSchema });
const thirdParty = { ...model, id: 'mistral-large', provider: 'anthropic', firstParty: false };

describe('decideStrict: per tool and provider, with the reason', () => {
  test.each([
    { provider: 'anthropic', tool: modelToolContract('Plain'), want: ['not-requested', false] },
    { provider: 'anthropic', tool: strictTool('Closed'), want: ['strict', true] },
    { provider: 'openai', tool: strictTool('Closed'), want: ['strict', true] },
    { provider: 'openai-responses', tool: strictTool('Closed'), want: ['strict', true] },
    { provider: 'gemini', tool: strictTool('Closed'), want: ['no-strict-mode', false] },
    { provider: 'ai-sdk', tool: strictTool('Closed'), want: ['strict', true] },
    {
      provider: 'anthropic',
      tool: strictTool('Open', { type: 'object', properties: { value: { type: 'string' } } }),
      want: ['not-representable', false],
    },
  ] as const)('$provider, $tool.name → $want', ({ provider, tool, want }) => {
    const [decision] = decideStrict([tool], { provider, model });
    expect([decision!.reason, decision!.strict]).toEqual(want);
  });

  test('Anthropic strict is only for first-party models', () => {
    const [decision] = decideStrict([strictTool('Closed')], {
      provider: 'anthropic',
      model: thirdParty,
    });
    expect(decision).toMatchObject({ strict: false, reason: 'not-first-party' });
  });

  test('submit_result, the one strict built-in, fits no provider subset, and says why', () => {
    const submit = builtInContracts().find((tool) => tool.name === 'submit_result')!;
    const reasons = (['anthropic', 'openai', 'gemini'] as const).map((provider) => {
      const [decision] = decideStrict([submit], { provider, model });
      return [provider, decision!.reason, decision!.problems?.map((problem) => problem.code)];
    });
    expect(reasons).toEqual([
      ['anthropic', 'not-representable', ['open-object']],
      ['openai', 'not-representable', ['open-object']],
      ['gemini', 'no-strict-mode', undefined],
    ]);
  });

  test('the OpenAI projection of a strict tool makes optional properties required and nullable, and keeps the original to restore from', () => {
    const schema = closed({ path: { type: 'string' }, limit: { type: 'integer' } }, ['path']);
    const [decision] = decideStrict([strictTool('Read', schema)], { provider: 'openai', model });
    expect(decision!.schema).toEqual({
      type: 'object',
      properties: { path: { type: 'string' }, limit: { type: ['integer', 'null'] } },
      required: ['path', 'limit'],
      additionalProperties: false,
    });
    expect(decision!.restoreFrom).toEqual(schema);
  });
});

describe('Anthropic per-request limits: a deterministic choice of which tools keep strict', () => {
  test.each([
    {
      limit: 'strictTools',
      tools: Array.from({ length: 22 }, (_, index) =>
        strictTool(`T${String(index).padStart(2, '0')}`),
      ),
      wantStrict: 20,
      wantFirstLoser: 'T20',
    },
    {
      limit: 'optionalParameters',
      // 5 optional parameters each: 4 tools make 20, the 5th would make 25 > 24.
      tools: Array.from({ length: 6 }, (_, index) =>
        strictTool(
          `O${index}`,
          closed(
            Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((name) => [name, { type: 'string' }])),
            [],
          ),
        ),
      ),
      wantStrict: 4,
      wantFirstLoser: 'O4',
    },
    {
      limit: 'unionParameters',
      tools: Array.from({ length: 3 }, (_, index) =>
        strictTool(
          `U${index}`,
          closed(
            Object.fromEntries(
              Array.from({ length: 7 }, (_, p) => [
                `p${p}`,
                { anyOf: [{ type: 'string' }, { type: 'integer' }] },
              ]),
            ),
          ),
        ),
      ),
      wantStrict: 2,
      wantFirstLoser: 'U2',
    },
  ] as const)(
    '$limit: the first tools in list order keep strict',
    ({ limit, tools, wantStrict, wantFirstLoser }) => {
      const decisions = decideStrict(tools, { provider: 'anthropic', model });
      expect(decisions.filter((decision) => decision.strict)).toHaveLength(wantStrict);
      const loser = decisions.find((decision) => !decision.strict)!;
      expect(loser).toMatchObject({ tool: wantFirstLoser, reason: 'request-limit', limit });
      expect(loser.message).toContain(`limit of ${ANTHROPIC_STRICT_REQUEST_LIMITS[limit]}`);
      // The same input always gives the same choice.
      expect(decideStrict(tools, { provider: 'anthropic', model })).toEqual(decisions);
    },
  );

  test('a later tool that still fits keeps strict after an earlier one hit a limit', () => {
    const big = strictTool(
      'Big',
      closed(
        Object.fromEntries(Array.from({ length: 25 }, (_, p) => [`p${p}`, { type: 'string' }])),
        [],
      ),
    );
    const small = strictTool('Small');
    const decisions = decideStrict([big, small], { provider: 'anthropic', model });
    expect(decisions.map((decision) => [decision.tool, decision.strict])).toEqual([
      ['Big', false],
      ['Small', true],
    ]);
  });

  test('OpenAI has no per-request strict-tool limit: 22 strict tools stay strict', () => {
    const tools = Array.from({ length: 22 }, (_, index) => strictTool(`T${index}`));
    expect(
      decideStrict(tools, { provider: 'openai', model }).every((decision) => decision.strict),
    ).toBe(true);
  });

  test.each([
    {
      schema: closed(
        {
          a: { type: 'string' },
          b: { type: 'object', properties: { c: { type: 'string' } }, additionalProperties: false },
        },
        ['a'],
      ),
      optional: 2,
      union: 0,
    },
    {
      schema: closed({
        a: { type: ['string', 'null'] },
        b: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
      }),
      optional: 0,
      union: 2,
    },
  ])('counts optional and union-typed parameters at every depth', ({ schema, optional, union }) => {
    expect([countOptionalParameters(schema), countUnionParameters(schema)]).toEqual([
      optional,
      union,
    ]);
  });
});

describe('OpenAI per-schema limits', () => {
  test.each([
    { title: 'depth 11', schema: nest(11), code: 'too-deep' },
    {
      title: '5 001 properties',
      schema: closed(
        Object.fromEntries(Array.from({ length: 5_001 }, (_, p) => [`p${p}`, { type: 'string' }])),
      ),
      code: 'too-many-properties',
    },
    {
      title: '1 001 enum values',
      schema: closed({
        e: { type: 'string', enum: Array.from({ length: 1_001 }, (_, v) => `v${v}`) },
      }),
      code: 'too-many-enum-values',
    },
    {
      title: '120 001 characters of names',
      schema: closed({ ['x'.repeat(120_001)]: { type: 'string' } }),
      code: 'too-many-characters',
    },
  ])('$title → $code', ({ schema, code }) => {
    const [decision] = decideStrict([strictTool('Big', schema)], { provider: 'openai', model });
    expect(decision!.strict).toBe(false);
    expect(decision!.problems?.map((problem) => problem.code)).toContain(code);
  });

  test('depth 10 is within the limit', () => {
    const [decision] = decideStrict([strictTool('Deep', nest(10))], { provider: 'openai', model });
    expect(decision!.strict).toBe(true);
  });
});

function nest(levels: number): JsonSchema {
  let schema: JsonSchema = closed({ leaf: { type: 'string' } });
  for (let level = 1; level < levels; level += 1) schema = closed({ child: schema });
  return schema;
}

describe('closeOpenObjects (opt-in, OpenAI strict)', () => {
  test.each([
    {
      title: 'an open object that lists properties is closed',
      given: { type: 'object', properties: { a: { type: 'string' } } },
      want: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
    },
    {
      title: 'additionalProperties: true is closed too',
      given: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: true },
      want: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
    },
    {
      title: 'an object without listed properties stays open (closing it would accept only {})',
      given: { type: 'object', properties: {}, additionalProperties: true },
      want: { type: 'object', properties: {}, additionalProperties: true },
    },
    {
      title: 'a map (additionalProperties is a schema) stays open',
      given: {
        type: 'object',
        properties: { a: { type: 'string' } },
        additionalProperties: { type: 'number' },
      },
      want: {
        type: 'object',
        properties: { a: { type: 'string' } },
        additionalProperties: { type: 'number' },
      },
    },
    {
      title: 'nested objects are closed too',
      given: {
        type: 'object',
        properties: { n: { type: 'object', properties: { b: { type: 'integer' } } } },
        additionalProperties: false,
      },
      want: {
        type: 'object',
        properties: {
          n: {
            type: 'object',
            properties: { b: { type: 'integer' } },
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      },
    },
  ])('$title', ({ given, want }) => {
    expect(closeOpenObjects(given)).toEqual(want);
  });

  test('makes an open tool strict for OpenAI only when asked', () => {
    const open = strictTool('Open', {
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
    });
    expect(decideStrict([open], { provider: 'openai', model })[0]!.reason).toBe(
      'not-representable',
    );
    expect(
      decideStrict([open], { provider: 'openai', model, closeOpenObjects: true })[0]!.reason,
    ).toBe('strict');
    expect(
      decideStrict([open], { provider: 'anthropic', model, closeOpenObjects: true })[0]!.reason,
    ).toBe('not-representable');
  });
});
