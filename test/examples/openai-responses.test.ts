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
import { exampleWorkspace, PNG_BASE64 } from './workspace.js';

/** A response object in the wire format: function calls, or a final message. */
function response(id: string, reply: { text: string } | { calls: [string, string, unknown][] }) {
  const output =
    'text' in reply
      ? [
          {
            type: 'message',
            id: `msg_${id}`,
            status: 'completed',
            role: 'assistant',
            content: [{ type: 'output_text', text: reply.text, annotations: [] }],
          },
        ]
      : reply.calls.map(([callId, name, input], index) => ({
          type: 'function_call',
          id: `fc_${id}_${index}`,
          call_id: callId,
          name,
          arguments: JSON.stringify(input),
          status: 'completed',
        }));
  return {
    id,
    object: 'response',
    created_at: 1_764_800_000,
    status: 'completed',
    model: 'gpt-5.4',
    output,
    parallel_tool_calls: true,
    tool_choice: 'auto',
    tools: [],
    error: null,
    incomplete_details: null,
    instructions: null,
    metadata: {},
    usage: {
      input_tokens: 100,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 20,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 120,
    },
  };
}

test('the OpenAI Responses host: Read (text and PNG), an approved Edit, a final answer', async () => {
  const workspace = await exampleWorkspace();
  const server = await startReplayServer([
    response('resp_1', {
      calls: [
        ['call_1', 'Read', { file_path: workspace.notes }],
        ['call_2', 'Read', { file_path: workspace.pixel }],
      ],
    }),
    response('resp_2', {
      calls: [
        ['call_3', 'Edit', { file_path: workspace.notes, old_string: 'beta', new_string: 'gamma' }],
      ],
    }),
    response('resp_3', { text: 'Changed beta to gamma.' }),
  ]);
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
