/**
 * examples/gemini.ts against a replay of `generateContent`: the real `@google/genai` client,
 * pointed at 127.0.0.1, runs the scripted conversation (two Reads in one reply, one of them a
 * PNG; an Edit the host approves; a final answer).
 */
import { readFile } from 'node:fs/promises';
import { GoogleGenAI } from '@google/genai';
import { expect, onTestFinished, test } from 'vitest';
import { runGeminiAgent } from '../../examples/gemini.js';
import { startReplayServer, toolListBytes } from './replay-server.js';
import { scriptedConversation } from './recorded-conversations.js';
import { exampleWorkspace, PNG_BASE64 } from './workspace.js';

test('the Gemini host: Read (text and PNG), an approved Edit, a final answer', async () => {
  const workspace = await exampleWorkspace();
  const server = await startReplayServer(scriptedConversation('gemini', workspace));
  onTestFinished(() => server.close());

  const run = await runGeminiAgent({
    client: new GoogleGenAI({ apiKey: 'test-key', httpOptions: { baseUrl: server.url } }),
    prompt: 'Change beta to gamma in notes.txt',
    workingDirectory: workspace.root,
    approve: workspace.approve,
  });

  expect(run.text).toBe('Changed beta to gamma.');
  expect(await readFile(workspace.notes, 'utf8')).toBe('alpha\ngamma\n');
  expect(workspace.asked.map((request) => [request.tool, request.callId])).toEqual([
    ['Edit', 'fc_3'],
  ]);
  expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual(
    Array(3).fill('POST /v1/models/gemini-3-pro:generateContent'),
  );

  // The model's turn goes back as it came (signature included); the results as functionResponse
  // parts, the PNG inline in its response.
  const second = JSON.parse(server.requests[1]!.body) as { contents: { parts: unknown[] }[] };
  expect(second.contents.at(-2)!.parts[0]).toMatchObject({ thoughtSignature: 'c2lnbmF0dXJlLTE=' });
  expect(second.contents.at(-1)).toEqual({
    role: 'user',
    parts: [
      {
        functionResponse: {
          id: 'fc_1',
          name: 'Read',
          response: { output: '     1\talpha\n     2\tbeta' },
        },
      },
      {
        functionResponse: {
          id: 'fc_2',
          name: 'Read',
          response: { output: '[image: image/png, 72 bytes]' },
          parts: [{ inlineData: { mimeType: 'image/png', data: PNG_BASE64 } }],
        },
      },
    ],
  });
  const third = JSON.parse(server.requests[2]!.body) as { contents: { parts: unknown[] }[] };
  expect(third.contents.at(-1)!.parts).toEqual([
    { functionResponse: expect.objectContaining({ id: 'fc_3', name: 'Edit' }) },
  ]);

  const [first, ...rest] = server.requests.map((request) => toolListBytes(request.body));
  for (const bytes of rest) expect(bytes).toBe(first);
});
