/**
 * Each projection through the provider's official SDK: the fragment type-checks against the SDK's
 * request types (this file is compiled by `tsc`), and the real SDK client, pointed at a recording
 * HTTP server on 127.0.0.1, sends exactly our fragment, byte for byte. No network.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Anthropic from '@anthropic-ai/sdk';
import {
  FunctionCallingConfigMode,
  GoogleGenAI,
  type GenerateContentParameters,
} from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ModelToolContract } from '../../../../runtime/core/contract.js';
import { toAnthropicRequest } from '../../../../runtime/integrations/providers/to-anthropic-request.js';
import { toGeminiRequest } from '../../../../runtime/integrations/providers/to-gemini-request.js';
import { toOpenAiChatRequest } from '../../../../runtime/integrations/providers/to-openai-chat-request.js';
import { toOpenAiResponsesRequest } from '../../../../runtime/integrations/providers/to-openai-responses-request.js';
import { planTurnTools } from '../../../../runtime/core/visibility/turn-filter.js';
import { mcpContracts, model, sessionContracts } from './provider-fixtures.js';

interface Recorded {
  readonly path: string;
  readonly body: string;
}

const RESPONSES: readonly [RegExp, unknown][] = [
  [
    /\/v1\/messages$/,
    {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-test',
      content: [{ type: 'text', text: 'ok' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    },
  ],
  [
    /\/chat\/completions$/,
    {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 0,
      model: 'gpt-test',
      choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
    },
  ],
  [
    /\/responses$/,
    {
      id: 'resp_1',
      object: 'response',
      created_at: 0,
      model: 'gpt-test',
      status: 'completed',
      output: [],
    },
  ],
  [
    /:generateContent$/,
    { candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP' }] },
  ],
];

let server: Server;
let baseUrl: string;
const recorded: Recorded[] = [];

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '').split('?')[0]!;
      recorded.push({ path, body: Buffer.concat(chunks).toString('utf8') });
      const answer = RESPONSES.find(([pattern]) => pattern.test(path));
      response.writeHead(answer === undefined ? 404 : 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer?.[1] ?? { error: { message: `no route ${path}` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function lastBody(): string {
  const last = recorded.at(-1);
  if (last === undefined) throw new Error('nothing was recorded');
  return last.body;
}

/** The SDK's body holds `"key":<our JSON>` exactly, and parses back to our value. */
function expectSentExactly(body: string, key: string, value: unknown): void {
  expect(body).toContain(`"${key}":${JSON.stringify(value)}`);
  expect(JSON.parse(body)[key]).toEqual(value);
}

const LISTS: readonly [string, () => readonly ModelToolContract[]][] = [
  ['the default main-session list', () => sessionContracts()],
  [
    'a cron-port session with MCP servers, restricted for a cron turn',
    () => sessionContracts({ ports: { cron: true } }, ['filesystem', 'edge-cases']),
  ],
  ['the MCP fixtures', () => mcpContracts()],
];

describe.each(LISTS)('%s, through the official SDKs', (title, list) => {
  const plan = planTurnTools(
    list(),
    title.includes('cron turn') ? { kind: 'cron' } : {},
    'restrict',
  );
  const options = {
    model,
    ...(plan.allowedTools === undefined ? {} : { allowedTools: plan.allowedTools }),
  };

  test('@anthropic-ai/sdk messages.create sends our tools and tool_choice byte for byte', async () => {
    const { request } = toAnthropicRequest(plan.tools, options);
    const client = new Anthropic({ apiKey: 'test', baseURL: baseUrl, maxRetries: 0 });
    const params: Anthropic.MessageCreateParamsNonStreaming = {
      model: 'claude-test',
      max_tokens: 16,
      messages: [{ role: 'user', content: 'hi' }],
      ...request,
    };
    await client.messages.create(params);
    expectSentExactly(lastBody(), 'tools', request.tools);
    if (request.tool_choice !== undefined)
      expectSentExactly(lastBody(), 'tool_choice', request.tool_choice);
  });

  test('openai chat.completions.create sends our tools and tool_choice byte for byte, and nothing against parallel calls', async () => {
    const { request } = toOpenAiChatRequest(plan.tools, options);
    const client = new OpenAI({ apiKey: 'test', baseURL: baseUrl, maxRetries: 0 });
    const params: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = {
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'hi' }],
      ...request,
    };
    await client.chat.completions.create(params);
    expectSentExactly(lastBody(), 'tools', request.tools);
    expect(JSON.parse(lastBody())).not.toHaveProperty('parallel_tool_calls');
    if (request.tool_choice !== undefined)
      expectSentExactly(lastBody(), 'tool_choice', request.tool_choice);
  });

  test('openai responses.create sends our tools (strict explicit on each) byte for byte', async () => {
    const { request } = toOpenAiResponsesRequest(plan.tools, options);
    const client = new OpenAI({ apiKey: 'test', baseURL: baseUrl, maxRetries: 0 });
    const params: OpenAI.Responses.ResponseCreateParamsNonStreaming = {
      model: 'gpt-test',
      input: 'hi',
      ...request,
    };
    await client.responses.create(params);
    expectSentExactly(lastBody(), 'tools', request.tools);
    if (request.tool_choice !== undefined)
      expectSentExactly(lastBody(), 'tool_choice', request.tool_choice);
    expect(
      (JSON.parse(lastBody()).tools as { strict?: unknown }[]).every(
        (tool) => typeof tool.strict === 'boolean',
      ),
    ).toBe(true);
  });

  test.each(['json-schema', 'openapi'] as const)(
    '@google/genai models.generateContent sends our function declarations (%s) byte for byte',
    async (geminiSchema) => {
      const { request } = toGeminiRequest(plan.tools, { ...options, geminiSchema });
      const client = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl } });
      const params: GenerateContentParameters = {
        model: 'gemini-test',
        contents: 'hi',
        // The SDK types `mode` as an enum; ours is the member's name, which the enum maps to itself.
        config: {
          tools: request.tools,
          ...(request.toolConfig === undefined
            ? {}
            : {
                toolConfig: {
                  functionCallingConfig: {
                    ...request.toolConfig.functionCallingConfig,
                    mode: FunctionCallingConfigMode[request.toolConfig.functionCallingConfig.mode],
                  },
                },
              }),
        },
      };
      await client.models.generateContent(params);
      expectSentExactly(lastBody(), 'tools', request.tools);
      if (request.toolConfig !== undefined)
        expectSentExactly(lastBody(), 'toolConfig', request.toolConfig);
    },
  );
});
