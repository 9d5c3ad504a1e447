/**
 * A live MCP client for every server of an `mcpServers` configuration, with the real SDK
 * (`Client` over stdio or Streamable HTTP), each server's tools registered in a runtime through
 * {@link registerMcpTools} and kept up to date:
 *
 * - **Routing**: an entry's call goes to its own server's client with the tool's original name.
 * - **Timeouts**: each call has the server's idle `timeout`, which every progress notification
 *   restarts, and its absolute `maxTotalTimeout` (the SDK's `resetTimeoutOnProgress` and
 *   `maxTotalTimeout`); a progress token is always sent. The upstream progress goes to the
 *   current call's {@link currentProgressReporter} (`serve` forwards it to its own client).
 * - **A server that dies** (its process exits, its HTTP endpoint stops answering): its tools
 *   leave the runtime at once — the built-ins and the other servers' tools keep their order —
 *   and it is reconnected with exponential backoff, at most `reconnect.maxAttempts` times in a
 *   row (a connection that dies within `reconnect.stableMs` counts as a failed attempt, so a
 *   crash loop stops too). Its tools come back when it does.
 * - **`notifications/tools/list_changed`**: followed when the server advertises it, debounced
 *   (`listChanged.debounceMs`) and bounded (`listChanged.maxRefreshes` per `windowMs`; later
 *   notifications are folded into one refresh at the end of the window). A list that did not
 *   really change changes nothing.
 * - **Listing**: `tools/list` pages followed up to `maxTools` tools; raw descriptors go to
 *   `registerMcpTools`, which skips bad ones one by one (the SDK's own `listTools` would refuse
 *   the whole list for one bad tool).
 * - **Warnings** for every input dropped: a server defined twice, servers not connected because
 *   the feature flag `mcp` is off, a list cut at `maxTools`, a server that gave up.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  getDefaultEnvironment,
  StdioClientTransport,
} from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolResultSchema, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { RuntimeLogger } from '../../core/runtime-logger.js';
import type { ToolRuntime } from '../../core/tool-runtime.js';
import { canonicalJson } from '../../core/visibility/tools-fingerprint.js';
import type { McpServerConfig } from './load-mcp-config.js';
import { currentProgressReporter } from './mcp-progress-reporter.js';
import type { McpCallResult } from './mcp-tool-descriptor.js';
import {
  registerMcpTools,
  taskSupport,
  type RegisterMcpToolsOptions,
} from './register-mcp-tools.js';

/** How a server that died is reconnected. */
export interface McpReconnectPolicy {
  /** Failed attempts in a row before giving up; 0: never reconnect. Default: 5. */
  readonly maxAttempts?: number;
  /** Wait before the first attempt; doubled for each further one. Default: 500 ms. */
  readonly initialDelayMs?: number;
  /** Longest wait between attempts. Default: 30 000 ms. */
  readonly maxDelayMs?: number;
  /** A connection that lived shorter than this counts as a failed attempt. Default: 10 000 ms. */
  readonly stableMs?: number;
}

/** How `notifications/tools/list_changed` is followed. */
export interface McpListChangedPolicy {
  /** Quiet time after the last notification before refreshing. Default: 300 ms. */
  readonly debounceMs?: number;
  /** Refreshes per window at most. Default: 10. */
  readonly maxRefreshes?: number;
  /** Default: 60 000 ms. */
  readonly windowMs?: number;
}

/** What happened to a server; `tools` are the provider-visible names now registered. */
export type McpServerEvent =
  | {
      readonly type: 'connected';
      readonly server: string;
      readonly tools: readonly string[];
      readonly reconnect: boolean;
    }
  | { readonly type: 'toolsChanged'; readonly server: string; readonly tools: readonly string[] }
  | { readonly type: 'disconnected'; readonly server: string; readonly reason: string }
  | {
      readonly type: 'reconnecting';
      readonly server: string;
      readonly attempt: number;
      readonly delayMs: number;
    }
  | { readonly type: 'failed'; readonly server: string; readonly reason: string };

export interface ConnectMcpServersOptions {
  /** Where the servers' tools are registered. */
  readonly runtime: ToolRuntime;
  readonly servers: readonly McpServerConfig[];
  /** Default: the runtime's logger. */
  readonly logger?: RuntimeLogger;
  /** How this client introduces itself. Default: `tool-contracts`. */
  readonly clientInfo?: { readonly name: string; readonly version: string };
  readonly reconnect?: McpReconnectPolicy;
  readonly listChanged?: McpListChangedPolicy;
  /** Most tools taken from one server. Default: 1 000. */
  readonly maxTools?: number;
  /** Time for a server to start and answer `initialize` and `tools/list`. Default: 30 000 ms. */
  readonly connectTimeoutMs?: number;
  /** Told of every connection, disconnection and tool-list change. */
  readonly onEvent?: (event: McpServerEvent) => void;
  /**
   * Pinned definitions (see `mcp-definition-lock.ts`), checked on every registration of a
   * server's tools. Default: no pinning.
   */
  readonly pins?: RegisterMcpToolsOptions['pins'];
  /** Told of each server's raw `tools/list` result before it is registered (`mcp approve`). */
  readonly onToolsListed?: (server: string, descriptors: readonly unknown[]) => void;
}

/** What the pool knows of one server. */
export interface McpServerStatus {
  readonly name: string;
  readonly state: 'connecting' | 'connected' | 'reconnecting' | 'failed' | 'closed';
  /** Provider-visible names of its registered tools (empty unless connected). */
  readonly tools: readonly string[];
  /** Process id of a stdio server while it runs. */
  readonly pid?: number;
  /** Why it last disconnected or failed. */
  readonly lastError?: string;
}

/** The live connections; close it to stop the servers. */
export interface McpServerPool {
  /** Every configured server that is connected or trying to be, in configuration order. */
  readonly servers: () => readonly McpServerStatus[];
  readonly server: (name: string) => McpServerStatus | undefined;
  /**
   * Stop every server and cancel pending reconnects; their tools are removed unless
   * `keepTools` (a command that only lists them: calling one afterwards fails).
   */
  readonly close: (options?: { readonly keepTools?: boolean }) => Promise<void>;
}

const DEFAULT_RECONNECT: Required<McpReconnectPolicy> = {
  maxAttempts: 5,
  initialDelayMs: 500,
  maxDelayMs: 30_000,
  stableMs: 10_000,
};
const DEFAULT_LIST_CHANGED: Required<McpListChangedPolicy> = {
  debounceMs: 300,
  maxRefreshes: 10,
  windowMs: 60_000,
};
const DEFAULT_CLIENT_INFO = { name: 'tool-contracts', version: '0.1.0' };
const STDERR_TAIL_BYTES = 2_000;

const ToolsPageSchema = z
  .object({ tools: z.array(z.unknown()), nextCursor: z.string().optional() })
  .passthrough();

/**
 * Connect to every server (in parallel) and register the tools of those that answer. Resolves
 * once each server has connected or failed its first attempt; servers that failed keep trying
 * in the background under the reconnect policy. Never throws for a server's faults.
 */
export async function connectMcpServers(options: ConnectMcpServersOptions): Promise<McpServerPool> {
  const logger = options.logger ?? options.runtime.logger;
  const unique: McpServerConfig[] = [];
  for (const server of options.servers) {
    const first = unique.find((candidate) => candidate.name === server.name);
    if (first === undefined) unique.push(server);
    else
      logger.warn(
        `MCP server "${server.name}" defined again at ${where(server)} is ignored; the definition at ${where(first)} is used`,
      );
  }
  if (!options.runtime.gate.features.mcp) {
    if (unique.length > 0)
      logger.warn(
        `the feature flag mcp is off: ${unique.length} MCP server${unique.length === 1 ? '' : 's'} not connected (${unique.map((server) => server.name).join(', ')})`,
      );
    return { servers: () => [], server: () => undefined, close: async () => {} };
  }
  const connections = unique.map((config) => new ServerConnection(config, options, logger));
  await Promise.all(connections.map((connection) => connection.start()));
  return {
    servers: () => connections.map((connection) => connection.status()),
    server: (name) => connections.find((connection) => connection.name === name)?.status(),
    close: async (closeOptions = {}) => {
      await Promise.all(
        connections.map((connection) => connection.close(closeOptions.keepTools === true)),
      );
    },
  };
}

function where(server: McpServerConfig): string {
  const { file, line, column } = server.location;
  return `${file}:${line}:${column}`;
}

/** One server: its client, its registered tools, its reconnects and refreshes. */
class ServerConnection {
  readonly name: string;
  #state: McpServerStatus['state'] = 'connecting';
  #client: Client | undefined;
  #transport: Transport | undefined;
  #tools: readonly string[] = [];
  #descriptorsKey: string | undefined;
  /** Tools of this server that can only be called as MCP tasks. */
  #taskTools: ReadonlySet<string> = new Set();
  #lastError: string | undefined;
  #failures = 0;
  #connectedAt = 0;
  #generation = 0;
  #reconnectTimer: NodeJS.Timeout | undefined;
  #refreshTimer: NodeJS.Timeout | undefined;
  #refreshTimes: number[] = [];
  #refreshing: Promise<void> | undefined;
  #refreshAgain = false;
  #stderrTail = '';
  readonly #reconnect: Required<McpReconnectPolicy>;
  readonly #listChanged: Required<McpListChangedPolicy>;

  constructor(
    private readonly config: McpServerConfig,
    private readonly options: ConnectMcpServersOptions,
    private readonly logger: RuntimeLogger,
  ) {
    this.name = config.name;
    this.#reconnect = { ...DEFAULT_RECONNECT, ...definedOnly(options.reconnect) };
    this.#listChanged = { ...DEFAULT_LIST_CHANGED, ...definedOnly(options.listChanged) };
  }

  status(): McpServerStatus {
    const pid =
      this.#transport instanceof StdioClientTransport
        ? (this.#transport.pid ?? undefined)
        : undefined;
    return {
      name: this.name,
      state: this.#state,
      tools: this.#tools,
      ...(pid === undefined || this.#state !== 'connected' ? {} : { pid }),
      ...(this.#lastError === undefined ? {} : { lastError: this.#lastError }),
    };
  }

  async start(): Promise<void> {
    await this.#connect(false);
  }

  async close(keepTools = false): Promise<void> {
    this.#state = 'closed';
    this.#generation += 1;
    clearTimeout(this.#reconnectTimer);
    clearTimeout(this.#refreshTimer);
    if (!keepTools) this.#unregister();
    const client = this.#client;
    this.#client = undefined;
    await client?.close().catch(() => {});
  }

  /** The entries' `callMcpTool`: this server, the original name, the configured timeouts. */
  async call(
    tool: string,
    args: Readonly<Record<string, unknown>>,
    signal: AbortSignal,
  ): Promise<McpCallResult> {
    const client = this.#client;
    if (client === undefined || this.#state !== 'connected')
      throw new Error(`the server is not connected (${this.#state})`);
    const reporter = currentProgressReporter();
    if (this.#taskTools.has(tool)) return this.#callTask(client, tool, args, signal);
    try {
      return (await client.callTool({ name: tool, arguments: { ...args } }, undefined, {
        signal,
        timeout: this.config.timeoutMs,
        resetTimeoutOnProgress: true,
        maxTotalTimeout: this.config.maxTotalTimeoutMs,
        // Setting onprogress is what makes the SDK send a progress token.
        onprogress: (progress) => reporter?.(progress),
      })) as McpCallResult;
    } catch (error) {
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
        const data = (error.data ?? {}) as { maxTotalTimeout?: number };
        throw new Error(
          data.maxTotalTimeout !== undefined
            ? `still running after ${this.config.maxTotalTimeoutMs} ms, the call's total time limit (maxTotalTimeout)`
            : `no response and no progress for ${this.config.timeoutMs} ms (timeout)`,
        );
      }
      if (!(error instanceof McpError) && !signal.aborted) this.#lost(client, errorText(error));
      throw error;
    }
  }

  async #connect(reconnect: boolean): Promise<void> {
    const generation = ++this.#generation;
    this.#state = reconnect ? 'reconnecting' : 'connecting';
    const client = new Client(this.options.clientInfo ?? DEFAULT_CLIENT_INFO, {
      capabilities: {},
      listChanged: {
        tools: {
          autoRefresh: false,
          debounceMs: this.#listChanged.debounceMs,
          onChanged: () => {
            if (generation === this.#generation) this.#scheduleRefresh();
          },
        },
      },
    });
    const transport = this.#makeTransport();
    client.onclose = () => this.#lost(client, this.#exitReason('the connection closed'));
    this.#client = client;
    this.#transport = transport;
    const timeout = this.options.connectTimeoutMs ?? 30_000;
    try {
      await client.connect(transport, { timeout });
      const descriptors = await this.#listTools(client, timeout);
      if (generation !== this.#generation) return;
      this.#state = 'connected';
      this.#connectedAt = Date.now();
      // What it said while starting explains nothing later.
      this.#stderrTail = '';
      this.#lastError = undefined;
      this.#register(descriptors);
      this.options.onEvent?.({
        type: 'connected',
        server: this.name,
        tools: this.#tools,
        reconnect,
      });
    } catch (error) {
      if (generation !== this.#generation) return;
      this.#lost(client, this.#exitReason(errorText(error)));
    }
  }

  #makeTransport(): Transport {
    const { config } = this;
    if (config.type === 'http') {
      return new StreamableHTTPClientTransport(new URL(config.url), {
        requestInit: { headers: { ...config.headers } },
      });
    }
    this.#stderrTail = '';
    const transport = new StdioClientTransport({
      command: config.command,
      args: [...config.args],
      env: { ...getDefaultEnvironment(), ...config.env },
      cwd: config.cwd,
      stderr: 'pipe',
    });
    // Keep the end of what the server says on stderr: it explains an exit.
    transport.stderr?.on('data', (chunk: Buffer) => {
      this.#stderrTail = (this.#stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES);
    });
    return transport;
  }

  #exitReason(reason: string): string {
    const lastLine = this.#stderrTail.trim().split('\n').at(-1)?.trim();
    return lastLine === undefined || lastLine === ''
      ? reason
      : `${reason}; its last words: ${lastLine}`;
  }

  async #listTools(client: Client, timeout: number): Promise<unknown[]> {
    const maxTools = this.options.maxTools ?? 1_000;
    const tools: unknown[] = [];
    let cursor: string | undefined;
    const seenCursors = new Set<string>();
    do {
      const page = await client.request(
        { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
        ToolsPageSchema,
        { timeout },
      );
      tools.push(...page.tools);
      cursor = page.nextCursor;
      if (cursor !== undefined && seenCursors.has(cursor)) {
        this.logger.warn(`MCP server "${this.name}": tools/list repeats a cursor; listing stopped`);
        break;
      }
      if (cursor !== undefined) seenCursors.add(cursor);
    } while (cursor !== undefined && tools.length < maxTools);
    if (tools.length > maxTools || cursor !== undefined) {
      this.logger.warn(
        `MCP server "${this.name}": more than ${maxTools} tools; only the first ${maxTools} are registered`,
      );
    }
    return tools.slice(0, maxTools);
  }

  /** Register `descriptors` in place of the server's current tools; false when nothing changed. */
  #register(descriptors: readonly unknown[]): boolean {
    this.options.onToolsListed?.(this.name, descriptors);
    const key = canonicalJson(descriptors);
    if (key === this.#descriptorsKey && this.options.runtime.hasMcpServer(this.name)) return false;
    this.options.runtime.removeMcpServer(this.name);
    // The executor's timeout is the absolute cap; the SDK's own timers fire first and say which.
    const withTimeout = descriptors.map((descriptor) =>
      typeof descriptor === 'object' && descriptor !== null
        ? { ...descriptor, timeoutMs: this.config.maxTotalTimeoutMs + 1_000 }
        : descriptor,
    );
    const result = registerMcpTools(this.options.runtime, this.name, withTimeout, {
      callMcpTool: (_server, tool, args, signal) => this.call(tool, args, signal),
      ...(this.config.includeTools === undefined ? {} : { includeTools: this.config.includeTools }),
      ...(this.config.excludeTools === undefined ? {} : { excludeTools: this.config.excludeTools }),
      ...(this.options.pins === undefined ? {} : { pins: this.options.pins }),
      trusted: this.config.trust,
      callsTasks: true,
    });
    this.#taskTools = new Set(
      descriptors
        .filter((descriptor) => typeof descriptor === 'object' && descriptor !== null)
        .filter((descriptor) => taskSupport(descriptor as object) === 'required')
        .map((descriptor) => String((descriptor as { name?: unknown }).name)),
    );
    this.#descriptorsKey = key;
    this.#tools = result.registered.map((tool) => tool.name);
    return true;
  }

  /**
   * A task-only tool through the MCP tasks API: the task's status messages are progress, the
   * call's signal cancels the task (`tasks/cancel`), its result is the call's.
   */
  async #callTask(
    client: Client,
    tool: string,
    args: Readonly<Record<string, unknown>>,
    signal: AbortSignal,
  ): Promise<McpCallResult> {
    const reporter = currentProgressReporter();
    let taskId: string | undefined;
    let step = 0;
    const cancel = () => {
      if (taskId !== undefined) void client.experimental.tasks.cancelTask(taskId).catch(() => {});
    };
    signal.addEventListener('abort', cancel, { once: true });
    try {
      const stream = client.experimental.tasks.callToolStream(
        { name: tool, arguments: { ...args } },
        CallToolResultSchema,
        {
          signal,
          timeout: this.config.timeoutMs,
          resetTimeoutOnProgress: true,
          maxTotalTimeout: this.config.maxTotalTimeoutMs,
          onprogress: (progress) => reporter?.(progress),
          task: { ttl: this.config.maxTotalTimeoutMs },
        },
      );
      for await (const message of stream) {
        if (message.type === 'taskCreated') taskId = message.task.taskId;
        else if (message.type === 'taskStatus') {
          step += 1;
          reporter?.({
            progress: step,
            message: `${tool}: ${message.task.statusMessage ?? message.task.status}`,
          });
        } else if (message.type === 'result') return message.result as McpCallResult;
        else if (message.type === 'error') throw message.error;
      }
      throw new Error(`the task of "${tool}" ended without a result`);
    } finally {
      signal.removeEventListener('abort', cancel);
    }
  }

  #unregister(): boolean {
    this.#tools = [];
    this.#descriptorsKey = undefined;
    return this.options.runtime.removeMcpServer(this.name);
  }

  /** The server went away (or never came): drop its tools, then reconnect or give up. */
  #lost(client: Client, reason: string): void {
    if (this.#state === 'closed' || client !== this.#client) return;
    const failedToConnect = this.#state !== 'connected';
    this.#generation += 1;
    this.#client = undefined;
    clearTimeout(this.#refreshTimer);
    void client.close().catch(() => {});
    this.#lastError = reason;
    const hadTools = this.#tools.length;
    this.#unregister();
    if (!failedToConnect) {
      this.logger.warn(
        `MCP server "${this.name}" disconnected (${reason}); its ${hadTools} tool${hadTools === 1 ? '' : 's'} are removed`,
      );
      this.options.onEvent?.({ type: 'disconnected', server: this.name, reason });
      if (Date.now() - this.#connectedAt >= this.#reconnect.stableMs) this.#failures = 0;
    } else {
      this.logger.warn(`MCP server "${this.name}" could not be connected: ${reason}`);
    }
    this.#failures += 1;
    if (this.#failures > this.#reconnect.maxAttempts) {
      this.#state = 'failed';
      if (this.#reconnect.maxAttempts > 0)
        this.logger.warn(
          `MCP server "${this.name}": gave up after ${this.#reconnect.maxAttempts} reconnect attempts`,
        );
      this.options.onEvent?.({ type: 'failed', server: this.name, reason });
      return;
    }
    const delayMs = Math.min(
      this.#reconnect.initialDelayMs * 2 ** (this.#failures - 1),
      this.#reconnect.maxDelayMs,
    );
    this.#state = 'reconnecting';
    this.options.onEvent?.({
      type: 'reconnecting',
      server: this.name,
      attempt: this.#failures,
      delayMs,
    });
    this.#reconnectTimer = setTimeout(() => void this.#connect(true), delayMs);
    this.#reconnectTimer.unref();
  }

  /** A list_changed notification (already debounced by the SDK): refresh within the bound. */
  #scheduleRefresh(): void {
    if (this.#state !== 'connected') return;
    if (this.#refreshing !== undefined) {
      this.#refreshAgain = true;
      return;
    }
    const now = Date.now();
    this.#refreshTimes = this.#refreshTimes.filter(
      (time) => now - time < this.#listChanged.windowMs,
    );
    if (this.#refreshTimes.length >= this.#listChanged.maxRefreshes) {
      if (this.#refreshTimer !== undefined) return;
      this.logger.warn(
        `MCP server "${this.name}": tools/list_changed more than ${this.#listChanged.maxRefreshes} times in ${this.#listChanged.windowMs} ms; the next refresh waits for the window to end`,
      );
      const waitMs = this.#listChanged.windowMs - (now - this.#refreshTimes[0]!);
      this.#refreshTimer = setTimeout(() => {
        this.#refreshTimer = undefined;
        this.#scheduleRefresh();
      }, waitMs);
      this.#refreshTimer.unref();
      return;
    }
    this.#refreshTimes.push(now);
    this.#refreshing = this.#refresh().finally(() => {
      this.#refreshing = undefined;
      if (this.#refreshAgain) {
        this.#refreshAgain = false;
        this.#scheduleRefresh();
      }
    });
  }

  async #refresh(): Promise<void> {
    const client = this.#client;
    if (client === undefined) return;
    const generation = this.#generation;
    try {
      const descriptors = await this.#listTools(client, this.options.connectTimeoutMs ?? 30_000);
      if (generation !== this.#generation || this.#state !== 'connected') return;
      if (this.#register(descriptors))
        this.options.onEvent?.({ type: 'toolsChanged', server: this.name, tools: this.#tools });
    } catch (error) {
      if (generation !== this.#generation) return;
      if (error instanceof McpError)
        this.logger.warn(
          `MCP server "${this.name}": refreshing its tools failed (${errorText(error)}); the previous list stays`,
        );
      else this.#lost(client, errorText(error));
    }
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function definedOnly<T extends object>(value: T | undefined): Partial<T> {
  return Object.fromEntries(
    Object.entries(value ?? {}).filter(([, item]) => item !== undefined),
  ) as Partial<T>;
}
