/**
 * The adapter against the real Vercel AI SDK: `generateText` with `MockLanguageModelV3` (the SDK's
 * own model implementation for tests). What the SDK hands the model in `doGenerate` is what a
 * provider package would turn into its request, so that is what these tests pin down.
 */
import { generateText, type ToolSet } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, test } from 'vitest';
import type { JsonSchema } from '../../../../runtime/core/contract.js';
import {
  projectAiSdkTools,
  toAiSdkTools,
  type AiSdkToolSession,
} from '../../../../runtime/integrations/adapters/to-ai-sdk-tools.js';
import { modelProfile, modelToolContract, withoutDraft } from './model-tool-contract-fixture.js';

type CallOptions = Parameters<MockLanguageModelV3['doGenerate']>[0];
type ModelToolCall = {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
  readonly providerExecuted?: boolean;
};

/** One model step that answers with `toolCalls` (or a text when there are none). */
function mockModel(toolCalls: readonly ModelToolCall[] = []): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: async () => ({
      content:
        toolCalls.length === 0
          ? [{ type: 'text' as const, text: 'done' }]
          : toolCalls.map((call) => ({
              type: 'tool-call' as const,
              toolCallId: call.toolCallId,
              toolName: call.toolName,
              input: JSON.stringify(call.input),
              ...(call.providerExecuted === undefined
                ? {}
                : { providerExecuted: call.providerExecuted }),
            })),
      finishReason: {
        unified: toolCalls.length === 0 ? ('stop' as const) : ('tool-calls' as const),
        raw: undefined,
      },
      usage: {
        inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 5, text: 5, reasoning: 0 },
      },
      warnings: [],
    }),
  });
}

/** The tools array the SDK passed to the model. */
async function toolsSentToModel(tools: ToolSet): Promise<NonNullable<CallOptions['tools']>> {
  const model = mockModel();
  await generateText({ model, tools, prompt: 'list the tools' });
  return model.doGenerateCalls[0]!.tools ?? [];
}

/**
 * Stands in for the host's session in the projection tests (the session itself is exercised by
 * `ai-sdk-session.test.ts`): records every call the SDK routes to it; Bash asks for approval.
 */
function recordingExecutor(answer: (name: string, input: unknown) => string = () => 'ok') {
  const calls: {
    name: string;
    input: unknown;
    toolCallId: string;
    abortSignal: AbortSignal | undefined;
  }[] = [];
  const execute: AiSdkToolSession = {
    needsApproval: async (name) => name === 'Bash',
    call: async (name, input, options = {}) => {
      const toolCallId = options.id ?? '';
      calls.push({ name, input, toolCallId, abortSignal: options.signal });
      return {
        content: answer(name, input),
        isError: false,
        artifactPaths: [],
        artifacts: [],
        callId: toolCallId,
        warnings: [],
        index: 0,
        attempts: 1,
      };
    },
  };
  return { calls, execute };
}

const DRAFT = 'https://json-schema.org/draft/2020-12/schema';

const readSchema: JsonSchema = {
  $schema: DRAFT,
  type: 'object',
  properties: {
    file_path: { type: 'string', description: 'Absolute path of the file' },
    offset: { type: 'integer', minimum: 0, description: 'First line to read' },
  },
  required: ['file_path'],
  additionalProperties: false,
};

const submitSchema: JsonSchema = {
  $schema: DRAFT,
  type: 'object',
  properties: {
    answer: { type: 'string', minLength: 1, description: 'The answer' },
    confidence: { type: 'number' },
  },
  required: ['answer'],
  additionalProperties: false,
};

const read = modelToolContract('Read', {
  description: 'Reads a file.\n\nUsage:\n- Use absolute paths',
  inputSchema: readSchema,
});
const submit = modelToolContract('Submit', {
  description: 'Submits the answer.',
  inputSchema: submitSchema,
  strict: true,
  flags: {
    readOnly: false,
    stopTurnOnSuccess: true,
    sideEffectScope: 'session',
    idempotent: false,
  },
});
const bash = modelToolContract('Bash', {
  description: 'Runs a command.',
  inputSchema: {
    $schema: DRAFT,
    type: 'object',
    properties: { command: { type: 'string' } },
    required: ['command'],
    additionalProperties: false,
  },
  flags: {
    readOnly: false,
    needsApproval: true,
    sideEffectScope: 'system',
    riskLevel: 'high',
    concurrentSafe: false,
  },
});

const anthropicFirstParty = { provider: 'anthropic', model: modelProfile() } as const;

describe('toAiSdkTools: what the SDK sends to the model', () => {
  test('names in the given order, descriptions, schemas; strict only for the eligible tool; no other flag', async () => {
    const sent = await toolsSentToModel(toAiSdkTools([read, submit, bash], anthropicFirstParty));
    expect(sent).toEqual([
      {
        type: 'function',
        name: 'Read',
        description: 'Reads a file.\n\nUsage:\n- Use absolute paths',
        inputSchema: readSchema,
      },
      {
        type: 'function',
        name: 'Submit',
        description: 'Submits the answer.',
        // Anthropic's strict subset: `$schema` dropped, `minLength` said in the description.
        inputSchema: {
          type: 'object',
          properties: {
            answer: {
              type: 'string',
              description: 'The answer\nConstraints: at least 1 character.',
            },
            confidence: { type: 'number' },
          },
          required: ['answer'],
          additionalProperties: false,
        },
        strict: true,
      },
      {
        type: 'function',
        name: 'Bash',
        description: 'Runs a command.',
        inputSchema: bash.inputSchema,
      },
    ]);
    expect(sent.map((tool) => ('strict' in tool ? tool.strict : 'absent'))).toEqual([
      'absent',
      true,
      'absent',
    ]);
    // Read-only, scope, risk, permission and budgets stay in the runtime.
    expect(
      sent.map((tool) => (tool.type === 'function' ? tool.providerOptions : 'provider')),
    ).toEqual([undefined, undefined, undefined]);
  });

  test('the order is the input order, not sorted, and the same input gives the same bytes', async () => {
    const contracts = [bash, submit, read];
    const first = await toolsSentToModel(toAiSdkTools(contracts, anthropicFirstParty));
    const second = await toolsSentToModel(
      toAiSdkTools(
        contracts.map((contract) => structuredClone(contract)),
        anthropicFirstParty,
      ),
    );
    expect(first.map((tool) => tool.name)).toEqual(['Bash', 'Submit', 'Read']);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  test.each([
    // provider, firstParty, eligible → strict sent
    ['anthropic', true, true, true],
    ['anthropic', true, false, false],
    ['anthropic', false, true, false],
    ['anthropic', false, false, false],
    ['openai', true, true, false],
    ['openai', false, true, false],
    ['google', true, true, false],
    ['amazon-bedrock', true, true, false],
  ] as const)(
    'provider %s, first-party %s, eligible %s → strict %s',
    async (provider, firstParty, eligible, want) => {
      const contract = modelToolContract('Probe', { strict: eligible });
      const [sent] = await toolsSentToModel(
        toAiSdkTools([contract], { provider, model: modelProfile({ firstParty }) }),
      );
      expect(sent).toEqual({
        type: 'function',
        name: 'Probe',
        description: 'Probe does one thing.',
        inputSchema: want ? withoutDraft(contract.inputSchema) : contract.inputSchema,
        ...(want ? { strict: true } : {}),
      });
      expect('strict' in sent!).toBe(want);
    },
  );

  test('an eligible schema outside the strict subset is sent without strict, and the note says why', async () => {
    const open = modelToolContract('submit_result', {
      strict: true,
      inputSchema: {
        $schema: DRAFT,
        type: 'object',
        properties: { result: { type: 'object', properties: {}, additionalProperties: true } },
        required: ['result'],
        additionalProperties: false,
      },
    });
    const projection = projectAiSdkTools([open], anthropicFirstParty);
    const [sent] = await toolsSentToModel(projection.tools);
    expect(sent).toEqual({
      type: 'function',
      name: 'submit_result',
      description: open.description,
      inputSchema: open.inputSchema,
    });
    expect(
      projection.notes.map(({ tool, code, omitted, message }) => ({
        tool,
        code,
        omitted,
        message,
      })),
    ).toEqual([
      {
        tool: 'submit_result',
        code: 'strict-not-representable',
        omitted: false,
        message:
          "submit_result: sent without strict mode; the schema is outside anthropic's strict subset:\n" +
          '  /properties/result: the object accepts properties it does not list (additionalProperties is not false)',
      },
    ]);
  });
});

describe('toAiSdkTools: calls the model makes', () => {
  test('execute is invoked with the parsed input, the call id and the abort signal', async () => {
    const { calls, execute } = recordingExecutor(
      (name, input) => `${name} read ${(input as { file_path: string }).file_path}`,
    );
    const controller = new AbortController();
    const result = await generateText({
      model: mockModel([
        { toolCallId: 'call-1', toolName: 'Read', input: { file_path: '/work/a.ts', offset: 3 } },
      ]),
      tools: toAiSdkTools([read, bash], { ...anthropicFirstParty, session: execute }),
      prompt: 'read a.ts',
      abortSignal: controller.signal,
    });
    expect(calls.map(({ name, input, toolCallId }) => ({ name, input, toolCallId }))).toEqual([
      { name: 'Read', input: { file_path: '/work/a.ts', offset: 3 }, toolCallId: 'call-1' },
    ]);
    expect(calls[0]!.abortSignal?.aborted).toBe(false);
    controller.abort();
    expect(calls[0]!.abortSignal?.aborted).toBe(true);
    expect(result.toolResults.map(({ toolName, output }) => ({ toolName, output }))).toEqual([
      { toolName: 'Read', output: { content: 'Read read /work/a.ts', isError: false } },
    ]);
  });

  test('a tool that needs approval is not executed: the SDK asks for approval instead', async () => {
    const { calls, execute } = recordingExecutor();
    const result = await generateText({
      model: mockModel([
        { toolCallId: 'call-2', toolName: 'Bash', input: { command: 'rm -rf build' } },
      ]),
      tools: toAiSdkTools([read, bash], { ...anthropicFirstParty, session: execute }),
      prompt: 'clean',
    });
    expect(calls).toEqual([]);
    const approvals = result.content.filter((part) => part.type === 'tool-approval-request');
    expect(
      approvals.map((part) => ({ toolName: part.toolCall.toolName, input: part.toolCall.input })),
    ).toEqual([{ toolName: 'Bash', input: { command: 'rm -rf build' } }]);
  });

  test('without execute, the SDK runs nothing and hands the calls back', async () => {
    const tools = toAiSdkTools([read], anthropicFirstParty);
    expect(Object.values(tools).map((tool) => tool.execute)).toEqual([undefined]);
    const result = await generateText({
      model: mockModel([{ toolCallId: 'call-3', toolName: 'Read', input: { file_path: '/x' } }]),
      tools,
      prompt: 'read x',
    });
    expect(result.toolCalls.map(({ toolName, input }) => ({ toolName, input }))).toEqual([
      { toolName: 'Read', input: { file_path: '/x' } },
    ]);
    expect(result.toolResults).toEqual([]);
  });

  test('the SDK does not judge inputs: an invalid one still reaches the runtime, whose validation words the error', async () => {
    const { calls, execute } = recordingExecutor();
    await generateText({
      model: mockModel([{ toolCallId: 'call-4', toolName: 'Read', input: { offset: 'three' } }]),
      tools: toAiSdkTools([read], { ...anthropicFirstParty, session: execute }),
      prompt: 'read',
    });
    expect(calls.map(({ input }) => input)).toEqual([{ offset: 'three' }]);
  });
});

describe('toAiSdkTools: provider-executed tools', () => {
  const webSearch = modelToolContract('WebSearch', {
    description: 'Searches the web.',
    executionMode: 'provider',
    providerNative: { provider: 'anthropic', type: 'web_search_20250305' },
  });

  test('a provider-native tool of this provider becomes a provider-defined tool, never with a client execute', async () => {
    const { calls, execute } = recordingExecutor();
    const projection = projectAiSdkTools([read, webSearch], {
      ...anthropicFirstParty,
      session: execute,
    });
    expect(projection.notes).toEqual([]);
    expect(projection.tools['WebSearch']!.execute).toBeUndefined();
    const model = mockModel([
      {
        toolCallId: 'srv-1',
        toolName: 'WebSearch',
        input: { query: 'vitest 4' },
        providerExecuted: true,
      },
    ]);
    await generateText({ model, tools: projection.tools, prompt: 'search' });
    expect(model.doGenerateCalls[0]!.tools).toEqual([
      { type: 'function', name: 'Read', description: read.description, inputSchema: readSchema },
      { type: 'provider', name: 'WebSearch', id: 'anthropic.web_search_20250305', args: {} },
    ]);
    expect(calls).toEqual([]);
  });

  test.each([
    [
      'declared for another provider',
      webSearch,
      'openai',
      'provider-native-mismatch',
      'WebSearch: provider-native tool anthropic.web_search_20250305 cannot be sent to provider "openai"; left out',
    ],
    [
      'without a providerNative spec',
      modelToolContract('WebSearch', { executionMode: 'provider' }),
      'anthropic',
      'provider-native-missing',
      'WebSearch: executionMode is "provider" but no providerNative tool is declared; left out (it never runs on the client)',
    ],
  ] as const)(
    '%s: left out, with the reason',
    async (_label, contract, provider, code, message) => {
      const { execute } = recordingExecutor();
      const projection = projectAiSdkTools([read, contract, bash], {
        provider,
        model: modelProfile(),
        session: execute,
      });
      expect(Object.keys(projection.tools)).toEqual(['Read', 'Bash']);
      expect(projection.notes).toEqual([{ tool: 'WebSearch', code, omitted: true, message }]);
      expect((await toolsSentToModel(projection.tools)).map((tool) => tool.name)).toEqual([
        'Read',
        'Bash',
      ]);
    },
  );
});

describe('toAiSdkTools: local refs for models that only accept #/$defs/', () => {
  const mcpSchema: JsonSchema = {
    type: 'object',
    properties: { filter: { $ref: '#/definitions/filter' } },
    required: ['filter'],
    definitions: {
      filter: {
        type: 'object',
        properties: {
          and: { type: 'array', items: { $ref: '#/definitions/filter' } },
          field: { type: 'string' },
        },
      },
    },
  };
  const query = modelToolContract('mcp__db__query', { inputSchema: mcpSchema });

  test('requiresDefsRefs hoists them; other models get the schema as it is', async () => {
    const [hoisted] = await toolsSentToModel(
      toAiSdkTools([query], { ...anthropicFirstParty, requiresDefsRefs: true }),
    );
    expect(hoisted!.type === 'function' && hoisted!.inputSchema).toEqual({
      type: 'object',
      properties: { filter: { $ref: '#/$defs/filter' } },
      required: ['filter'],
      $defs: {
        filter: {
          type: 'object',
          properties: {
            and: { type: 'array', items: { $ref: '#/$defs/filter' } },
            field: { type: 'string' },
          },
        },
      },
    });
    const [untouched] = await toolsSentToModel(toAiSdkTools([query], anthropicFirstParty));
    expect(untouched!.type === 'function' && untouched!.inputSchema).toEqual(mcpSchema);
  });

  test('a schema whose refs cannot be hoisted is left out rather than break the request', () => {
    const broken = modelToolContract('mcp__db__broken', {
      inputSchema: { type: 'object', properties: { a: { $ref: '#/definitions/missing' } } },
    });
    const projection = projectAiSdkTools([broken, read], {
      ...anthropicFirstParty,
      requiresDefsRefs: true,
    });
    expect(Object.keys(projection.tools)).toEqual(['Read']);
    expect(
      projection.notes.map(({ tool, code, omitted, message }) => ({
        tool,
        code,
        omitted,
        message,
      })),
    ).toEqual([
      {
        tool: 'mcp__db__broken',
        code: 'invalid-schema',
        omitted: true,
        message:
          'mcp__db__broken: the input schema cannot be sent; left out:\n' +
          '  /properties/a: #/definitions/missing: the $ref does not point at a schema in this document',
      },
    ]);
  });
});

describe('toAiSdkTools: OpenAI strict mode (opt-in)', () => {
  const openAi = {
    provider: 'openai',
    model: modelProfile({ id: 'gpt-test', provider: 'openai', firstParty: false }),
    openAiStrict: true,
  } as const;

  test('the eligible tool is sent with the OpenAI projection, and the nulls it makes the model send are removed again', async () => {
    const { calls, execute } = recordingExecutor();
    const tools = toAiSdkTools([submit, read], { ...openAi, session: execute });
    const model = mockModel([
      { toolCallId: 'call-5', toolName: 'Submit', input: { answer: '42', confidence: null } },
    ]);
    const result = await generateText({ model, tools, prompt: 'answer' });
    expect(model.doGenerateCalls[0]!.tools).toEqual([
      {
        type: 'function',
        name: 'Submit',
        description: 'Submits the answer.',
        inputSchema: {
          type: 'object',
          properties: {
            answer: {
              type: 'string',
              description: 'The answer\nConstraints: at least 1 character.',
            },
            confidence: { type: ['number', 'null'] },
          },
          required: ['answer', 'confidence'],
          additionalProperties: false,
        },
        strict: true,
      },
      { type: 'function', name: 'Read', description: read.description, inputSchema: readSchema },
    ]);
    expect(calls.map(({ name, input }) => ({ name, input }))).toEqual([
      { name: 'Submit', input: { answer: '42' } },
    ]);
    // The SDK's own record of the call carries the restored input too.
    expect(result.toolCalls.map(({ input }) => input)).toEqual([{ answer: '42' }]);
  });

  test('without the opt-in, OpenAI gets no strict mode and the schema as it is', async () => {
    const [sent] = await toolsSentToModel(
      toAiSdkTools([submit], { ...openAi, openAiStrict: false }),
    );
    expect(sent).toEqual({
      type: 'function',
      name: 'Submit',
      description: 'Submits the answer.',
      inputSchema: submitSchema,
    });
  });
});

describe('toAiSdkTools: names', () => {
  test('a second contract with the same name is left out, never overwrites the first', () => {
    const projection = projectAiSdkTools(
      [read, modelToolContract('Read', { description: 'impostor' }), bash],
      anthropicFirstParty,
    );
    expect(Object.keys(projection.tools)).toEqual(['Read', 'Bash']);
    expect(projection.tools['Read']!.description).toBe(read.description);
    expect(projection.notes).toEqual([
      {
        tool: 'Read',
        code: 'duplicate-name',
        omitted: true,
        message: 'Read: an earlier tool has this name; this one is left out',
      },
    ]);
  });

  test('an integer-like name is noted: JavaScript objects order it first', () => {
    const projection = projectAiSdkTools([read, modelToolContract('7')], anthropicFirstParty);
    expect(Object.keys(projection.tools)).toEqual(['7', 'Read']);
    expect(projection.notes).toEqual([
      {
        tool: '7',
        code: 'order-not-kept',
        omitted: false,
        message: '7: an integer-like name is ordered before all other names by JavaScript objects',
      },
    ]);
  });
});
