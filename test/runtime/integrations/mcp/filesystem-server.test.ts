/**
 * A real MCP server process (@modelcontextprotocol/server-filesystem on a temp dir) over stdio,
 * through the SDK client: its `tools/list` registered, names, flags and order asserted, and tools
 * actually called through the registered entries' handlers.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ToolCallContext } from '../../../../runtime/core/contract.js';
import type {
  CallMcpTool,
  McpCallResult,
} from '../../../../runtime/integrations/mcp/mcp-tool-descriptor.js';
import {
  registerMcpTools,
  type McpRegistrationResult,
} from '../../../../runtime/integrations/mcp/register-mcp-tools.js';
import { createToolRuntime, type ToolRuntime } from '../../../../runtime/core/tool-runtime.js';
import { makeToolEntry, modelProfile } from '../../fixtures/tool-entries.js';

const require = createRequire(import.meta.url);
let directory: string;
let client: Client;
let runtime: ToolRuntime;
let registration: McpRegistrationResult;

beforeAll(async () => {
  directory = await realpath(await mkdtemp(join(tmpdir(), 'tool-contracts-fs-')));
  await writeFile(join(directory, 'hello.txt'), 'hello from disk\n');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js'), directory],
    stderr: 'pipe',
  });
  client = new Client({ name: 'tool-contracts-test', version: '0.0.0' });
  await client.connect(transport);
  const callMcpTool: CallMcpTool = async (_server, tool, args, signal) =>
    (await client.callTool({ name: tool, arguments: { ...args } }, undefined, {
      signal,
    })) as McpCallResult;
  runtime = createToolRuntime({
    builtInTools: [makeToolEntry('Read'), makeToolEntry('TodoRead')],
    sortedProviderToolNames: new Set(['Read']),
    gate: { ports: {}, features: {}, hostKind: 'terminal', sessionKind: 'main' },
    logger: {
      warn: (message) => {
        throw new Error(`unexpected warning: ${message}`);
      },
    },
  });
  const { tools } = await client.listTools();
  registration = registerMcpTools(runtime, 'filesystem', tools, { callMcpTool });
});

afterAll(async () => {
  await client?.close();
  if (directory !== undefined) await rm(directory, { recursive: true, force: true });
});

const context = () => ({ signal: new AbortController().signal }) as unknown as ToolCallContext;

describe('@modelcontextprotocol/server-filesystem over stdio', () => {
  test('its tools come after the built-ins, sorted by tool name', () => {
    expect(runtime.getTools({ model: modelProfile() }).map((tool) => tool.name)).toEqual([
      'Read',
      'TodoRead',
      'mcp__filesystem__create_directory',
      'mcp__filesystem__directory_tree',
      'mcp__filesystem__edit_file',
      'mcp__filesystem__get_file_info',
      'mcp__filesystem__list_allowed_directories',
      'mcp__filesystem__list_directory',
      'mcp__filesystem__list_directory_with_sizes',
      'mcp__filesystem__move_file',
      'mcp__filesystem__read_file',
      'mcp__filesystem__read_media_file',
      'mcp__filesystem__read_multiple_files',
      'mcp__filesystem__read_text_file',
      'mcp__filesystem__search_files',
      'mcp__filesystem__write_file',
    ]);
    expect(registration.skipped).toEqual([]);
    expect(registration.warnings).toEqual([]);
  });

  test.each([
    {
      tool: 'read_text_file',
      readOnly: true,
      destructive: false,
      concurrentSafe: true,
      idempotent: true,
      riskLevel: 'low',
    },
    {
      tool: 'list_directory',
      readOnly: true,
      destructive: false,
      concurrentSafe: true,
      idempotent: true,
      riskLevel: 'low',
    },
    {
      tool: 'write_file',
      readOnly: false,
      destructive: true,
      concurrentSafe: true,
      idempotent: true,
      riskLevel: 'high',
    },
    {
      tool: 'edit_file',
      readOnly: false,
      destructive: true,
      concurrentSafe: false,
      idempotent: false,
      riskLevel: 'high',
    },
    {
      tool: 'move_file',
      readOnly: false,
      destructive: true,
      concurrentSafe: false,
      idempotent: false,
      riskLevel: 'high',
    },
    {
      tool: 'create_directory',
      readOnly: false,
      destructive: false,
      concurrentSafe: true,
      idempotent: true,
      riskLevel: 'medium',
    },
  ])('$tool: flags from its annotations', ({ tool, ...flags }) => {
    const contract = runtime
      .getTools({ model: modelProfile() })
      .find((candidate) => candidate.name === `mcp__filesystem__${tool}`)!;
    expect(contract.flags).toMatchObject({
      ...flags,
      needsApproval: true,
      sideEffectScope: 'network',
    });
    expect(contract.mcp).toEqual({ server: 'filesystem', tool });
    expect(contract.resultBudget.maxModelBytes).toBe(50_000);
  });

  test('its draft-07 schemas reach the model as draft 2020-12 with their content intact', () => {
    const edit = runtime.registry.get('mcp__filesystem__edit_file')!;
    expect(edit.inputSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(edit.inputSchema.required).toEqual(['path', 'edits']);
    expect(edit.inputSchema.additionalProperties).toBe(false);
    expect((edit.inputSchema.properties as Record<string, unknown>).edits).toMatchObject({
      type: 'array',
      items: { type: 'object', required: ['oldText', 'newText'] },
    });
  });

  test('a read-only tool, called through its entry, reads the real file', async () => {
    const entry = runtime.registry.get('mcp__filesystem__read_text_file')!;
    const result = await entry.handler({ path: join(directory, 'hello.txt') }, context());
    expect(result.ok).toBe(true);
    expect(entry.formatModelContent!((result as { output: unknown }).output)).toBe(
      'hello from disk\n',
    );
  });

  test('a writing tool, called through its entry, writes the real file', async () => {
    const entry = runtime.registry.get('mcp__filesystem__write_file')!;
    const result = await entry.handler(
      { path: join(directory, 'written.txt'), content: 'from the entry' },
      context(),
    );
    expect(result.ok).toBe(true);
    expect(await readFile(join(directory, 'written.txt'), 'utf8')).toBe('from the entry');
  });

  test('a server-side failure becomes a tool failure for the model', async () => {
    const entry = runtime.registry.get('mcp__filesystem__read_text_file')!;
    const result = await entry.handler(
      { path: join(tmpdir(), 'outside-the-allowed-directory.txt') },
      context(),
    );
    expect(result).toMatchObject({ ok: false, code: 'mcp_tool_error' });
    expect((result as { message: string }).message).toMatch(
      /Access denied|outside allowed directories/,
    );
  });
});
