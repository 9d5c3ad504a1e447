/**
 * The server scenarios of the MCP conformance suite (@modelcontextprotocol/conformance 0.1.16)
 * that apply to a server with our tool names, run against `tool-contracts serve --http` with the
 * SDK client, with the suite's own checks. (The package itself needs Node 22 — it imports
 * `fs.globSync` — so it cannot run here; its scenarios are written out instead.)
 *
 * Applied: server-initialize (both protocol versions the suite accepts), ping, tools-list,
 * tools-call-error (a tool that fails: `isError` with a message), tools-call-with-progress
 * (a long Bash with a progress token: at least 3 notifications, increasing).
 *
 * Not applicable: tools-call-simple-text, -image, -audio, -embedded-resource, -mixed-content,
 * -with-logging, -sampling, -elicitation (each needs a fixed test tool, `test_simple_text` and
 * so on, that our tool set does not have; our elicitation is tested with Write's approval in
 * test/cli/serve-command.test.ts), resources-*, prompts-*, completion-complete and
 * logging-set-level (we serve tools only and declare no such capability),
 * server-sse-multiple-streams and server-sse-polling (behaviour of the SDK's HTTP transport,
 * not of our server), and the OAuth scenarios (the server takes one pre-shared bearer token, which
 * every request here sends; `test/cli/serve-token-option.test.ts` covers the refusals).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { authorizedTransport, serveHttp } from '../../../support/serve-child.js';

let served: Awaited<ReturnType<typeof serveHttp>>;
beforeAll(async () => {
  served = await serveHttp(['--mode', 'yolo']);
});
afterAll(async () => {
  await served?.close();
});

/** The suite's client: its name, version and capabilities. */
async function conformanceClient(): Promise<Client> {
  const client = new Client(
    { name: 'conformance-test-client', version: '1.0.0' },
    { capabilities: { sampling: {}, elicitation: {} } },
  );
  await client.connect(authorizedTransport(served.url, served.token));
  return client;
}

describe('MCP conformance scenarios (server)', () => {
  test.each(['2025-06-18', '2025-11-25'])(
    'server-initialize: answers protocol version %s with server info and the tools capability',
    async (protocolVersion) => {
      const response = await fetch(served.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${served.token}`,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion,
            capabilities: {},
            clientInfo: { name: 'conformance-test-client', version: '1.0.0' },
          },
        }),
      });
      expect(response.status).toBe(200);
      const text = await response.text();
      const data = /^data: (.*)$/m.exec(text)?.[1] ?? text;
      expect(JSON.parse(data)).toMatchObject({
        jsonrpc: '2.0',
        id: 1,
        result: {
          protocolVersion,
          serverInfo: { name: 'tool-contracts', version: '0.1.0' },
          capabilities: { tools: { listChanged: true } },
        },
      });
      const session = response.headers.get('mcp-session-id');
      expect(session).toMatch(/^[0-9a-f-]{36}$/);
      await fetch(served.url, {
        method: 'DELETE',
        headers: { 'mcp-session-id': session!, authorization: `Bearer ${served.token}` },
      });
    },
  );

  test('ping: an empty object', async () => {
    const client = await conformanceClient();
    try {
      expect(await client.ping()).toEqual({});
    } finally {
      await client.close();
    }
  });

  test('tools-list: every tool has a name, a description and an object input schema', async () => {
    const client = await conformanceClient();
    try {
      const { tools } = await client.listTools();
      expect(tools.length).toBeGreaterThan(0);
      for (const tool of tools) {
        expect(tool.name).toMatch(/^[A-Za-z0-9_.-]{1,64}$/);
        expect(tool.description).toEqual(expect.any(String));
        expect(tool.description!.length).toBeGreaterThan(0);
        expect(tool.inputSchema.type).toBe('object');
        if (tool.outputSchema !== undefined) expect(tool.outputSchema.type).toBe('object');
      }
    } finally {
      await client.close();
    }
  });

  test('tools-call-error: a failing tool answers isError with a text message', async () => {
    const client = await conformanceClient();
    try {
      const result = (await client.callTool({
        name: 'Read',
        arguments: { file_path: '/nonexistent/for/conformance.txt' },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(result.content[0]).toMatchObject({
        type: 'text',
        text: expect.stringMatching(/^<tool_use_error>/),
      });
    } finally {
      await client.close();
    }
  });

  test('tools-call-with-progress: at least three progress notifications, increasing', async () => {
    const client = await conformanceClient();
    try {
      const progress: number[] = [];
      const result = await client.request(
        {
          method: 'tools/call',
          params: {
            name: 'Bash',
            arguments: { command: 'sleep 4.5; echo done' },
            _meta: { progressToken: 'progress-test-1' },
          },
        },
        CallToolResultSchema,
        { onprogress: (notification) => progress.push(notification.progress) },
      );
      expect(result.isError).toBeFalsy();
      expect(progress.length).toBeGreaterThanOrEqual(3);
      expect(progress).toEqual([...progress].sort((left, right) => left - right));
    } finally {
      await client.close();
    }
  });
});
