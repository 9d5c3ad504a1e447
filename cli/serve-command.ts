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
 * `serve` lists exactly what can run: it is the host of each port a listed tool needs, for the
 * life of the session — an in-process scheduler for the Cron tools (a job's prompt is sent to
 * the client as a log message when it fires), a trace of every call (the tools whose contract
 * requires one; ReadSessionContext reads it by session id), and, when the client offers
 * elicitation, AskUserQuestion's form and plan mode as session state. Ports it cannot provide
 * (`--port` other than cron, dynamic workflows, the Node REPL, other session kinds) are usage
 * errors. Once a client initialized, standard error says the mode, whether that client can
 * approve, what will be refused and the flags that change it.
 *
 * Standard output belongs to the protocol (stdio); messages go to standard error. The command
 * ends when the client closes standard input, or on SIGINT/SIGTERM. Exit code: 0, 1 for an
 * invalid MCP configuration or a port that cannot be bound, 2 for a usage error.
 */
import nodePath from 'node:path';
import type { FeatureFlag, ModelProfile } from '../runtime/core/contract.js';
import type { RegistrationGateInput } from '../runtime/core/visibility/registration-gate.js';
import type { CommandIO } from './command-io.js';
import {
  defineCommand,
  parseCommandLine,
  UsageError,
  type ParsedCommandLine,
} from './define-command.js';
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
import type { ToolSession } from '../runtime/call-path/session/create-tool-session.js';
import type { ToolServer } from '../runtime/integrations/mcp/create-tool-server.js';
import type {
  CronFiring,
  InProcessCronScheduler,
} from '../runtime/integrations/ports/in-process-cron-scheduler.js';
import { approvalUnavailableHint, serveNotice } from './serve-notice.js';
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

/**
 * The session and host flags as `serve` takes them: its default host is protocol, and it accepts
 * only what it can host (the cron port; not dynamic workflows or the Node REPL; a main session).
 */
const SERVE_SESSION_OPTIONS_USAGE = SESSION_OPTIONS_USAGE.replace(
  /--session KIND .*/,
  '--session KIND       main (the only kind serve hosts; default: main)',
)
  .replace(/--host KIND .*/, '--host KIND          terminal or protocol (default: protocol)')
  .replace(
    /--port NAME .*/,
    '--port NAME          Host port: cron (serve always provides its own scheduler)',
  );

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
${SERVE_SESSION_OPTIONS_USAGE}
${MODEL_OPTIONS_USAGE}
  -h, --help           Show this help`;

export interface ServeOptions {
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
    gate: serveGateInput(values),
    ...(hasModelOptions(values) ? { model: modelFromOptions(values) } : {}),
  };
}

/** Feature flags whose tools need a port `serve` does not host. */
const UNHOSTED_FEATURES: readonly FeatureFlag[] = ['dynamicWorkflows', 'nodeRepl'];

/**
 * The gate input from the flags, with the cron port (serve's scheduler) injected; a flag asking
 * for tools serve cannot run is a usage error, so nothing is listed that would always fail.
 */
function serveGateInput(
  values: ParsedCommandLine<typeof SERVE_OPTIONS>['values'],
): RegistrationGateInput {
  const gate = gateInputFromOptions({ ...values, host: values.host ?? 'protocol' });
  const unhosted = Object.keys(gate.ports).find((port) => port !== 'cron');
  if (unhosted !== undefined)
    throw new UsageError(
      `--port ${unhosted}: serve provides no ${unhosted} port (it hosts only cron, with its own scheduler)`,
    );
  for (const flag of UNHOSTED_FEATURES)
    if (gate.features[flag] === true)
      throw new UsageError(`--flag ${flag}: serve cannot host the tools of ${flag}`);
  if (gate.sessionKind !== 'main')
    throw new UsageError(
      `--session ${gate.sessionKind}: serve hosts main sessions only (the tools of a ${gate.sessionKind} session need its host)`,
    );
  return {
    ...gate,
    ports: { cron: true },
    features: { ...gate.features, dynamicWorkflows: false, nodeRepl: false },
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

/** `serve`'s options from its arguments (`--help` is not among them). */
export function parseServeArgs(args: readonly string[], cwd: string): ServeOptions {
  return serveOptions(parseCommandLine(args, SERVE_OPTIONS).values, cwd);
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
    { createToolServer, UNSPECIFIED_MODEL: UNSPECIFIED },
  ] = await Promise.all([
    // This package's built-ins, or a configured project's own tools and the built-ins it selects.
    import('./project-tools.js').then(({ loadProjectTools }) => loadProjectTools(io.cwd)),
    import('../runtime/core/tool-runtime.js'),
    import('../runtime/call-path/session/create-tool-session.js'),
    import('../runtime/integrations/mcp/connect-mcp-servers.js'),
    import('../runtime/integrations/mcp/create-tool-server.js'),
  ]);
  const [{ createInProcessCronScheduler }, { createSessionTraceStore }] = await Promise.all([
    import('../runtime/integrations/ports/in-process-cron-scheduler.js'),
    import('../runtime/integrations/ports/session-trace-store.js'),
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
  const traces = createSessionTraceStore();
  // What serve hosts for each session: its scheduler, and where a fired job goes.
  const hosted = new WeakMap<
    ToolSession,
    { readonly scheduler: InProcessCronScheduler; deliver?: (firing: CronFiring) => Promise<void> }
  >();
  const createSession = async () => {
    let id = '';
    const host: {
      scheduler?: InProcessCronScheduler;
      deliver?: (firing: CronFiring) => Promise<void>;
    } = {};
    const scheduler = createInProcessCronScheduler({
      onFire: async (firing) => {
        warn(
          `cron job ${firing.job.id} of session ${id} fired: ${JSON.stringify(firing.job.prompt)}`,
        );
        await host.deliver?.(firing);
      },
      onError: (error, job) =>
        warn(`cron job ${job.id} of session ${id}: ${(error as Error).message ?? String(error)}`),
    });
    const session = await createToolSession({
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
      ports: { cron: scheduler, sessions: traces.port },
      tracer: traces.tracer(() => id),
      ...(permissions.yes ? { requestApproval: async () => ({ decision: 'allow' as const }) } : {}),
      ...(options.artifactDirectory === undefined
        ? {}
        : { artifactDirectory: options.artifactDirectory }),
      ...(options.model === undefined ? {} : { model: options.model }),
    });
    id = session.id;
    hosted.set(session, Object.assign(host, { scheduler }));
    return session;
  };
  const makeServer = (session: ToolSession) => {
    const toolServer: ToolServer = createToolServer({
      session,
      ...(options.model === undefined ? {} : { model: options.model }),
      ...(permissions.yes ? { elicitApproval: false } : {}),
      approvalUnavailableHint,
      onInitialized: ({ elicitation }) => {
        const client = toolServer.server.getClientVersion();
        const model = options.model ?? session.model ?? undefined;
        const all = model === undefined ? session.tools(UNSPECIFIED) : session.tools(model);
        const listed = toolServer.listedTools();
        const shown = new Set(listed.map((tool) => tool.name));
        io.err(`tool-contracts serve: session ${session.id} started`);
        for (const line of serveNotice({
          mode: permissions.mode,
          yes: permissions.yes,
          allowRules: permissions.allow,
          client: {
            elicitation,
            ...(client?.name === undefined ? {} : { name: client.name }),
            ...(client?.version === undefined ? {} : { version: client.version }),
          },
          listed,
          hidden: all.filter((tool) => !shown.has(tool.name)).map((tool) => tool.name),
          decidesPerInput: (name) =>
            session.runtime.registry.get(name)?.resolvePermissionCapability !== undefined,
        }))
          io.err(`tool-contracts serve: ${line}`);
      },
    });
    const host = hosted.get(session)!;
    host.deliver = (firing) =>
      toolServer.server.sendLoggingMessage({
        level: 'notice',
        logger: 'cron',
        data: {
          job: firing.job.id,
          ...(firing.job.name === undefined ? {} : { name: firing.job.name }),
          prompt: firing.job.prompt,
          firedAt: firing.at.toISOString(),
        },
      });
    const closed = toolServer.server.onclose;
    toolServer.server.onclose = () => {
      host.scheduler.close();
      closed?.();
    };
    return toolServer;
  };

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
      const onclose = toolServer.server.onclose;
      toolServer.server.onclose = () => {
        onclose?.();
        resolve();
      };
      process.stdin.once('end', resolve);
    });
    await toolServer.server.connect(new StdioServerTransport());
    await Promise.race([closed, stopped]);
    await toolServer.server.close().catch(() => {});
    hosted.get(session)?.scheduler.close();
    await session.close();
    return 0;
  } finally {
    await pool.close();
  }
}
