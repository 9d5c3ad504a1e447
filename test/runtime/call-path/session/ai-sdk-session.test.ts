/**
 * The AI SDK adapter over a real tool session, driven by the real `generateText` with the SDK's
 * `MockLanguageModelV3`: Read then Edit on one session, Edit's approval as the SDK's own round
 * trip (`tool-approval-request` → `tool-approval-response`), and a Read image reaching the model
 * as an image part, not as text.
 */
import { readFile, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateText, stepCountIs, type ModelMessage } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, test } from 'vitest';
import { builtInTools } from '../../../../generated/index.js';
import { SORTED_PROVIDER_TOOL_NAMES } from '../../../../generated/provider-order.js';
import { toAiSdkTools } from '../../../../runtime/integrations/adapters/to-ai-sdk-tools.js';
import type { ModelProfile } from '../../../../runtime/core/contract.js';
import {
  createToolSession,
  type ToolSession,
} from '../../../../runtime/call-path/session/index.js';
import { createToolRuntime } from '../../../../runtime/core/tool-runtime.js';
import { planTurnTools, turnRestriction } from '../../../../runtime/core/visibility/turn-filter.js';
import { temporaryDirectory } from '../../../support/temporary-directory.js';

type CallOptions = Parameters<MockLanguageModelV3['doGenerate']>[0];
type Step = { readonly tool: string; readonly input: unknown; readonly id: string } | 'done';

const MODEL: ModelProfile = {
  id: 'claude-test',
  provider: 'anthropic',
  supportsNativeWebSearch: false,
  supportsPdf: true,
  firstParty: true,
};

/** A model that makes one tool call per step, in order, then answers "done". */
function scriptedModel(steps: readonly Step[]): MockLanguageModelV3 {
  let next = 0;
  return new MockLanguageModelV3({
    doGenerate: async () => {
      const step = steps[next++] ?? 'done';
      return {
        content:
          step === 'done'
            ? [{ type: 'text' as const, text: 'done' }]
            : [
                {
                  type: 'tool-call' as const,
                  toolCallId: step.id,
                  toolName: step.tool,
                  input: JSON.stringify(step.input),
                },
              ],
        finishReason: {
          unified: step === 'done' ? ('stop' as const) : ('tool-calls' as const),
          raw: undefined,
        },
        usage: {
          inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 5, text: 5, reasoning: 0 },
        },
        warnings: [],
      };
    },
  });
}

async function sessionIn(root: string): Promise<ToolSession> {
  const runtime = createToolRuntime({
    builtInTools,
    sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
    gate: { ports: {}, features: {}, hostKind: 'terminal', sessionKind: 'main' },
    logger: { warn: () => {} },
  });
  return createToolSession({ runtime, workingDirectory: root, model: MODEL });
}

/** The tool-result parts of the prompt the model was sent in call `index`. */
function toolResultsSent(model: MockLanguageModelV3, index: number): unknown[] {
  const prompt: CallOptions['prompt'] = model.doGenerateCalls[index]!.prompt;
  return prompt.flatMap((message) =>
    message.role === 'tool'
      ? message.content.filter((part) => part.type === 'tool-result').map((part) => part.output)
      : [],
  );
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('the AI SDK adapter over a tool session', () => {
  test('Read then Edit on one session, with the approval as an SDK round trip', async () => {
    const root = await realpath(await temporaryDirectory('ai-sdk-session-'));
    const file = path.join(root, 'notes.txt');
    await writeFile(file, 'alpha\nbeta\n');
    const session = await sessionIn(root);
    try {
      const tools = toAiSdkTools(session.tools(), { provider: 'anthropic', model: MODEL, session });
      const model = scriptedModel([
        { tool: 'Read', input: { file_path: file }, id: 'toolu_read' },
        {
          tool: 'Edit',
          input: { file_path: file, old_string: 'beta', new_string: 'gamma' },
          id: 'toolu_edit',
        },
      ]);
      const messages: ModelMessage[] = [{ role: 'user', content: 'change beta to gamma' }];

      // Read runs at once; Edit needs approval: the SDK stops and asks the host.
      const first = await generateText({ model, tools, messages, stopWhen: stepCountIs(5) });
      expect(first.steps.flatMap((step) => step.toolResults.map((part) => part.toolName))).toEqual([
        'Read',
      ]);
      const requests = first.content.filter((part) => part.type === 'tool-approval-request');
      expect(requests.map((part) => [part.toolCall.toolName, part.toolCall.toolCallId])).toEqual([
        ['Edit', 'toolu_edit'],
      ]);
      expect(await readFile(file, 'utf8')).toBe('alpha\nbeta\n');

      // The host approves; the SDK runs Edit in the same session, which remembers the Read.
      messages.push(...first.response.messages, {
        role: 'tool',
        content: [
          { type: 'tool-approval-response', approvalId: requests[0]!.approvalId, approved: true },
        ],
      });
      const second = await generateText({ model, tools, messages, stopWhen: stepCountIs(5) });
      expect(second.text).toBe('done');
      expect(await readFile(file, 'utf8')).toBe('alpha\ngamma\n');
      const edited = toolResultsSent(model, model.doGenerateCalls.length - 1).at(-1);
      expect(edited).toEqual({
        type: 'text',
        value: `Edited ${file}: 1 replacement (+1 -1 lines).\nThe result around the change:\n     1\talpha\n     2\tgamma`,
      });
    } finally {
      await session.close();
    }
  });

  test('a denied approval never runs the call; the model is told', async () => {
    const root = await realpath(await temporaryDirectory('ai-sdk-session-'));
    const session = await sessionIn(root);
    try {
      const tools = toAiSdkTools(session.tools(), { provider: 'anthropic', model: MODEL, session });
      const model = scriptedModel([
        { tool: 'Bash', input: { command: 'touch made.txt' }, id: 'toolu_bash' },
      ]);
      const messages: ModelMessage[] = [{ role: 'user', content: 'make a file' }];
      const first = await generateText({ model, tools, messages, stopWhen: stepCountIs(3) });
      const [request] = first.content.filter((part) => part.type === 'tool-approval-request');
      messages.push(...first.response.messages, {
        role: 'tool',
        content: [
          {
            type: 'tool-approval-response',
            approvalId: request!.approvalId,
            approved: false,
            reason: 'not now',
          },
        ],
      });
      await generateText({ model, tools, messages, stopWhen: stepCountIs(3) });
      await expect(readFile(path.join(root, 'made.txt'))).rejects.toThrow(/ENOENT/);
      expect(toolResultsSent(model, model.doGenerateCalls.length - 1)).toEqual([
        { type: 'execution-denied', reason: 'not now' },
      ]);
    } finally {
      await session.close();
    }
  });

  test("a turn's restriction: the tool set stays whole, the call is refused without asking, naming the tools allowed now", async () => {
    const root = await realpath(await temporaryDirectory('ai-sdk-session-'));
    const session = await sessionIn(root);
    try {
      const plan = planTurnTools(session.tools(), { denylist: ['Bash'] }, 'restrict');
      const restriction = turnRestriction(plan)!;
      const tools = toAiSdkTools(plan.tools, {
        provider: 'anthropic',
        model: MODEL,
        session,
        turnRestriction: restriction,
      });
      expect(Object.keys(tools)).toContain('Bash');
      const model = scriptedModel([
        { tool: 'Bash', input: { command: 'touch made.txt' }, id: 'toolu_bash' },
      ]);
      const result = await generateText({ model, tools, prompt: 'go', stopWhen: stepCountIs(3) });
      expect(result.content.some((part) => part.type === 'tool-approval-request')).toBe(false);
      expect(model.doGenerateCalls[0]!.tools?.map((tool) => tool.name)).toEqual(Object.keys(tools));
      await expect(readFile(path.join(root, 'made.txt'))).rejects.toThrow(/ENOENT/);
      expect(toolResultsSent(model, 1)).toEqual([
        {
          type: 'error-text',
          value: `<tool_use_error>Error: Bash is not available in this turn. Tools you can call now: ${restriction.allowed.join(', ')}.</tool_use_error>`,
        },
      ]);
    } finally {
      await session.close();
    }
  });

  test('a deny rule refuses without asking: the model reads our exact text as an error', async () => {
    const root = await realpath(await temporaryDirectory('ai-sdk-session-'));
    await writeFile(path.join(root, 'victim.txt'), 'keep');
    const session = await createToolSession({
      runtime: createToolRuntime({
        builtInTools,
        sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
        gate: { ports: {}, features: {}, hostKind: 'terminal', sessionKind: 'main' },
        logger: { warn: () => {} },
      }),
      workingDirectory: root,
      permissions: { deny: ['Bash(rm:*)'] },
    });
    try {
      const tools = toAiSdkTools(session.tools(MODEL), {
        provider: 'anthropic',
        model: MODEL,
        session,
      });
      const model = scriptedModel([
        { tool: 'Bash', input: { command: 'rm victim.txt' }, id: 'toolu_rm' },
      ]);
      const result = await generateText({
        model,
        tools,
        prompt: 'clean',
        stopWhen: stepCountIs(3),
      });
      expect(result.content.some((part) => part.type === 'tool-approval-request')).toBe(false);
      expect(toolResultsSent(model, 1)).toEqual([
        {
          type: 'error-text',
          value:
            '<tool_use_error>Permission denied: Bash was not run because the rule "Bash(rm:*)" denies this call.</tool_use_error>',
        },
      ]);
      expect(await readFile(path.join(root, 'victim.txt'), 'utf8')).toBe('keep');
    } finally {
      await session.close();
    }
  });

  test('an image Read returns reaches the model as an image part', async () => {
    const root = await realpath(await temporaryDirectory('ai-sdk-session-'));
    await writeFile(path.join(root, 'pixel.png'), PNG);
    const session = await sessionIn(root);
    try {
      const tools = toAiSdkTools(session.tools(), { provider: 'anthropic', model: MODEL, session });
      const model = scriptedModel([
        { tool: 'Read', input: { file_path: 'pixel.png' }, id: 'toolu_img' },
      ]);
      await generateText({ model, tools, prompt: 'look', stopWhen: stepCountIs(3) });
      expect(toolResultsSent(model, 1)).toEqual([
        {
          type: 'content',
          value: [{ type: 'image-data', mediaType: 'image/png', data: PNG.toString('base64') }],
        },
      ]);
    } finally {
      await session.close();
    }
  });
});
