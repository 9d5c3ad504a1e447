/**
 * A tool session: the one call path for agents (the CLI's `call`, the AI SDK adapter, the MCP
 * server). Made by {@link createToolSession} only.
 *
 * ```ts
 * const session = await createToolSession({
 *   runtime,                                  // createToolRuntime({ builtInTools, … })
 *   workingDirectory: '/repo',
 *   permissions: { mode: 'default', deny: ['Bash(rm:*)'] },
 *   requestApproval: (request) => ui.confirm(request),
 * });
 * try {
 *   const read = await session.call('Read', { file_path: '/repo/a.txt' });
 *   const batch = await session.run(message.toolCalls, { signal });
 * } finally {
 *   await session.close();                    // stops background tasks, removes its artifacts
 * }
 * ```
 *
 * Every call goes through the executor (`executeToolBatch`): name resolution, validation, the
 * tool's hooks, the host's pre-tool hooks, permission, approval, timeout and cancellation,
 * output check, result budget, trace, recovery, turn control. A session owns the state calls
 * share — which files were read (Read then Edit works), the todo list, background tasks — and
 * the "always allow" answers given during it; `close()` ends them.
 */
import { ToolSessionClosedError } from './tool-session-closed-error.js';
import { randomUuid } from '../../core/support/lazy-crypto.js';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import nodePath from 'node:path';
import type { ToolCall } from '../call/call-tool.js';
import type { ToolResultArtifact } from '../call/apply-result-budget.js';
import { cleanupArtifacts, type ArtifactCleanup } from '../call/cleanup-artifacts.js';
import type { ToolTracer } from '../call/trace-tool-call.js';
import type {
  HostPortImplementations,
  ModelProfile,
  ModelToolContract,
  SessionKind,
  SessionState,
} from '../../core/contract.js';
import {
  executeToolBatch,
  type ExecutedToolCall,
  type ToolBatchContext,
  type ToolBatchResult,
} from '../executor/execute-tool-batch.js';
import type { RequestApproval } from '../executor/authorize-tool-call.js';
import type { RetryOptions } from '../executor/recovery-policy.js';
import type { HostToolHook } from '../call/host-tool-hooks.js';
import { evaluatePermission, type PermissionMode } from '../permission/evaluate-permission.js';
import { parseToolInput } from '../call/parse-tool-input.js';
import { deferredNames } from '../../core/visibility/deferred-tools.js';
import { parsePermissionRule, type ParsedRule } from '../../core/rules/parse-permission-rule.js';
import type { ToolRuntime } from '../../core/tool-runtime.js';
import type { TurnRestriction } from '../../core/visibility/turn-filter.js';

/** A permission rule as written (`Bash(rm:*)`, `Read`, `capability:file.*`) or parsed. */
export type PermissionRuleInput = string | ParsedRule;

/** The session's permission mode and rules. */
export interface ToolSessionPermissions {
  /** Default: `default` (ask for what needs approval). */
  readonly mode?: PermissionMode;
  /** Calls these rules match run without asking. Default: none. */
  readonly allow?: readonly PermissionRuleInput[];
  /** Calls these rules match are refused (`permission_denied`). Default: none. */
  readonly deny?: readonly PermissionRuleInput[];
  /** Calls these rules match always ask. Default: none. */
  readonly ask?: readonly PermissionRuleInput[];
}

/** Everything a session is made from. Only `runtime` is required. */
export interface ToolSessionOptions {
  /**
   * The tool set (`createToolRuntime`): registry, registration gate (its `Bash(rm:*)`-style
   * disallow rules are deny rules here), description settings, `getTools`. Its gate input's
   * `sessionKind` is the session's kind.
   */
  readonly runtime: ToolRuntime;
  /** Absolute, or relative to `process.cwd()`. Default: `process.cwd()`. */
  readonly workingDirectory?: string;
  /** Absolute, or relative to `process.cwd()`. Default: `workingDirectory`. */
  readonly workspaceRoot?: string;
  /** Refuse file paths that resolve (through symlinks) outside `workspaceRoot`. Default: false. */
  readonly enforceWorkspaceBoundary?: boolean;
  /** Default: mode `default`, no rules. */
  readonly permissions?: ToolSessionPermissions;
  /**
   * Asks a person to approve a call. Absent (or `interactive: false`): a call that needs
   * approval is refused at once with `approval_unavailable`; nothing waits for an answer.
   */
  readonly requestApproval?: RequestApproval;
  /**
   * Whether a person can answer prompts (approval, AskUserQuestion). Default: true when
   * `requestApproval` is given, else false.
   */
  readonly interactive?: boolean;
  /**
   * Where over-budget results are spilled. Default: a fresh directory below the system temp
   * directory that the session creates and removes on `close()`. A directory given here is kept;
   * only the artifacts of `turn` and `session` retention the session wrote are removed.
   */
  readonly artifactDirectory?: string;
  /**
   * Leave every artifact in place on `close()` (a CLI whose printed results point to them).
   * Default: false.
   */
  readonly keepArtifacts?: boolean;
  /** Host ports handlers call (cron, subagent, …). Default: none. */
  readonly ports?: HostPortImplementations;
  /** The model calling; inputs are validated against its projection of each contract. */
  readonly model?: ModelProfile;
  /** Receives one trace event per call (tools with `trace.required` refuse to run without one). */
  readonly tracer?: ToolTracer;
  /** Host hooks run before permission, matched by tool name (Task and Agent match each other). */
  readonly hooks?: readonly HostToolHook[];
  /** Most calls of one concurrent step in flight at once. Default: 10. */
  readonly maxConcurrency?: number;
  /** Automatic retries of idempotent `recovery: retry` tools. Default: 3 attempts with backoff. */
  readonly retry?: RetryOptions;
  /**
   * Tools deferred for this session besides the `loading: deferred` manifests (the provider
   * request's `deferred`): what `ToolSearch` searches among, with the session's `model`.
   * Default: none.
   */
  readonly deferred?: ReadonlySet<string>;
}

/** Per-run options of {@link ToolSession.run} and {@link ToolSession.call}. */
export interface ToolSessionRunOptions {
  /** Cancels the calls (each tool's cancellation policy applies). */
  readonly signal?: AbortSignal;
  /**
   * The approval prompt for these calls instead of the session's (an MCP request's elicitation,
   * an AI SDK approval already given). Default: the session's.
   */
  readonly requestApproval?: RequestApproval;
  /**
   * The turn's restriction (`turnRestriction(planTurnTools(…))`): a call to a tool it excludes
   * is refused with a text that names the tools allowed now. Default: none.
   */
  readonly turnRestriction?: TurnRestriction;
  /**
   * Host ports for these calls over the session's, port by port (an MCP request's elicitation
   * as the user-interaction port). Default: the session's.
   */
  readonly ports?: HostPortImplementations;
}

/** A session's calls, state and clean-up. Made by {@link createToolSession}. */
export interface ToolSession {
  /** Random id of this session. */
  readonly id: string;
  readonly runtime: ToolRuntime;
  /** Kind of session (from the runtime's gate): `main`, `subagent`, `workflowChild`, `workflowActor`. */
  readonly kind: SessionKind;
  /** Absolute. */
  readonly workingDirectory: string;
  /** Absolute. */
  readonly workspaceRoot: string;
  readonly enforceWorkspaceBoundary: boolean;
  /** Absolute. */
  readonly artifactDirectory: string;
  readonly model: ModelProfile | undefined;
  /** Read-file table, todos, background tasks: shared by every call of the session. */
  readonly state: SessionState;
  /** The mode and rules in effect, "always allow" answers given so far included. */
  readonly permissions: {
    readonly mode: PermissionMode;
    readonly allow: readonly ParsedRule[];
    readonly deny: readonly ParsedRule[];
    readonly ask: readonly ParsedRule[];
  };
  /** Whether `close()` was called. */
  readonly closed: boolean;
  /**
   * Change the permission mode for the calls that start from now on (plan mode entered and
   * left by EnterPlanMode and ExitPlanMode through the host's user-interaction port).
   */
  setPermissionMode(mode: PermissionMode): void;
  /**
   * The deferred tools `ToolSearch` calls found so far, in the order found: pass it as the
   * provider request's `discovered`, and the following turns' lists send them at the end.
   */
  readonly discovered: readonly string[];
  /** The contracts the session's model sees (needs a model: the session's or `model`). */
  tools(model?: ModelProfile): readonly ModelToolContract[];
  /** Run one assistant message's tool calls (see `executeToolBatch`). Throws once closed. */
  run(calls: readonly ToolCall[], options?: ToolSessionRunOptions): Promise<ToolBatchResult>;
  /**
   * Whether a call of `name` with `input` would ask for approval now: permission (the session's
   * mode and rules, the runtime's deny rules, "always allow" answers so far) decides `ask`.
   * False when permission allows or denies it, for an unknown tool and for an input that fails
   * validation (such a call never gets to permission). The AI SDK adapter's `needsApproval`.
   * Asynchronous: a generated tool's zod schemas load with its implementation, on first use.
   */
  needsApproval(name: string, input: unknown): Promise<boolean>;
  /** Run one call; the same as `run([{ name, input }])`'s only result. */
  call(name: string, input: unknown, options?: ToolSessionCallOptions): Promise<ExecutedToolCall>;
  /**
   * End the session: wait for calls in flight, stop its background tasks (their process
   * trees), remove the artifacts it owns. Idempotent; calls made after it throw.
   * Resolves to what was deleted of the session's artifacts in a directory the host gave
   * (`undefined` when they were kept, the directory was the session's own, or on a second call).
   */
  close(): Promise<ArtifactCleanup | undefined>;
}

/** {@link ToolSessionRunOptions} plus the call's own fields. */
export interface ToolSessionCallOptions extends ToolSessionRunOptions {
  /** Call id (the provider's `tool_use` id). Default: a random UUID. */
  readonly id?: string;
  /** Per-call timeout; applied only where the contract allows overrides. */
  readonly timeoutMs?: number;
}

function parseRules(rules: readonly PermissionRuleInput[] | undefined): ParsedRule[] {
  return (rules ?? []).map((rule) => (typeof rule === 'string' ? parsePermissionRule(rule) : rule));
}

/**
 * Make a session. Rules written as text are parsed here: a bad rule throws
 * `PermissionRuleError` (with the rule and what is wrong) before anything runs.
 */
export async function createToolSession(options: ToolSessionOptions): Promise<ToolSession> {
  const permissions = {
    mode: options.permissions?.mode ?? 'default',
    allow: parseRules(options.permissions?.allow),
    deny: parseRules(options.permissions?.deny),
    ask: parseRules(options.permissions?.ask),
  };
  const workingDirectory = nodePath.resolve(options.workingDirectory ?? process.cwd());
  const workspaceRoot = nodePath.resolve(options.workspaceRoot ?? workingDirectory);
  let artifactDirectory: string;
  let ownsArtifactDirectory: boolean;
  if (options.artifactDirectory === undefined) {
    artifactDirectory = await mkdtemp(nodePath.join(tmpdir(), 'tool-contracts-session-'));
    ownsArtifactDirectory = true;
  } else {
    artifactDirectory = nodePath.resolve(options.artifactDirectory);
    await mkdir(artifactDirectory, { recursive: true });
    ownsArtifactDirectory = false;
  }
  return new Session(options, {
    permissions,
    workingDirectory,
    workspaceRoot,
    artifactDirectory,
    ownsArtifactDirectory,
  });
}

interface Resolved {
  readonly permissions: {
    mode: PermissionMode;
    readonly allow: ParsedRule[];
    readonly deny: readonly ParsedRule[];
    readonly ask: readonly ParsedRule[];
  };
  readonly workingDirectory: string;
  readonly workspaceRoot: string;
  readonly artifactDirectory: string;
  readonly ownsArtifactDirectory: boolean;
}

class Session implements ToolSession {
  readonly id = randomUuid();
  readonly state: SessionState = {
    todos: [],
    backgroundTasks: new Map(),
    readFiles: new Map(),
    toolSearch: {
      candidates: () => {
        const model = this.#options.model;
        if (model === undefined) return [];
        const tools = this.#options.runtime.getTools({ model });
        const deferred = deferredNames(tools, this.#options.deferred);
        return tools.filter((tool) => deferred.has(tool.name));
      },
      discovered: [],
    },
  };
  readonly #options: ToolSessionOptions;
  readonly #resolved: Resolved;
  readonly #artifacts: ToolResultArtifact[] = [];
  readonly #running = new Set<Promise<unknown>>();
  #closed = false;

  constructor(options: ToolSessionOptions, resolved: Resolved) {
    this.#options = options;
    this.#resolved = resolved;
  }

  get runtime(): ToolRuntime {
    return this.#options.runtime;
  }
  get kind(): SessionKind {
    return this.#options.runtime.gateInput.sessionKind;
  }
  get workingDirectory(): string {
    return this.#resolved.workingDirectory;
  }
  get workspaceRoot(): string {
    return this.#resolved.workspaceRoot;
  }
  get enforceWorkspaceBoundary(): boolean {
    return this.#options.enforceWorkspaceBoundary ?? false;
  }
  get artifactDirectory(): string {
    return this.#resolved.artifactDirectory;
  }
  get model(): ModelProfile | undefined {
    return this.#options.model;
  }
  get permissions(): ToolSession['permissions'] {
    const { mode, allow, deny, ask } = this.#resolved.permissions;
    return { mode, allow: [...allow], deny: [...deny], ask: [...ask] };
  }
  get closed(): boolean {
    return this.#closed;
  }
  setPermissionMode(mode: PermissionMode): void {
    this.#resolved.permissions.mode = mode;
  }
  get discovered(): readonly string[] {
    return [...this.state.toolSearch!.discovered];
  }

  tools(model?: ModelProfile): readonly ModelToolContract[] {
    const profile = model ?? this.#options.model;
    if (profile === undefined)
      throw new Error('ToolSession.tools: no model given and the session has none');
    return this.#options.runtime.getTools({ model: profile });
  }

  async needsApproval(name: string, input: unknown): Promise<boolean> {
    const entry = this.#options.runtime.registry.get(name);
    if (entry === undefined) return false;
    const { mode, allow, deny, ask } = this.#resolved.permissions;
    try {
      // A module that fails to load fails the call itself, before permission.
      await entry.loadImplementation?.();
      const parsed = entry.runtimeInputSchema.safeParse(parseToolInput(input));
      if (!parsed.success) return false;
      const decision = evaluatePermission(entry, parsed.data, {
        mode,
        allow,
        deny: [...deny, ...this.#options.runtime.gate.permissionRules],
        ask,
      });
      return decision.decision === 'ask';
    } catch {
      // The executor's permission step fails closed on such an input; asking changes nothing.
      return false;
    }
  }

  async run(
    calls: readonly ToolCall[],
    runOptions: ToolSessionRunOptions = {},
  ): Promise<ToolBatchResult> {
    if (this.#closed) throw new ToolSessionClosedError(this.id);
    const running = executeToolBatch(this.#options.runtime, calls, this.#batchContext(runOptions));
    this.#running.add(running);
    try {
      const batch = await running;
      for (const result of batch.results) this.#artifacts.push(...result.artifacts);
      // "Always allow" answers hold for the rest of the session.
      this.#resolved.permissions.allow.push(...batch.rememberedAllowRules);
      return batch;
    } finally {
      this.#running.delete(running);
    }
  }

  async call(
    name: string,
    input: unknown,
    callOptions: ToolSessionCallOptions = {},
  ): Promise<ExecutedToolCall> {
    const { id, timeoutMs, ...runOptions } = callOptions;
    const batch = await this.run(
      [
        {
          name,
          input,
          ...(id === undefined ? {} : { id }),
          ...(timeoutMs === undefined ? {} : { timeoutMs }),
        },
      ],
      runOptions,
    );
    return batch.results[0]!;
  }

  #batchContext(runOptions: ToolSessionRunOptions): ToolBatchContext {
    const options = this.#options;
    const { permissions } = this.#resolved;
    const requestApproval = runOptions.requestApproval ?? options.requestApproval;
    return {
      workspaceRoot: this.workspaceRoot,
      workingDirectory: this.workingDirectory,
      artifactDirectory: this.artifactDirectory,
      enforceWorkspaceBoundary: this.enforceWorkspaceBoundary,
      session: this.state,
      descriptionSettings: options.runtime.descriptionSettings(),
      permissions: {
        mode: permissions.mode,
        allow: [...permissions.allow],
        deny: permissions.deny,
        ask: permissions.ask,
      },
      interactive: options.interactive ?? requestApproval !== undefined,
      ...(requestApproval === undefined ? {} : { requestApproval }),
      ...(runOptions.signal === undefined ? {} : { signal: runOptions.signal }),
      ...(runOptions.turnRestriction === undefined
        ? {}
        : { turnRestriction: runOptions.turnRestriction }),
      ...(options.ports === undefined && runOptions.ports === undefined
        ? {}
        : { ports: { ...options.ports, ...runOptions.ports } }),
      ...(options.model === undefined ? {} : { model: options.model }),
      ...(options.tracer === undefined ? {} : { tracer: options.tracer }),
      ...(options.hooks === undefined ? {} : { hooks: options.hooks }),
      ...(options.maxConcurrency === undefined ? {} : { maxConcurrency: options.maxConcurrency }),
      ...(options.retry === undefined ? {} : { retry: options.retry }),
    };
  }

  async close(): Promise<ArtifactCleanup | undefined> {
    if (this.#closed) return undefined;
    this.#closed = true;
    // Calls still in flight finish first (their hosts hold their signals).
    await Promise.allSettled([...this.#running]);
    // Processes a call started in the foreground are its handler's to stop (timeout and
    // cancellation policy); what outlives a call on purpose is a background task.
    await Promise.all([...this.state.backgroundTasks.values()].map((task) => task.stop()));
    let cleanup: ArtifactCleanup | undefined;
    if (this.#options.keepArtifacts === true) {
      // The host reads them after the session.
    } else if (this.#resolved.ownsArtifactDirectory) {
      await rm(this.#resolved.artifactDirectory, { recursive: true, force: true, maxRetries: 3 });
    } else {
      cleanup = await cleanupArtifacts(this.#artifacts, 'session');
    }
    this.#artifacts.length = 0;
    return cleanup;
  }
}
