/**
 * The live MCP client against real npm servers run as child processes over stdio
 * (@modelcontextprotocol/server-memory, -everything, -filesystem) and a real SDK server whose
 * tool list changes: registration, calls through the executor, media kept, idle timeouts
 * extended by progress, a server killed and reconnected, list_changed followed.
 */
import { realpath } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { executeToolBatch } from '../../../../runtime/call-path/executor/execute-tool-batch.js';
import {
  connectMcpServers,
  type ConnectMcpServersOptions,
  type McpServerEvent,
  type McpServerPool,
} from '../../../../runtime/integrations/mcp/connect-mcp-servers.js';
import {
  parseMcpConfig,
  type McpServerConfig,
} from '../../../../runtime/integrations/mcp/load-mcp-config.js';
import { createToolRuntime, type ToolRuntime } from '../../../../runtime/core/tool-runtime.js';
import { temporaryDirectory } from '../../../support/temporary-directory.js';
import { makeToolEntry, modelProfile } from '../../fixtures/tool-entries.js';

const require = createRequire(import.meta.url);
const serverScript = (name: string) =>
  require.resolve(`@modelcontextprotocol/server-${name}/dist/index.js`);
const changingServer = fileURLToPath(
  new URL('./fixtures/changing-tools-server.mjs', import.meta.url),
);

const pools: McpServerPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

function servers(
  mcpServers: Record<string, unknown>,
  directory = process.cwd(),
): McpServerConfig[] {
  return [
    ...parseMcpConfig(JSON.stringify({ mcpServers }), {
      directory,
      displayName: 'test.mcp.json',
      env: {},
    }).servers,
  ];
}

interface Setup {
  readonly runtime: ToolRuntime;
  readonly pool: McpServerPool;
  readonly warnings: string[];
  readonly events: McpServerEvent[];
  /** Resolves with the first event (seen or to come) that `predicate` accepts. */
  readonly next: (predicate: (event: McpServerEvent) => boolean) => Promise<McpServerEvent>;
  readonly mcpNames: () => string[];
}

async function setup(
  configs: McpServerConfig[],
  options: Partial<ConnectMcpServersOptions> = {},
): Promise<Setup> {
  const warnings: string[] = [];
  const events: McpServerEvent[] = [];
  const waiters: {
    predicate: (event: McpServerEvent) => boolean;
    resolve: (e: McpServerEvent) => void;
  }[] = [];
  let seen = 0;
  const runtime = createToolRuntime({
    builtInTools: [makeToolEntry('Read'), makeToolEntry('TodoRead')],
    sortedProviderToolNames: new Set(['Read']),
    gate: { ports: {}, features: {}, hostKind: 'terminal', sessionKind: 'main' },
    logger: { warn: (message) => warnings.push(message) },
  });
  const pool = await connectMcpServers({
    runtime,
    servers: configs,
    reconnect: { maxAttempts: 0 },
    ...options,
    onEvent: (event) => {
      events.push(event);
      for (const waiter of waiters.splice(0)) {
        if (waiter.predicate(event)) waiter.resolve(event);
        else waiters.push(waiter);
      }
    },
  });
  pools.push(pool);
  return {
    runtime,
    pool,
    warnings,
    events,
    next: (predicate) => {
      const found = events.slice(seen).find(predicate);
      if (found !== undefined) {
        seen = events.indexOf(found) + 1;
        return Promise.resolve(found);
      }
      return new Promise((resolve) =>
        waiters.push({
          predicate,
          resolve: (event) => {
            seen = events.indexOf(event) + 1;
            resolve(event);
          },
        }),
      );
    },
    mcpNames: () =>
      runtime
        .getTools({ model: modelProfile() })
        .map((tool) => tool.name)
        .filter((name) => name.startsWith('mcp__')),
  };
}

async function call(runtime: ToolRuntime, name: string, input: unknown) {
  const directory = await temporaryDirectory('tool-contracts-mcp-call-');
  const batch = await executeToolBatch(runtime, [{ name, input }], {
    workspaceRoot: directory,
    workingDirectory: directory,
    artifactDirectory: path.join(directory, 'artifacts'),
    permissions: { mode: 'yolo' },
  });
  return batch.results[0]!;
}

const stdio = (script: string, ...args: string[]) => ({
  command: process.execPath,
  args: [script, ...args],
});

describe('connectMcpServers against real npm servers over stdio', () => {
  test('registers the tools of three servers, sorted by server and tool, and skips the task-only tool with a warning', async () => {
    const directory = await realpath(await temporaryDirectory('tool-contracts-mcp-fs-'));
    const { mcpNames, warnings, pool } = await setup(
      servers({
        memory: stdio(serverScript('memory')),
        everything: { ...stdio(serverScript('everything'), 'stdio'), excludeTools: ['toggle-*'] },
        filesystem: { ...stdio(serverScript('filesystem'), directory), includeTools: ['read_*'] },
      }),
    );
    expect(pool.servers().map((server) => [server.name, server.state])).toEqual([
      ['memory', 'connected'],
      ['everything', 'connected'],
      ['filesystem', 'connected'],
    ]);
    expect(mcpNames()).toEqual([
      'mcp__everything__echo',
      'mcp__everything__get-annotated-message',
      'mcp__everything__get-env',
      'mcp__everything__get-resource-links',
      'mcp__everything__get-resource-reference',
      'mcp__everything__get-structured-content',
      'mcp__everything__get-sum',
      'mcp__everything__get-tiny-image',
      'mcp__everything__gzip-file-as-resource',
      // Task-only (execution.taskSupport "required"): called through the MCP tasks API.
      'mcp__everything__simulate-research-query',
      'mcp__everything__trigger-long-running-operation',
      'mcp__filesystem__read_file',
      'mcp__filesystem__read_media_file',
      'mcp__filesystem__read_multiple_files',
      'mcp__filesystem__read_text_file',
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
    expect(warnings).toEqual([]);
  });

  test('a call goes to its own server with the original tool name, through the executor', async () => {
    const memoryFile = path.join(await temporaryDirectory('tool-contracts-mcp-memory-'), 'm.jsonl');
    const { runtime } = await setup(
      servers({
        memory: { ...stdio(serverScript('memory')), env: { MEMORY_FILE_PATH: memoryFile } },
        everything: stdio(serverScript('everything'), 'stdio'),
      }),
    );
    const created = await call(runtime, 'mcp__memory__create_entities', {
      entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }],
    });
    expect(created.isError).toBe(false);
    const found = await call(runtime, 'mcp__memory__search_nodes', { query: 'Ada' });
    expect(found.isError).toBe(false);
    expect(JSON.parse(found.content)).toMatchObject({
      entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }],
    });
    const sum = await call(runtime, 'mcp__everything__get-sum', { a: 2, b: 40 });
    expect(sum).toMatchObject({ isError: false });
    expect(sum.content).toContain('42');
  });

  test('an image result is kept as an image block with its data', async () => {
    const { runtime } = await setup(
      servers({ everything: stdio(serverScript('everything'), 'stdio') }),
    );
    const result = await call(runtime, 'mcp__everything__get-tiny-image', {});
    expect(result.isError).toBe(false);
    const blocks = (
      result.output as { content: { type: string; mimeType?: string; data?: string }[] }
    ).content;
    const image = blocks.find((block) => block.type === 'image')!;
    expect(image.mimeType).toBe('image/png');
    expect(Buffer.from(image.data!, 'base64').subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  test('progress notifications extend the idle timeout; the total cap still holds', async () => {
    // 3 s of work with progress every 250 ms, against a 1.5 s idle timeout.
    const everything = stdio(serverScript('everything'), 'stdio');
    const extended = await setup(servers({ everything: { ...everything, timeout: 1_500 } }));
    const done = await call(extended.runtime, 'mcp__everything__trigger-long-running-operation', {
      duration: 3,
      steps: 12,
    });
    expect(done.isError).toBe(false);
    expect(done.content).toContain('Long running operation completed');

    const capped = await setup(
      servers({ everything: { ...everything, timeout: 1_500, maxTotalTimeout: 1_500 } }),
    );
    const stopped = await call(capped.runtime, 'mcp__everything__trigger-long-running-operation', {
      duration: 6,
      steps: 24,
    });
    expect(stopped).toMatchObject({ isError: true, errorCode: 'mcp_call_failed' });
    expect(stopped.content).toBe(
      '<tool_use_error>The MCP server "everything" failed to run "trigger-long-running-operation": still running after 1500 ms, the call\'s total time limit (maxTotalTimeout)</tool_use_error>',
    );
  });

  test('a killed server: its tools leave, the rest keep their order, no reconnect when none is allowed', async () => {
    const { runtime, pool, next, mcpNames, warnings } = await setup(
      servers({
        memory: stdio(serverScript('memory')),
        everything: {
          ...stdio(serverScript('everything'), 'stdio'),
          includeTools: ['echo', 'get-sum'],
        },
      }),
    );
    const before = mcpNames();
    process.kill(pool.server('memory')!.pid!, 'SIGKILL');
    await next((event) => event.type === 'failed' && event.server === 'memory');
    expect(mcpNames()).toEqual(before.filter((name) => !name.startsWith('mcp__memory__')));
    expect(mcpNames()).toEqual(['mcp__everything__echo', 'mcp__everything__get-sum']);
    expect(pool.server('memory')).toMatchObject({ state: 'failed', tools: [] });
    expect(warnings.filter((warning) => warning.startsWith('MCP server "memory"'))).toEqual([
      'MCP server "memory" disconnected (the connection closed); its 9 tools are removed',
    ]);
    const gone = await call(runtime, 'mcp__memory__read_graph', {});
    expect(gone).toMatchObject({ isError: true, errorCode: 'tool_not_found' });
    expect(
      (await call(runtime, 'mcp__everything__echo', { message: 'still here' })).content,
    ).toContain('still here');
  });

  test('a killed server reconnects with backoff and its tools come back in the same place', async () => {
    const { pool, next, mcpNames } = await setup(
      servers({
        memory: stdio(serverScript('memory')),
        everything: { ...stdio(serverScript('everything'), 'stdio'), includeTools: ['echo'] },
      }),
      { reconnect: { maxAttempts: 3, initialDelayMs: 50, stableMs: 0 } },
    );
    const before = mcpNames();
    const firstPid = pool.server('memory')!.pid!;
    process.kill(firstPid, 'SIGKILL');
    expect(await next((event) => event.type === 'reconnecting')).toEqual({
      type: 'reconnecting',
      server: 'memory',
      attempt: 1,
      delayMs: 50,
    });
    expect(mcpNames()).toEqual(['mcp__everything__echo']);
    const connected = await next((event) => event.type === 'connected' && event.reconnect);
    expect(connected).toMatchObject({ server: 'memory', reconnect: true });
    expect(mcpNames()).toEqual(before);
    expect(pool.server('memory')!.pid).not.toBe(firstPid);
  });

  test('a server that cannot start is reported with its last words and retried at most maxAttempts times', async () => {
    const { pool, next, warnings, mcpNames } = await setup(
      servers({
        broken: {
          command: process.execPath,
          args: ['-e', 'console.error("no config here"); process.exit(3)'],
        },
        memory: stdio(serverScript('memory')),
      }),
      { reconnect: { maxAttempts: 2, initialDelayMs: 10 } },
    );
    await next((event) => event.type === 'failed' && event.server === 'broken');
    expect(pool.server('broken')!.state).toBe('failed');
    expect(warnings.filter((warning) => warning.startsWith('MCP server "broken"'))).toEqual([
      'MCP server "broken" could not be connected: the connection closed; its last words: no config here',
      'MCP server "broken" could not be connected: the connection closed; its last words: no config here',
      'MCP server "broken" could not be connected: the connection closed; its last words: no config here',
      'MCP server "broken": gave up after 2 reconnect attempts',
    ]);
    expect(mcpNames()).toHaveLength(9);
  });
});

describe('connectMcpServers: list_changed', () => {
  test('a tool added or removed upstream is added or removed here; the others keep their order', async () => {
    const { runtime, next, mcpNames } = await setup(
      servers({ changing: stdio(changingServer), memory: stdio(serverScript('memory')) }),
      { listChanged: { debounceMs: 20 } },
    );
    const before = mcpNames();
    expect(before.filter((name) => name.startsWith('mcp__changing__'))).toEqual([
      'mcp__changing__add_tool',
      'mcp__changing__remove_tool',
      'mcp__changing__touch',
    ]);
    await call(runtime, 'mcp__changing__add_tool', { name: 'fresh' });
    const added = await next((event) => event.type === 'toolsChanged');
    expect(added).toMatchObject({ server: 'changing' });
    expect(mcpNames()).toEqual(
      [...before, 'mcp__changing__fresh'].sort((left, right) => (left < right ? -1 : 1)),
    );
    expect((await call(runtime, 'mcp__changing__fresh', {})).content).toBe('fresh');
    await call(runtime, 'mcp__changing__remove_tool', { name: 'fresh' });
    await next((event) => event.type === 'toolsChanged');
    expect(mcpNames()).toEqual(before);
  });

  test('notifications that change nothing change nothing, and refreshes are bounded', async () => {
    const { runtime, events, warnings, mcpNames } = await setup(
      servers({ changing: stdio(changingServer) }),
      {
        listChanged: { debounceMs: 0, maxRefreshes: 2, windowMs: 60_000 },
      },
    );
    const tools = runtime.getTools({ model: modelProfile() });
    // How many refreshes a burst of notifications makes depends on timing: the SDK debounces
    // them, and notifications that arrive while a refresh is in flight make one more refresh. So
    // touch until the bound is reached (every two touches force at least one more refresh), then
    // touch twice more: the bound holds, with one warning, until the window ends.
    const bounded = () => warnings.some((warning) => warning.includes('list_changed'));
    for (let touches = 0; touches < 12 && !bounded(); touches += 1) {
      await call(runtime, 'mcp__changing__touch', { times: 5 });
      // Give the debounced notifications and the refresh they start their turn (a real wait on
      // the real server).
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await vi.waitFor(() => expect(bounded()).toBe(true), { timeout: 10_000, interval: 20 });
    await call(runtime, 'mcp__changing__touch', { times: 5 });
    await call(runtime, 'mcp__changing__touch', { times: 5 });
    expect(warnings).toEqual([
      'MCP server "changing": tools/list_changed more than 2 times in 60000 ms; the next refresh waits for the window to end',
    ]);
    expect(events.filter((event) => event.type === 'toolsChanged')).toEqual([]);
    expect(runtime.getTools({ model: modelProfile() })).toBe(tools);
    expect(mcpNames()).toHaveLength(3);
  });
});

describe('connectMcpServers: dropped inputs are named', () => {
  test('a server defined twice: the second is ignored with both places', async () => {
    const first = servers({ memory: stdio(serverScript('memory')) });
    const second = parseMcpConfig(
      JSON.stringify({ mcpServers: { memory: { command: 'does-not-matter' } } }),
      { directory: '/', displayName: 'other.json' },
    ).servers;
    const { warnings, pool } = await setup([...first, ...second]);
    expect(pool.servers().map((server) => server.name)).toEqual(['memory']);
    expect(warnings).toEqual([
      'MCP server "memory" defined again at other.json:1:16 is ignored; the definition at test.mcp.json:1:16 is used',
    ]);
  });

  test('with the feature flag mcp off, nothing is started and the servers are named', async () => {
    const warnings: string[] = [];
    const runtime = createToolRuntime({
      builtInTools: [makeToolEntry('Read')],
      sortedProviderToolNames: new Set(['Read']),
      gate: { ports: {}, features: { mcp: false }, hostKind: 'terminal', sessionKind: 'main' },
      logger: { warn: (message) => warnings.push(message) },
    });
    const pool = await connectMcpServers({
      runtime,
      servers: servers({ memory: stdio(serverScript('memory')), other: { command: 'nope' } }),
    });
    pools.push(pool);
    expect(pool.servers()).toEqual([]);
    expect(warnings).toEqual([
      'the feature flag mcp is off: 2 MCP servers not connected (memory, other)',
    ]);
  });
});
