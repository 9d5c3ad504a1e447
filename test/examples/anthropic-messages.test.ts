/**
 * examples/anthropic-messages.ts against a replay of the Messages API: the real
 * `@anthropic-ai/sdk` client, pointed at 127.0.0.1, runs the scripted conversation (two Reads in
 * one message, one of them a PNG; an Edit the host approves; a final answer), and a second
 * conversation whose one message holds two Reads, an Edit and a Bash.
 */
import { readFile } from 'node:fs/promises';
import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, onTestFinished, test } from 'vitest';
import { runAnthropicAgent } from '../../examples/anthropic-messages.js';
import { startReplayServer, toolListBytes, type ReplayServer } from './replay-server.js';
import { message, scriptedConversation, toolUse } from './recorded-conversations.js';
import { exampleWorkspace, PNG_BASE64 } from './workspace.js';

async function replay(responses: unknown[]): Promise<ReplayServer> {
  const server = await startReplayServer(responses);
  onTestFinished(() => server.close());
  return server;
}

function client(server: ReplayServer): Anthropic {
  return new Anthropic({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
}

describe('the Anthropic Messages host', () => {
  test('Read (text and PNG), an approved Edit, a final answer: edited through the session, tool bytes the same in every request', async () => {
    const workspace = await exampleWorkspace();
    const server = await replay(scriptedConversation('anthropic', workspace));

    const run = await runAnthropicAgent({
      client: client(server),
      prompt: 'Change beta to gamma in notes.txt',
      workingDirectory: workspace.root,
      approve: workspace.approve,
    });

    expect(run.text).toBe('Changed beta to gamma.');
    expect(await readFile(workspace.notes, 'utf8')).toBe('alpha\ngamma\n');
    expect(workspace.asked.map((request) => [request.tool, request.callId])).toEqual([
      ['Edit', 'toolu_03'],
    ]);
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v1/messages',
      'POST /v1/messages',
      'POST /v1/messages',
    ]);

    // The results went back as tool_result blocks; the PNG as an image block.
    const second = JSON.parse(server.requests[1]!.body) as Anthropic.MessageCreateParams;
    const results = second.messages.at(-1)!.content as Anthropic.ToolResultBlockParam[];
    expect(results.map((result) => [result.type, result.tool_use_id])).toEqual([
      ['tool_result', 'toolu_01'],
      ['tool_result', 'toolu_02'],
    ]);
    expect(results[0]!.content).toBe('     1\talpha\n     2\tbeta');
    expect(results[1]!.content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
    ]);
    const third = JSON.parse(server.requests[2]!.body) as Anthropic.MessageCreateParams;
    expect(third.messages.at(-1)!.content).toEqual([
      expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_03' }),
    ]);

    // The prefix: every request opens with the very same tool bytes, and nothing forbids parallel calls.
    const [first, ...rest] = server.requests.map((request) => toolListBytes(request.body));
    for (const bytes of rest) expect(bytes).toBe(first);
    for (const request of server.requests)
      expect(request.body).not.toContain('disable_parallel_tool_use');
  });

  test('one message with two Reads, an Edit and a Bash: the Reads run together, then the Edit, then the Bash', async () => {
    const workspace = await exampleWorkspace();
    const server = await replay([
      message('msg_1', [
        toolUse('toolu_r1', 'Read', { file_path: workspace.notes }),
        toolUse('toolu_r2', 'Read', { file_path: workspace.pixel }),
        toolUse('toolu_e', 'Edit', {
          file_path: workspace.notes,
          old_string: 'beta',
          new_string: 'gamma',
        }),
        toolUse('toolu_b', 'Bash', { command: 'cat notes.txt' }),
      ]),
      message('msg_2', [{ type: 'text', text: 'Done.' }]),
    ]);
    // Each Read waits in a host hook until the other has started too: were they run one after
    // the other, the first would wait for ever (and be refused by the guard below).
    const entered: string[] = [];
    let readsIn = 0;
    let bothReadsIn!: () => void;
    const readsTogether = new Promise<void>((resolve) => (bothReadsIn = resolve));
    const run = await runAnthropicAgent({
      client: client(server),
      prompt: 'Look, change beta to gamma, show the file',
      workingDirectory: workspace.root,
      approve: workspace.approve,
      hooks: [
        {
          matcher: ['Read'],
          preToolUse: async () => {
            entered.push('Read');
            if (++readsIn === 2) bothReadsIn();
            const guard = new Promise<'alone'>((resolve) => setTimeout(resolve, 10_000, 'alone'));
            if ((await Promise.race([readsTogether, guard])) === 'alone')
              return { deny: 'the other Read never started' };
          },
        },
        { matcher: ['Edit', 'Bash'], preToolUse: async (name) => void entered.push(name) },
      ],
    });

    const [batch] = run.batches;
    expect(batch!.steps).toEqual([
      { indices: [0, 1], concurrent: true },
      { indices: [2], concurrent: false },
      { indices: [3], concurrent: true },
    ]);
    expect(entered).toEqual(['Read', 'Read', 'Edit', 'Bash']);
    // The Read saw the file before the Edit, the Bash after it.
    expect(batch!.results.map((result) => [result.callId, result.isError])).toEqual([
      ['toolu_r1', false],
      ['toolu_r2', false],
      ['toolu_e', false],
      ['toolu_b', false],
    ]);
    expect(batch!.results[0]!.content).toContain('beta');
    expect(batch!.results[3]!.content).toContain('alpha\ngamma');
    expect(workspace.asked.map((request) => request.tool)).toEqual(['Edit']);
    // The request asked for nothing serial.
    expect(JSON.parse(server.requests[0]!.body)).not.toHaveProperty('tool_choice');
  });
});
