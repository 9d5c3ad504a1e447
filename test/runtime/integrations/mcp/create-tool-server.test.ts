/**
 * `createToolServer` relays an upstream MCP server's progress through the call of one of its
 * tools — also when the server's tools arrived after the client's first calls, which ran
 * outside any progress reporter because no MCP tool was registered then. A real SDK client
 * (linked in memory) and a real upstream server (`@modelcontextprotocol/server-everything`).
 */
import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, expect, test } from 'vitest';
import { createToolSession } from '../../../../runtime/call-path/session/create-tool-session.js';
import { createToolRuntime } from '../../../../runtime/core/tool-runtime.js';
import {
  connectMcpServers,
  type McpServerPool,
} from '../../../../runtime/integrations/mcp/connect-mcp-servers.js';
import { createToolServer } from '../../../../runtime/integrations/mcp/create-tool-server.js';
import { parseMcpConfig } from '../../../../runtime/integrations/mcp/load-mcp-config.js';
import { makeToolEntry, modelProfile } from '../../fixtures/tool-entries.js';

const require = createRequire(import.meta.url);
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

test("an upstream server's progress is relayed when its tools came after the first call", async () => {
  const runtime = createToolRuntime({
    builtInTools: [makeToolEntry('TodoRead')],
    sortedProviderToolNames: new Set(['TodoRead']),
    gate: { ports: {}, features: {}, hostKind: 'protocol', sessionKind: 'main' },
    logger: { warn: () => {} },
  });
  const session = await createToolSession({
    runtime,
    workingDirectory: process.cwd(),
    permissions: { mode: 'yolo' },
    model: modelProfile(),
  });
  cleanups.push(() => session.close());
  const { server, listedTools } = createToolServer({ session });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '0.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  cleanups.push(() => client.close());

  // No MCP tool yet: the call runs, and the list has no upstream tool.
  expect(listedTools().map((tool) => tool.name)).toEqual(['TodoRead']);
  const first = await client.callTool({ name: 'TodoRead', arguments: {} });
  expect(first.content, JSON.stringify(first)).toEqual([{ type: 'text', text: 'TodoRead' }]);

  const pool: McpServerPool = await connectMcpServers({
    runtime,
    servers: parseMcpConfig(
      JSON.stringify({
        mcpServers: {
          everything: {
            command: process.execPath,
            args: [
              require.resolve('@modelcontextprotocol/server-everything/dist/index.js'),
              'stdio',
            ],
            includeTools: ['trigger-long-running-operation'],
          },
        },
      }),
      { directory: process.cwd(), displayName: 'test.mcp.json', env: {} },
    ).servers,
    reconnect: { maxAttempts: 0 },
  });
  cleanups.push(() => pool.close());

  const name = 'mcp__everything__trigger-long-running-operation';
  expect(listedTools().map((tool) => tool.name)).toEqual(['TodoRead', name]);
  const progress: string[] = [];
  const result = await client.callTool({ name, arguments: { duration: 1, steps: 4 } }, undefined, {
    onprogress: (notification) => progress.push(notification.message ?? ''),
  });
  expect(result.isError).toBeFalsy();
  // The upstream steps in order (the last one can arrive after the response: see
  // test/cli/mcp-config-option.test.ts), beside the server's own heartbeats.
  expect(progress.filter((message) => message.includes(' of 4')).slice(0, 3)).toEqual(
    [1, 2, 3].map((step) => `${name}: ${step} of 4`),
  );
}, 30_000);
