/**
 * The handler of a tool written by `tool-contracts import`: every call goes to the tool of the
 * MCP server it was imported from, through the live MCP client ({@link connectMcpServers}). The
 * server is started on the first call and kept for the process (one connection per config file
 * and server, shared by all its tools); the tool's own contract (permission, budget, timeout)
 * has already been applied by the call path around this handler.
 */
import { createToolRuntime } from '../../core/tool-runtime.js';
import type { ToolCallContext, ToolHandlerResult } from '../../core/contract.js';
import { connectMcpServers, type McpServerPool } from './connect-mcp-servers.js';
import { loadMcpConfig } from './load-mcp-config.js';
import type { McpCallResult } from './mcp-tool-descriptor.js';

export interface ForwardToMcpServerOptions {
  /** The `mcpServers` configuration file, e.g. `new URL('../../.mcp.json', import.meta.url)`. */
  readonly config: URL | string;
  /** The server's name in that file. */
  readonly server: string;
  /** The tool's name as the server lists it. */
  readonly tool: string;
  /** Return the result's `structuredContent` (the tool declares an output schema). Default: false. */
  readonly structured?: boolean;
}

interface Connection {
  readonly pool: McpServerPool;
  readonly runtime: ReturnType<typeof createToolRuntime>;
}

const connections = new Map<string, Promise<Connection>>();

async function connect(config: string, server: string): Promise<Connection> {
  const { servers } = await loadMcpConfig(config);
  const chosen = servers.filter((candidate) => candidate.name === server);
  if (chosen.length === 0) throw new Error(`no MCP server "${server}" in ${config}`);
  const runtime = createToolRuntime({
    builtInTools: [],
    sortedProviderToolNames: new Set(),
    gate: { ports: {}, features: { mcp: true }, hostKind: 'terminal', sessionKind: 'main' },
  });
  const pool = await connectMcpServers({ runtime, servers: chosen });
  return { pool, runtime };
}

/**
 * `Output` is the tool's generated output type: the server's structured content (or its whole
 * call result, for a tool without an output schema), which the call path checks against it.
 */
export function forwardToMcpServer<Output = unknown>(
  options: ForwardToMcpServerOptions,
): (input: unknown, context: ToolCallContext) => Promise<ToolHandlerResult<Output>> {
  const config =
    options.config instanceof URL ? decodeURIComponent(options.config.pathname) : options.config;
  const key = `${config}\0${options.server}`;
  return async (input, context) => {
    let pending = connections.get(key);
    if (pending === undefined) {
      pending = connect(config, options.server);
      connections.set(key, pending);
      pending.catch(() => connections.delete(key));
    }
    const { runtime } = await pending;
    const entry = runtime.registry
      .list()
      .find(
        (candidate) =>
          candidate.mcp?.server === options.server && candidate.mcp.tool === options.tool,
      );
    if (entry === undefined)
      return {
        ok: false,
        code: 'mcp_call_failed',
        message: `The MCP server "${options.server}" does not list the tool "${options.tool}" (any more): run tool-contracts import again.`,
      };
    const result = (await entry.handler(input, context)) as ToolHandlerResult<McpCallResult>;
    if (!result.ok) return result;
    const output = options.structured === true ? result.output.structuredContent : result.output;
    return { ok: true, output: output as Output };
  };
}

/** Stop every server the forwarding handlers started (a host's shutdown, a test's end). */
export async function closeMcpForwarding(): Promise<void> {
  const pending = [...connections.values()];
  connections.clear();
  await Promise.all(
    pending.map(async (connection) => {
      try {
        await (await connection).pool.close();
      } catch {
        // A connection that never came up has nothing to close.
      }
    }),
  );
}
