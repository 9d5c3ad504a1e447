/**
 * The real built-in tools, projected by the real registry, through the adapter and the real AI
 * SDK, with calls executed by the runtime's real call path on real files.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateText } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { builtInTools } from '../../../../generated/index.js';
import {
  projectAiSdkTools,
  toAiSdkTools,
} from '../../../../runtime/integrations/adapters/to-ai-sdk-tools.js';
import { SORTED_PROVIDER_TOOL_NAMES } from '../../../../generated/provider-order.js';
import { createToolSession } from '../../../../runtime/call-path/session/create-tool-session.js';
import { createToolRuntime } from '../../../../runtime/core/tool-runtime.js';
import type { ModelToolContract } from '../../../../runtime/core/contract.js';
import { projectAll } from '../../fixtures/project-all.js';
import { ToolRegistry } from '../../../../runtime/core/tool-registry.js';
import { modelProfile } from './model-tool-contract-fixture.js';

const descriptionSettings = { currentMonth: 'November 2026', dynamicWorkflows: true };

function registryOfBuiltIns(): ToolRegistry {
  const warnings: string[] = [];
  const registry = new ToolRegistry({ logger: { warn: (message) => warnings.push(message) } });
  for (const entry of builtInTools) registry.register(entry);
  expect(warnings).toEqual([]); // the built-ins neither collide nor shadow each other's aliases
  return registry;
}

function modelCalling(toolName: string, input: unknown): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: async () => ({
      content: [
        {
          type: 'tool-call' as const,
          toolCallId: 'toolu_01',
          toolName,
          input: JSON.stringify(input),
        },
      ],
      finishReason: { unified: 'tool-calls' as const, raw: undefined },
      usage: {
        inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 5, text: 5, reasoning: 0 },
      },
      warnings: [],
    }),
  });
}

describe('the built-in tools through the AI SDK', () => {
  let contracts: ModelToolContract[];
  let workspace: string;

  beforeAll(async () => {
    contracts = [...projectAll(registryOfBuiltIns().list(), descriptionSettings)];
    workspace = await mkdtemp(join(tmpdir(), 'adapters-built-in-'));
  });
  afterAll(async () => {
    await rm(workspace, { recursive: true, force: true });
  });

  test('the model gets every provider-visible tool, in registry order, with its description and schema', async () => {
    const model = modelCalling('Read', {});
    await generateText({
      model,
      tools: toAiSdkTools(contracts, { provider: 'anthropic', model: modelProfile() }),
      prompt: 'hi',
    });
    const sent = model.doGenerateCalls[0]!.tools ?? [];
    const visible = builtInTools
      .filter((entry) => entry.metadata.providerVisible)
      .map((entry) => entry.metadata.name);
    expect(sent.map((tool) => tool.name)).toEqual(visible);
    expect(visible).not.toContain('Task'); // the hidden copy of Agent
    for (const [index, tool] of sent.entries()) {
      const contract = contracts[index]!;
      expect(tool).toEqual({
        type: 'function',
        name: contract.name,
        description: contract.description,
        inputSchema: contract.inputSchema,
      });
    }
  });

  test('submit_result is strict-eligible, but its open `result` object is outside Anthropic strict mode', () => {
    const submitResult = contracts.find((contract) => contract.name === 'submit_result')!;
    expect(submitResult.strict).toBe(true);
    const projection = projectAiSdkTools([submitResult], {
      provider: 'anthropic',
      model: modelProfile(),
    });
    expect(projection.notes.map(({ code, omitted }) => ({ code, omitted }))).toEqual([
      { code: 'strict-not-representable', omitted: false },
    ]);
    expect(
      projection.notes[0]!.problems!.map((problem) => [problem.code, problem.pointer]),
    ).toEqual([['open-object', '/properties/result']]);
  });

  test('a Read call runs through a real tool session on a real file', async () => {
    const file = join(workspace, 'notes.txt');
    await writeFile(file, 'first line\nsecond line\n');
    const session = await createToolSession({
      runtime: createToolRuntime({
        builtInTools,
        sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
        gate: { ports: {}, features: {}, hostKind: 'terminal', sessionKind: 'main' },
        logger: { warn: () => {} },
      }),
      workingDirectory: workspace,
    });
    try {
      const tools = toAiSdkTools(contracts, {
        provider: 'anthropic',
        model: modelProfile(),
        session,
      });

      const good = await generateText({
        model: modelCalling('Read', { file_path: file }),
        tools,
        prompt: 'read it',
      });
      expect(good.toolResults.map(({ toolName }) => toolName)).toEqual(['Read']);
      expect(String((good.toolResults[0]!.output as { content: string }).content)).toContain(
        'second line',
      );

      const bad = await generateText({ model: modelCalling('Read', {}), tools, prompt: 'read it' });
      expect(bad.toolResults.map(({ output }) => (output as { content: string }).content)).toEqual([
        '<tool_use_error>InputValidationError: Read failed due to the following issue:\nThe required parameter `file_path` is missing</tool_use_error>',
      ]);
    } finally {
      await session.close();
    }
  });
});
