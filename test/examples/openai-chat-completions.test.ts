/**
 * examples/openai-chat-completions.ts against a replay of Chat Completions: the real `openai`
 * client, pointed at 127.0.0.1, runs the scripted conversation (two Reads in one message, one of
 * them a PNG; an Edit the host approves; a final answer).
 */
import { readFile } from 'node:fs/promises';
import OpenAI from 'openai';
import { expect, onTestFinished, test } from 'vitest';
import { runOpenAiChatAgent } from '../../examples/openai-chat-completions.js';
import { startReplayServer, toolListBytes } from './replay-server.js';
import { scriptedConversation } from './recorded-conversations.js';
import { exampleWorkspace, PNG_BASE64 } from './workspace.js';

test('the OpenAI Chat Completions host: Read (text and PNG), an approved Edit, a final answer', async () => {
  const workspace = await exampleWorkspace();
  const server = await startReplayServer(scriptedConversation('openai-chat', workspace));
  onTestFinished(() => server.close());

  const run = await runOpenAiChatAgent({
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
    Array(3).fill('POST /v1/chat/completions'),
  );

  // Tool messages with the text; the image in a user message of image_url parts after them.
  const second = JSON.parse(server.requests[1]!.body) as { messages: unknown[] };
  expect(second.messages.slice(-3)).toEqual([
    { role: 'tool', tool_call_id: 'call_1', content: '     1\talpha\n     2\tbeta' },
    { role: 'tool', tool_call_id: 'call_2', content: '[image: image/png, 72 bytes]' },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'Image from tool call call_2:' },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
      ],
    },
  ]);
  const third = JSON.parse(server.requests[2]!.body) as { messages: unknown[] };
  expect(third.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_3' });

  const [first, ...rest] = server.requests.map((request) => toolListBytes(request.body));
  for (const bytes of rest) expect(bytes).toBe(first);
  for (const request of server.requests) expect(request.body).not.toContain('parallel_tool_calls');
});
