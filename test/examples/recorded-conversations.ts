/**
 * The recorded provider responses the example hosts are replayed against, in each API's wire
 * format (written by hand from its documentation and the SDK's types), and the scripted
 * conversation every example runs: two Reads in one message (a text file and a PNG), an Edit,
 * a final answer.
 */
import type { ExampleWorkspace } from './workspace.js';

export /** An assistant message in the Messages API's wire format. */
function message(id: string, content: unknown[]) {
  const stop = content.some((block) => (block as { type: string }).type === 'tool_use');
  return {
    id,
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-6',
    content,
    stop_reason: stop ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 100, output_tokens: 20 },
  };
}

export const toolUse = (id: string, name: string, input: unknown) => ({
  type: 'tool_use',
  id,
  name,
  input,
});

export /** A chat completion in the wire format: tool calls, or a final text. */
function completion(id: string, reply: { text: string } | { calls: [string, string, unknown][] }) {
  const calls = 'calls' in reply ? reply.calls : [];
  return {
    id,
    object: 'chat.completion',
    created: 1_764_800_000,
    model: 'gpt-5.4',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: 'text' in reply ? reply.text : null,
          refusal: null,
          ...(calls.length === 0
            ? {}
            : {
                tool_calls: calls.map(([callId, name, input]) => ({
                  id: callId,
                  type: 'function',
                  function: { name, arguments: JSON.stringify(input) },
                })),
              }),
        },
        finish_reason: calls.length === 0 ? 'stop' : 'tool_calls',
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
  };
}

export /** A response object in the wire format: function calls, or a final message. */
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

export /** A `generateContent` response in the wire format: function calls, or a final text. */
function reply(id: string, parts: unknown[]) {
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 100, candidatesTokenCount: 20, totalTokenCount: 120 },
    modelVersion: 'gemini-3-pro',
    responseId: id,
  };
}

/** The example hosts, by the name `examples/run.ts` takes. */
export const HOSTS = ['anthropic', 'openai-responses', 'openai-chat', 'gemini', 'ai-sdk'] as const;
export type HostName = (typeof HOSTS)[number];

const EDIT = (workspace: ExampleWorkspace) => ({
  file_path: workspace.notes,
  old_string: 'beta',
  new_string: 'gamma',
});

/** The scripted conversation as `host`'s provider sends it. */
export function scriptedConversation(host: HostName, workspace: ExampleWorkspace): unknown[] {
  const final = 'Changed beta to gamma.';
  switch (host) {
    case 'anthropic':
    case 'ai-sdk':
      return [
        message('msg_1', [
          toolUse('toolu_01', 'Read', { file_path: workspace.notes }),
          toolUse('toolu_02', 'Read', { file_path: workspace.pixel }),
        ]),
        message('msg_2', [toolUse('toolu_03', 'Edit', EDIT(workspace))]),
        message('msg_3', [{ type: 'text', text: final }]),
      ];
    case 'openai-chat':
      return [
        completion('chatcmpl-1', {
          calls: [
            ['call_1', 'Read', { file_path: workspace.notes }],
            ['call_2', 'Read', { file_path: workspace.pixel }],
          ],
        }),
        completion('chatcmpl-2', { calls: [['call_3', 'Edit', EDIT(workspace)]] }),
        completion('chatcmpl-3', { text: final }),
      ];
    case 'openai-responses':
      return [
        response('resp_1', {
          calls: [
            ['call_1', 'Read', { file_path: workspace.notes }],
            ['call_2', 'Read', { file_path: workspace.pixel }],
          ],
        }),
        response('resp_2', { calls: [['call_3', 'Edit', EDIT(workspace)]] }),
        response('resp_3', { text: final }),
      ];
    case 'gemini':
      return [
        reply('r1', [
          {
            functionCall: { id: 'fc_1', name: 'Read', args: { file_path: workspace.notes } },
            // Gemini 3 signs its function calls; the host sends the part back unchanged.
            thoughtSignature: 'c2lnbmF0dXJlLTE=',
          },
          { functionCall: { id: 'fc_2', name: 'Read', args: { file_path: workspace.pixel } } },
        ]),
        reply('r2', [{ functionCall: { id: 'fc_3', name: 'Edit', args: EDIT(workspace) } }]),
        reply('r3', [{ text: final }]),
      ];
  }
}
