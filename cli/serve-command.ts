/**
 * `tool-contracts serve`: the tools a model would see (the context flags of `list`) as an MCP
 * server, over stdio (default) or Streamable HTTP (`--http [ADDRESS:]PORT`, 127.0.0.1 unless an
 * address is given). Every call runs through one tool session — its executor decides
 * permission (`--mode`, the rule flags, `--yes`), asks approvals through the client's
 * elicitation when it offers it, and applies our validation, budgets and timeouts.
 * Over HTTP every request needs the bearer token (`serve-token-option.ts`) and sessions idle for
 * `--session-idle-timeout` are closed (`listen-tool-server-http.ts`).
 * `--mcp-config FILE` makes it a gateway: the upstream servers' tools are listed after the
 * built-ins and called through the same gate, permission layer and budgets.
 *
 * Standard output belongs to the protocol (stdio); messages go to standard error. The command
 * ends when the client closes standard input, or on SIGINT/SIGTERM. Exit code: 0, 1 for an
 * invalid MCP configuration or a port that cannot be bound, 2 for a usage error.
 */
import nodePath from 'node:path';
import type { ModelProfile } from '../runtime/core/contract.js';
import type { RegistrationGateInput } from '../runtime/core/visibility/registration-gate.js';
import type { CommandIO } from './command-io.js';
import { defineCommand, UsageError, type ParsedCommandLine } from './define-command.js';
import {
  CONTEXT_OPTIONS,
  MODEL_OPTIONS_USAGE,
  SESSION_OPTIONS_USAGE,
  gateInputFromOptions,
  hasModelOptions,
  modelFromOptions,
} from './context-options.js';
import { loadMcpConfigOption, McpConfigOptionError } from './mcp-config-option.js';
import {
  MCP_PINS_OPTION,
  MCP_PINS_USAGE,
  mcpPinsFor,
  parseMcpPinsOption,
} from './mcp-pins-option.js';
import type { McpPinPolicy } from '../runtime/integrations/mcp/mcp-definition-lock.js';
import { DEFAULT_SESSION_IDLE_TIMEOUT_MS } from '../runtime/integrations/mcp/default-session-idle-timeout.js';
import {
  resolveServeToken,
  SERVE_TOKEN_ENV,
  SERVE_TOKEN_OPTION,
  SERVE_TOKEN_USAGE,
} from './serve-token-option.js';
import { terminalText } from './terminal-text.js';
import {
  PERMISSION_OPTIONS,
  PERMISSION_OPTIONS_USAGE,
  permissionFlagsFromOptions,
  type PermissionFlags,
} from './permission-options.js';

export const SERVE_USAGE = `Usage: tool-contracts serve [options]

Serve the tools a model would see as an MCP server, over stdio (default) or
Streamable HTTP. Every call runs through the session's executor: permission,
approval (through the client's elicitation when it supports it), validation,
budgets and timeouts. Messages go to standard error.

Options:
  --workspace DIR      Workspace root and working directory (default: current directory)
  --artifacts DIR      Where over-budget results are written (default: a session directory)
  --boundary           Refuse file paths that resolve outside the workspace
  --http [ADDR:]PORT   Serve Streamable HTTP at http://ADDR:PORT/mcp instead of stdio
                       (ADDR default 127.0.0.1; PORT 0 picks a free port, printed)
${SERVE_TOKEN_USAGE}
  --session-idle-timeout SECONDS
                       Close an HTTP session idle this long, with its background
                       tasks (default: ${DEFAULT_SESSION_IDLE_TIMEOUT_MS / 1000})
  --mcp-config FILE    An mcpServers configuration (.mcp.json); its servers' tools are
                       served next to ours (a gateway), repeatable
${MCP_PINS_USAGE}
Permission:
${PERMISSION_OPTIONS_USAGE}
${SESSION_OPTIONS_USAGE}
                       (serve's default --host is protocol: flags must be stated)
${MODEL_OPTIONS_USAGE}
  -h, --help           Show this help`;

interface ServeOptions {
  readonly workspace: string;
  readonly artifactDirectory?: string;
  readonly enforceWorkspaceBoundary: boolean;
  readonly http?: { readonly address: string; readonly port: number };
  readonly tokenFile?: string;
  readonly sessionIdleTimeoutMs: number;
  readonly mcpConfig: readonly string[];
  /** What a changed MCP definition does (`--mcp-pins`). Default: `warn`. */
  readonly mcpPins: McpPinPolicy;
  readonly permissions: PermissionFlags;
  readonly gate: RegistrationGateInput;
  readonly model?: ModelProfile;
}

const SERVE_OPTIONS = {
  workspace: { type: 'string' },
  artifacts: { type: 'string' },
  boundary: { type: 'boolean' },
  http: { type: 'string' },
  ...SERVE_TOKEN_OPTION,
  'session-idle-timeout': { type: 'string' },
  'mcp-config': { type: 'string', multiple: true },
  ...MCP_PINS_OPTION,
  ...PERMISSION_OPTIONS,
  ...CONTEXT_OPTIONS,
} as const;

function serveOptions(
  values: ParsedCommandLine<typeof SERVE_OPTIONS>['values'],
  cwd: string,
): ServeOptions {
  const http = values.http === undefined ? undefined : parseHttpOption(values.http);
  return {
    workspace: nodePath.resolve(cwd, values.workspace ?? '.'),
    ...(values.artifacts === undefined
      ? {}
      : { artifactDirectory: nodePath.resolve(cwd, values.artifacts) }),
    enforceWorkspaceBoundary: values.boundary === true,
    ...(http === undefined ? {} : { http }),
    ...(values['token-file'] === undefined ? {} : { tokenFile: values['token-file'] }),
    sessionIdleTimeoutMs: parseIdleTimeoutOption(values['session-idle-timeout']),
    mcpConfig: values['mcp-config'] ?? [],
    mcpPins: parseMcpPinsOption(values['mcp-pins']),
    permissions: permissionFlagsFromOptions(values),
    gate: gateInputFromOptions({ ...values, host: values.host ?? 'protocol' }),
    ...(hasModelOptions(values) ? { model: modelFromOptions(values) } : {}),
  };
}

/** `PORT`, `ADDRESS:PORT` or `[IPV6]:PORT`. */
function parseHttpOption(value: string): { address: string; port: number } {
  const match = /^(?:(\[[^\]]+\]|[^:]+):)?(\d+)$/.exec(value);
  const port = match === null ? NaN : Number(match[2]);
  if (match === null || !Number.isInteger(port) || port > 65_535)
    throw new UsageError(`--http expects PORT or ADDRESS:PORT (0-65535); got "${value}"`);
  const address = (match[1] ?? '127.0.0.1').replace(/^\[(.*)\]$/, '$1');
  return { address, port };
}

/** `--session-idle-timeout SECONDS`: a positive whole number of seconds. */
function parseIdleTimeoutOption(value: string | undefined): number {
  if (value === undefined) return DEFAULT_SESSION_IDLE_TIMEOUT_MS;
  const seconds = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(seconds >= 1 && seconds <= 2_000_000))
    throw new UsageError(
      `--session-idle-timeout expects a whole number of seconds (1-2000000); got "${value}"`,
    );
  return seconds * 1000;
}

export const command = defineCommand({
  name: 'serve',
  usage: SERVE_USAGE,
  options: SERVE_OPTIONS,
  run: (parsed, io) => serve(serveOptions(parsed.values, io.cwd), io),
});

export const run = command.run;

async function serve(options: ServeOptions, io: CommandIO): Promise<number> {
  const warn = (message: string) => io.err(`tool-contracts serve: ${message}`);
  let token: string | undefined;
  if (options.http !== undefined) {
    const resolved = await resolveServeToken({
      address: options.http.address,
      tokenFile: options.tokenFile,
      env: process.env,
      cwd: io.cwd,
    });
    if (!resolved.ok) {
      io.err(terminalText(`tool-contracts serve: ${resolved.message}`));
      return 2;
    }
    token = resolved.token;
    // Commands the tools run (Bash, hooks) inherit the environment: they must not find the token.
    delete process.env[SERVE_TOKEN_ENV];
    if (resolved.generated)
      warn(`token ${token} (clients send the header "Authorization: Bearer <token>")`);
  } else if (options.tokenFile !== undefined) {
    io.err('tool-contracts serve: --token-file only applies with --http');
    return 2;
  }
  let servers;
  try {
    servers = await loadMcpConfigOption(options.mcpConfig, io.cwd, warn);
  } catch (error) {
    if (!(error instanceof McpConfigOptionError)) throw error;
    io.err(error.message);
    return 1;
  }

  // Imported here so that `--help` and usage errors stay instant.
  const [
    { builtInTools, sortedProviderToolNames },
    { createToolRuntime },
    { createToolSession },
    { connectMcpServers },
    { createToolServer },
  ] = await Promise.all([
    // This package's built-ins, or a configured project's own tools and the built-ins it selects.
    import('./project-tools.js').then(({ loadProjectTools }) => loadProjectTools(io.cwd)),
    import('../runtime/core/tool-runtime.js'),
    import('../runtime/call-path/session/create-tool-session.js'),
    import('../runtime/integrations/mcp/connect-mcp-servers.js'),
    import('../runtime/integrations/mcp/create-tool-server.js'),
  ]);
  const runtime = createToolRuntime({
    builtInTools,
    sortedProviderToolNames,
    gate: options.gate,
    logger: { warn },
  });
  const listeners = new Set<() => void>();
  const pins = servers.length > 0 ? await mcpPinsFor(io.cwd, options.mcpPins) : {};
  const pool = await connectMcpServers({
    runtime,
    servers,
    ...pins,
    onEvent: () => {
      for (const listener of listeners) listener();
    },
  });
  const { permissions } = options;
  const createSession = () =>
    createToolSession({
      runtime,
      workingDirectory: options.workspace,
      workspaceRoot: options.workspace,
      enforceWorkspaceBoundary: options.enforceWorkspaceBoundary,
      permissions: {
        mode: permissions.mode,
        allow: permissions.allow,
        ask: permissions.ask,
        deny: permissions.deny,
      },
      ...(permissions.yes ? { requestApproval: async () => ({ decision: 'allow' as const }) } : {}),
      ...(options.artifactDirectory === undefined
        ? {}
        : { artifactDirectory: options.artifactDirectory }),
      ...(options.model === undefined ? {} : { model: options.model }),
    });
  const makeServer = (session: Awaited<ReturnType<typeof createSession>>) =>
    createToolServer({
      session,
      ...(options.model === undefined ? {} : { model: options.model }),
      ...(permissions.yes ? { elicitApproval: false } : {}),
    });

  const stopped = new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  try {
    if (options.http !== undefined) {
      const { listenToolServerHttp } =
        await import('../runtime/integrations/mcp/listen-tool-server-http.js');
      let http;
      try {
        http = await listenToolServerHttp({
          ...options.http,
          token: token!,
          sessionIdleTimeoutMs: options.sessionIdleTimeoutMs,
          createSession,
          createServer: makeServer,
          logger: { warn },
        });
      } catch (error) {
        io.err(
          `tool-contracts serve: cannot listen on ${options.http.address}:${options.http.port} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
        );
        return 1;
      }
      listeners.add(() => http.toolsChanged());
      io.err(`tool-contracts serve: listening on ${http.url}`);
      await stopped;
      await http.close();
      return 0;
    }
    const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
    const session = await createSession();
    const toolServer = makeServer(session);
    listeners.add(() => toolServer.toolsChanged());
    const closed = new Promise<void>((resolve) => {
      toolServer.server.onclose = resolve;
      process.stdin.once('end', resolve);
    });
    await toolServer.server.connect(new StdioServerTransport());
    await Promise.race([closed, stopped]);
    await toolServer.server.close().catch(() => {});
    await session.close();
    return 0;
  } finally {
    await pool.close();
  }
}
