/**
 * examples/ai-sdk-generate-text.ts against a replay of the Messages API: the real `ai`
 * `generateText` with `@ai-sdk/anthropic`, pointed at 127.0.0.1, runs the scripted
 * conversation (two Reads in one message, one of them a PNG; an Edit approved through the SDK's
 * approval round trip; a final answer).
 */
import { readFile } from 'node:fs/promises';
import { createAnthropic } from '@ai-sdk/anthropic';
import { expect, onTestFinished, test } from 'vitest';
import { runAiSdkAgent } from '../../examples/ai-sdk-generate-text.js';
import { startReplayServer, toolListBytes } from './replay-server.js';
import { scriptedConversation } from './recorded-conversations.js';
import { exampleWorkspace, PNG_BASE64 } from './workspace.js';

test('the AI SDK host: Read (text and PNG), an Edit approved through the SDK round trip, a final answer', async () => {
  const workspace = await exampleWorkspace();
  const server = await startReplayServer(scriptedConversation('ai-sdk', workspace));
  onTestFinished(() => server.close());
  const asked: { toolName: string; input: unknown }[] = [];

  const run = await runAiSdkAgent({
    anthropic: createAnthropic({ apiKey: 'test-key', baseURL: `${server.url}/v1` }),
    prompt: 'Change beta to gamma in notes.txt',
    workingDirectory: workspace.root,
    approve: async (call) => {
      asked.push(call);
      return true;
    },
  });

  expect(run.text).toBe('Changed beta to gamma.');
  expect(await readFile(workspace.notes, 'utf8')).toBe('alpha\ngamma\n');
  expect(asked.map((call) => call.toolName)).toEqual(['Edit']);
  expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual(
    Array(3).fill('POST /v1/messages'),
  );

  // @ai-sdk/anthropic sends the results as tool_result blocks; the PNG as an image block.
  const second = JSON.parse(server.requests[1]!.body) as {
    messages: {
      role: string;
      content: { type: string; tool_use_id?: string; content?: unknown }[];
    }[];
  };
  const results = second.messages.at(-1)!.content;
  expect(results.map((block) => [block.type, block.tool_use_id])).toEqual([
    ['tool_result', 'toolu_01'],
    ['tool_result', 'toolu_02'],
  ]);
  expect(results[1]!.content).toEqual([
    { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
  ]);
  const third = JSON.parse(server.requests[2]!.body) as typeof second;
  expect(third.messages.at(-1)!.content).toEqual([
    expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_03' }),
  ]);

  const [first, ...rest] = server.requests.map((request) => toolListBytes(request.body));
  for (const bytes of rest) expect(bytes).toBe(first);
  for (const request of server.requests)
    expect(request.body).not.toContain('disable_parallel_tool_use');
});
