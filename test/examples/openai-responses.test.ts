/**
 * examples/openai-responses.ts against a replay of the Responses API: the real `openai` client,
 * pointed at 127.0.0.1, runs the scripted conversation (two Reads in one response, one of them
 * a PNG; an Edit the host approves; a final answer).
 */
import { readFile } from 'node:fs/promises';
import OpenAI from 'openai';
import { expect, onTestFinished, test } from 'vitest';
import { runOpenAiResponsesAgent } from '../../examples/openai-responses.js';
import { startReplayServer, toolListBytes } from './replay-server.js';
import { scriptedConversation } from './recorded-conversations.js';
import { exampleWorkspace, PNG_BASE64 } from './workspace.js';

test('the OpenAI Responses host: Read (text and PNG), an approved Edit, a final answer', async () => {
  const workspace = await exampleWorkspace();
  const server = await startReplayServer(scriptedConversation('openai-responses', workspace));
  onTestFinished(() => server.close());

  const run = await runOpenAiResponsesAgent({
    client: new OpenAI({ apiKey: 'test-key', baseURL: `${server.url}/v1`, maxRetries: 0 }),
    prompt: 'Change beta to gamma in notes.txt',
    workingDirectory: workspace.root,
    approve: workspace.approve,
  });

  expect(run.text).toBe('Changed beta to gamma.');
  expect(await readFile(workspace.notes, 'utf8')).toBe('alpha\ngamma\n');
  expect(workspace.asked.map((request) => [request.tool, request.callId])).toEqual([
    ['Edit', 'call_3'],
  ]);
  expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual(
    Array(3).fill('POST /v1/responses'),
  );

  // function_call_output items; the PNG as an input_image part.
  const second = JSON.parse(server.requests[1]!.body) as { input: unknown[] };
  expect(second.input.slice(-2)).toEqual([
    { type: 'function_call_output', call_id: 'call_1', output: '     1\talpha\n     2\tbeta' },
    {
      type: 'function_call_output',
      call_id: 'call_2',
      output: [
        { type: 'input_image', image_url: `data:image/png;base64,${PNG_BASE64}`, detail: 'auto' },
      ],
    },
  ]);
  const third = JSON.parse(server.requests[2]!.body) as { input: unknown[] };
  expect(third.input.at(-1)).toMatchObject({ type: 'function_call_output', call_id: 'call_3' });

  const [first, ...rest] = server.requests.map((request) => toolListBytes(request.body));
  for (const bytes of rest) expect(bytes).toBe(first);
  for (const request of server.requests) expect(request.body).not.toContain('parallel_tool_calls');
});
