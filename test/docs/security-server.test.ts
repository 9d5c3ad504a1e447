/**
 * Every code block of docs/security-server.md, run against a real `tool-contracts serve --http`
 * started with TOOL_CONTRACTS_TOKEN: the `.mcp.json` block through this project's own MCP
 * configuration loader and gateway connection, the Cursor block with Cursor's `${env:NAME}`
 * substitution, and the TypeScript block as a program run with tsx. A block of another kind,
 * or one more block, fails here until it is run too.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { generateBearerToken } from '../../cli/serve-token-option.js';
import { createToolRuntime } from '../../runtime/core/tool-runtime.js';
import { connectMcpServers } from '../../runtime/integrations/mcp/connect-mcp-servers.js';
import { parseMcpConfig } from '../../runtime/integrations/mcp/load-mcp-config.js';
import { serveHttp, type ServedHttp } from '../support/serve-child.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DOC = path.join(root, 'docs/security-server.md');
const EXAMPLE_URL = 'http://127.0.0.1:8765/mcp';

interface CodeBlock {
  readonly language: string;
  readonly code: string;
}

function codeBlocks(markdown: string): CodeBlock[] {
  return [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((match) => ({
    language: match[1]!,
    code: match[2]!,
  }));
}

let blocks: CodeBlock[];
let served: ServedHttp;
let toolCount: number;
const token = generateBearerToken();

beforeAll(async () => {
  blocks = codeBlocks(await readFile(DOC, 'utf8'));
  served = await serveHttp(['--mode', 'yolo'], undefined, {
    env: { ...process.env, TOOL_CONTRACTS_TOKEN: token },
  });
  toolCount = (await served.client.listTools()).tools.length;
});
afterAll(() => served?.close());

const atServer = (code: string) => code.replaceAll(EXAMPLE_URL, served.url);

describe('docs/security-server.md', () => {
  test('has exactly the blocks this file runs: .mcp.json, Cursor, TypeScript', () => {
    expect(blocks.map((block) => block.language)).toEqual(['json', 'json', 'ts']);
    expect(blocks.every((block) => block.code.includes(EXAMPLE_URL))).toBe(true);
  });

  test('the .mcp.json block: this project loads it and its gateway lists the tools', async () => {
    const config = parseMcpConfig(atServer(blocks[0]!.code), {
      env: { TOOL_CONTRACTS_TOKEN: token },
      directory: root,
    });
    expect(config.warnings).toEqual([]);
    expect(config.servers).toMatchObject([
      {
        name: 'tool-contracts',
        type: 'http',
        url: served.url,
        headers: { Authorization: `Bearer ${token}` },
      },
    ]);
    const listed = new Map<string, number>();
    const runtime = createToolRuntime({
      builtInTools: [],
      sortedProviderToolNames: new Set<string>(),
      gate: { ports: {}, features: {}, hostKind: 'terminal', sessionKind: 'main' },
      logger: { warn: () => {} },
    });
    const pool = await connectMcpServers({
      runtime,
      servers: config.servers,
      reconnect: { maxAttempts: 0 },
      onToolsListed: (server, descriptors) => listed.set(server, descriptors.length),
    });
    await pool.close();
    expect(listed.get('tool-contracts')).toBe(toolCount);
  });

  test("the Cursor block: with Cursor's ${env:NAME} substituted, its url and headers connect", async () => {
    const config = JSON.parse(
      atServer(blocks[1]!.code).replaceAll(/\$\{env:(\w+)\}/g, (_match, name: string) =>
        name === 'TOOL_CONTRACTS_TOKEN' ? token : '',
      ),
    ) as { mcpServers: Record<string, { url: string; headers: Record<string, string> }> };
    const server = config.mcpServers['tool-contracts']!;
    const client = new Client({ name: 'cursor-shaped', version: '0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), {
        requestInit: { headers: server.headers },
      }),
    );
    expect((await client.listTools()).tools).toHaveLength(toolCount);
    await client.close();
  });

  test('the TypeScript block runs and lists the tools', async () => {
    // Under node_modules (ignored by git) so that the SDK resolves as for any program here.
    const directory = path.join(root, 'node_modules/.cache/tool-contracts-docs');
    await mkdir(directory, { recursive: true });
    const file = path.join(directory, `security-server-${process.pid}.mts`);
    await writeFile(file, blocks[2]!.code);
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', file], {
        cwd: root,
        env: { ...process.env, TOOL_CONTRACTS_URL: served.url, TOOL_CONTRACTS_TOKEN: token },
      });
      expect(stdout).toBe(`${toolCount} tools\n`);
    } finally {
      await rm(file, { force: true });
    }
  });
});
