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
import { exampleWorkspace, PNG_BASE64 } from './workspace.js';

/** A `generateContent` response in the wire format: function calls, or a final text. */
function reply(id: string, parts: unknown[]) {
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 100, candidatesTokenCount: 20, totalTokenCount: 120 },
    modelVersion: 'gemini-3-pro',
    responseId: id,
  };
}

test('the Gemini host: Read (text and PNG), an approved Edit, a final answer', async () => {
  const workspace = await exampleWorkspace();
  const server = await startReplayServer([
    reply('r1', [
      {
        functionCall: { id: 'fc_1', name: 'Read', args: { file_path: workspace.notes } },
        // Gemini 3 signs its function calls; the host sends the part back unchanged.
        thoughtSignature: 'c2lnbmF0dXJlLTE=',
      },
      { functionCall: { id: 'fc_2', name: 'Read', args: { file_path: workspace.pixel } } },
    ]),
    reply('r2', [
      {
        functionCall: {
          id: 'fc_3',
          name: 'Edit',
          args: { file_path: workspace.notes, old_string: 'beta', new_string: 'gamma' },
        },
      },
    ]),
    reply('r3', [{ text: 'Changed beta to gamma.' }]),
  ]);
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
