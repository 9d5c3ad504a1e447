/**
 * `--mcp-config FILE` on `list`, `call` and `serve`: real npm MCP servers as child processes,
 * and `serve --mcp-config` as a gateway driven by the SDK client.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, test } from 'vitest';
import { run as runCall } from '../../cli/call-command.js';
import { run as runList } from '../../cli/list-command.js';
import { temporaryDirectory } from '../support/temporary-directory.js';
import { serveStdio } from '../support/serve-child.js';

const require = createRequire(import.meta.url);
const serverScript = (name: string) =>
  require.resolve(`@modelcontextprotocol/server-${name}/dist/index.js`);

async function configFile(mcpServers: Record<string, unknown>): Promise<string> {
  const directory = await temporaryDirectory('tool-contracts-mcp-config-');
  const file = path.join(directory, '.mcp.json');
  await writeFile(file, `${JSON.stringify({ mcpServers }, null, 2)}\n`);
  return file;
}

async function cli(run: typeof runList, args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(args, {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    cwd: process.cwd(),
    color: false,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const memory = () => ({ command: process.execPath, args: [serverScript('memory')] });
const everything = () => ({
  command: process.execPath,
  args: [serverScript('everything'), 'stdio'],
});

describe('list and call --mcp-config', () => {
  test("list shows the servers' tools after the built-ins", async () => {
    const file = await configFile({
      memory: { ...memory(), includeTools: ['read_graph', 'search_*'] },
    });
    const { code, out } = await cli(runList, ['--mcp-config', file, '--json']);
    expect(code).toBe(0);
    const names = (JSON.parse(out) as { tools: { name: string }[] }).tools.map((tool) => tool.name);
    expect(names.slice(-2)).toEqual(['mcp__memory__read_graph', 'mcp__memory__search_nodes']);
    expect(names.filter((name) => name.startsWith('mcp__'))).toHaveLength(2);
  });

  test("call runs a server's tool through the session", async () => {
    const file = await configFile({ memory: memory() });
    const { code, out } = await cli(runCall, [
      'mcp__memory__read_graph',
      '{}',
      '--mcp-config',
      file,
      '--yes',
    ]);
    expect({ code, graph: JSON.parse(out) }).toEqual({
      code: 0,
      graph: { entities: [], relations: [] },
    });
  });

  test('call refuses an MCP tool nobody can approve', async () => {
    const file = await configFile({ memory: memory() });
    const { code, out } = await cli(runCall, [
      'mcp__memory__read_graph',
      '{}',
      '--mcp-config',
      file,
    ]);
    expect(code).toBe(1);
    expect(out).toBe(
      '<tool_use_error>mcp__memory__read_graph needs the user\'s approval (permission "mcp__memory__read_graph") and nobody can approve it in this session; it was not run. Continue without it, or report what you need.</tool_use_error>',
    );
  });

  test.each([
    { run: runList, name: 'list' },
    { run: runCall, name: 'call' },
  ])(
    '$name: a bad configuration is named with its place, exit 1, nothing started',
    async ({ run }) => {
      const directory = await temporaryDirectory('tool-contracts-mcp-config-');
      const file = path.join(directory, 'bad.json');
      await writeFile(file, '{\n  "mcpServers": {\n    "memory": {"command": 42}\n  }\n}\n');
      const { code, err } = await cli(
        run,
        ['Read', '--mcp-config', file].slice(run === runList ? 1 : 0),
      );
      expect(code).toBe(1);
      expect(err).toBe(
        `${file}:3:16 mcpServers.memory.command: expected a non-empty string, found number 42`,
      );
    },
  );
});

describe('serve --mcp-config: a gateway', () => {
  test('one list, built-ins then upstream tools in a stable order; upstream media and progress relayed; a deny rule applies upstream', async () => {
    const memoryFile = path.join(
      await temporaryDirectory('tool-contracts-gateway-'),
      'memory.jsonl',
    );
    const file = await configFile({
      memory: { ...memory(), env: { MEMORY_FILE_PATH: memoryFile } },
      everything: {
        ...everything(),
        includeTools: ['echo', 'get-tiny-image', 'trigger-long-running-operation'],
      },
    });
    const served = await serveStdio([
      '--mcp-config',
      file,
      '--mode',
      'yolo',
      '--deny-rule',
      'mcp__memory__delete_entities',
    ]);
    try {
      const first = (await served.client.listTools()).tools.map((tool) => tool.name);
      const upstream = first.filter((name) => name.startsWith('mcp__'));
      expect(
        first.slice(0, first.length - upstream.length).every((name) => !name.startsWith('mcp__')),
      ).toBe(true);
      expect(upstream).toEqual([
        'mcp__everything__echo',
        'mcp__everything__get-tiny-image',
        'mcp__everything__trigger-long-running-operation',
        'mcp__memory__add_observations',
        'mcp__memory__create_entities',
        'mcp__memory__create_relations',
        'mcp__memory__delete_entities',
        'mcp__memory__delete_observations',
        'mcp__memory__delete_relations',
        'mcp__memory__open_nodes',
        'mcp__memory__read_graph',
        'mcp__memory__search_nodes',
      ]);
      expect((await served.client.listTools()).tools.map((tool) => tool.name)).toEqual(first);

      const created = await served.client.callTool({
        name: 'mcp__memory__create_entities',
        arguments: { entities: [{ name: 'Ada', entityType: 'person', observations: [] }] },
      });
      expect(created.isError).toBeFalsy();
      expect(created.structuredContent).toEqual({
        entities: [{ name: 'Ada', entityType: 'person', observations: [] }],
      });

      const denied = (await served.client.callTool({
        name: 'mcp__memory__delete_entities',
        arguments: { entityNames: ['Ada'] },
      })) as CallToolResult;
      expect(denied).toEqual({
        content: [
          {
            type: 'text',
            text: '<tool_use_error>Permission denied: mcp__memory__delete_entities was not run because the rule "mcp__memory__delete_entities" denies this call.</tool_use_error>',
          },
        ],
        isError: true,
      });
      expect(await readFile(memoryFile, 'utf8')).toContain('"Ada"');

      const image = (await served.client.callTool({
        name: 'mcp__everything__get-tiny-image',
        arguments: {},
      })) as CallToolResult;
      expect(image.content.filter((block) => block.type === 'image')).toEqual([
        expect.objectContaining({ type: 'image', mimeType: 'image/png' }),
      ]);

      const progress: string[] = [];
      const long = await served.client.callTool(
        {
          name: 'mcp__everything__trigger-long-running-operation',
          arguments: { duration: 1, steps: 4 },
        },
        undefined,
        { onprogress: (notification) => progress.push(notification.message ?? '') },
      );
      expect(long.isError).toBeFalsy();
      // The server's steps, relayed in order beside serve's own "running for N s" heartbeats.
      // (The SDK client handles a notification a microtask after it arrives but a response at
      // once, so the last step's notification, sent just before the result, can find no
      // listener any more: only the first three are certain.)
      const relayed = progress.filter((message) => message.includes(' of 4'));
      expect(relayed.slice(0, 3)).toEqual(
        [1, 2, 3].map((step) => `mcp__everything__trigger-long-running-operation: ${step} of 4`),
      );
    } finally {
      await served.close();
    }
  });
});
