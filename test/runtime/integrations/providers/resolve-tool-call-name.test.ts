/**
 * From the provider's tool calls back to our tool names, with responses parsed by the official
 * SDK clients from a local server on 127.0.0.1 (no network): a Responses API `function_call` into
 * a namespace, Anthropic `tool_search_tool_result` references and `tool_use` of a found tool, and
 * a Gemini `functionCall` under the name Gemini's rule forced.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projectProviderRequest } from '../../../../runtime/integrations/providers/project-provider-request.js';
import {
  resolveToolCallName,
  resolveToolReferences,
} from '../../../../runtime/integrations/providers/resolve-tool-call-name.js';
import { toAnthropicRequest } from '../../../../runtime/integrations/providers/to-anthropic-request.js';
import { toOpenAiResponsesRequest } from '../../../../runtime/integrations/providers/to-openai-responses-request.js';
import { modelToolContract } from '../adapters/model-tool-contract-fixture.js';
import { model } from './provider-fixtures.js';

const workflows = { name: 'workflows', description: 'Run and manage saved workflows.' };
const LIST = [
  modelToolContract('Read'),
  modelToolContract('RunWorkflow', { loading: 'deferred', group: workflows }),
  modelToolContract('ListRuns', { loading: 'deferred', group: workflows }),
  modelToolContract('Cron', { loading: 'deferred' }),
];

/** What the server answers next (the SDK parses it into its response types). */
let answer: unknown;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function functionCall(name: string, namespace?: string) {
  return {
    type: 'function_call',
    id: `fc_${name}`,
    call_id: `call_${name}`,
    name,
    arguments: '{"value":"x"}',
    status: 'completed',
    ...(namespace === undefined ? {} : { namespace }),
  };
}

describe('OpenAI Responses: function_call with namespace + name → our tool', () => {
  test('each call item the SDK returns, resolved against the request that was sent', async () => {
    const sent = toOpenAiResponsesRequest(LIST, {
      model,
      deferred: new Set(['RunWorkflow', 'ListRuns', 'Cron']),
    });
    expect(
      sent.request.tools.map((tool) => `${tool.type}:${'name' in tool ? tool.name : ''}`),
    ).toEqual(['function:Read', 'namespace:workflows', 'function:Cron', 'tool_search:']);
    answer = {
      id: 'resp_1',
      object: 'response',
      created_at: 0,
      model: 'gpt-test',
      status: 'completed',
      output: [
        functionCall('RunWorkflow', 'workflows'),
        functionCall('ListRuns', 'workflows'),
        functionCall('Read'),
        functionCall('Cron'),
        functionCall('RunWorkflow'),
        functionCall('Read', 'workflows'),
        functionCall('Missing', 'workflows'),
        functionCall('tool_search'),
      ],
    };
    const client = new OpenAI({ apiKey: 'test', baseURL: baseUrl, maxRetries: 0 });
    const response = await client.responses.create({
      model: 'gpt-test',
      input: 'hi',
      ...sent.request,
    });
    const calls = response.output.filter((item) => item.type === 'function_call');
    expect(calls.map((call) => resolveToolCallName(sent, call))).toStrictEqual([
      { known: true, name: 'RunWorkflow' },
      { known: true, name: 'ListRuns' },
      { known: true, name: 'Read' },
      { known: true, name: 'Cron' },
      {
        known: false,
        message: 'the model called RunWorkflow, but RunWorkflow was sent in namespace workflows',
      },
      {
        known: false,
        message: 'the model called workflows.Read, but Read was sent outside any namespace',
      },
      {
        known: false,
        message:
          'the model called workflows.Missing, which this openai-responses request did not send',
      },
      {
        known: false,
        message: 'the model called tool_search, which this openai-responses request did not send',
      },
    ]);
  });

  test('with namespaces off the same functions resolve without a namespace', () => {
    const sent = toOpenAiResponsesRequest(LIST, {
      model,
      deferred: new Set(['RunWorkflow']),
      responsesNamespaces: false,
    });
    expect(resolveToolCallName(sent, { name: 'RunWorkflow', namespace: null })).toStrictEqual({
      known: true,
      name: 'RunWorkflow',
    });
    expect(
      resolveToolCallName(sent, { name: 'RunWorkflow', namespace: 'workflows' }),
    ).toStrictEqual({
      known: false,
      message:
        'the model called workflows.RunWorkflow, but RunWorkflow was sent outside any namespace',
    });
  });
});

describe('Anthropic: tool_search_tool_result references and the tool_use of a found tool', () => {
  test('the SDK-parsed message resolves to our names; eager or unsent references are unknown', async () => {
    const sent = toAnthropicRequest(LIST, { model, deferred: new Set(['RunWorkflow', 'Cron']) });
    answer = {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-test',
      content: [
        {
          type: 'server_tool_use',
          id: 'srvtoolu_1',
          name: 'tool_search_tool_bm25',
          input: { query: 'workflow' },
        },
        {
          type: 'tool_search_tool_result',
          tool_use_id: 'srvtoolu_1',
          content: {
            type: 'tool_search_tool_search_result',
            tool_references: [
              { type: 'tool_reference', tool_name: 'RunWorkflow' },
              { type: 'tool_reference', tool_name: 'Read' },
              { type: 'tool_reference', tool_name: 'Ghost' },
              { type: 'tool_reference', tool_name: 'RunWorkflow' },
            ],
          },
        },
        { type: 'tool_use', id: 'toolu_1', name: 'RunWorkflow', input: { value: 'x' } },
        { type: 'tool_use', id: 'toolu_2', name: 'tool_search_tool_bm25', input: {} },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    };
    const client = new Anthropic({ apiKey: 'test', baseURL: baseUrl, maxRetries: 0 });
    const message = await client.messages.create({
      model: 'claude-test',
      max_tokens: 16,
      messages: [{ role: 'user', content: 'hi' }],
      ...sent.request,
    });
    const references = message.content.flatMap((block) =>
      block.type === 'tool_search_tool_result' &&
      block.content.type === 'tool_search_tool_search_result'
        ? block.content.tool_references
        : [],
    );
    expect(resolveToolReferences(sent, references)).toStrictEqual({
      found: ['RunWorkflow'],
      unknown: ['Read', 'Ghost'],
    });
    const uses = message.content.filter((block) => block.type === 'tool_use');
    expect(uses.map((use) => resolveToolCallName(sent, use))).toStrictEqual([
      { known: true, name: 'RunWorkflow' },
      {
        known: false,
        message:
          'the model called tool_search_tool_bm25, which this anthropic request did not send',
      },
    ]);
  });
});

test('Gemini: a functionCall under the name Gemini forced maps back to ours', async () => {
  const sent = projectProviderRequest('gemini', [modelToolContract('9lives')], { model });
  const sentName = sent.tools[0]!.sentName;
  expect(sentName).not.toBe('9lives');
  answer = {
    candidates: [
      {
        content: {
          role: 'model',
          parts: [{ functionCall: { name: sentName, args: { value: 'x' } } }],
        },
        finishReason: 'STOP',
      },
    ],
  };
  const client = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl } });
  const response = await client.models.generateContent({ model: 'gemini-test', contents: 'hi' });
  const calls = response.functionCalls ?? [];
  expect(calls.map((call) => resolveToolCallName(sent, { name: call.name ?? '' }))).toStrictEqual([
    { known: true, name: '9lives' },
  ]);
  expect(resolveToolCallName(sent, { name: '9lives' })).toStrictEqual({
    known: false,
    message: 'the model called 9lives, which this gemini request did not send',
  });
});
