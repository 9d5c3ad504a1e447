/**
 * The executor: runs the tool calls of one assistant message and returns what the model gets
 * back for each, in the calls' order, plus what the host must do next.
 *
 * ```ts
 * const batch = await executeToolBatch(runtime, message.toolCalls, {
 *   workspaceRoot, workingDirectory, artifactDirectory, session,
 *   permissions: { mode: 'default', allow, deny, ask },
 *   requestApproval: (request) => ui.confirm(request),
 * });
 * for (const result of batch.results) transcript.push(toolResult(result.callId, result.content, result.isError));
 * if (batch.workspaceMayHaveChanged) caches.invalidateWorkspace();
 * if (batch.stopTurn) endTurn();
 * ```
 *
 * Per call, through `callTool` (validation, the tool's and the host's hooks, then the
 * executor's permission step, then timeout, budget, trace):
 * 1. **Scheduling** ({@link planToolBatch}): consecutive calls that may run concurrently
 *    (`CallEffects.concurrent`: truly read-only — `readOnly` and scope `none` after
 *    `resolvePermissionCapability`, so Bash `ls` counts and Bash `rm` does not — and
 *    concurrency-safe) run side by side, at most `maxConcurrency` at once; every other call is a
 *    barrier, run alone after everything before it.
 * 2. **User interaction**: a tool that `requiresUserInteraction` fails at once when the host says
 *    nobody is there (`interactive: false`), instead of hanging until its timeout.
 * 3. **Permission and approval** ({@link authorizeToolCall}), `callTool`'s `authorize` step, on
 *    the validated, resolved input after the host's pre-tool hooks: deny, allow, or ask
 *    (`prepareApproval`, then the host's
 *    `requestApproval`). The registration gate's pattern rules from `disallowedTools`
 *    (`runtime.gate.permissionRules`) are deny rules here; "always allow" answers are applied to
 *    the rest of the batch and returned in `rememberedAllowRules` for the host to keep.
 * 4. **Recovery** ({@link mayRetryAutomatically}): a transient failure of an idempotent
 *    `recovery: retry` tool is retried with backoff, without asking again for the same input;
 *    other uncertain failures carry `recovery` guidance (and for `manual` a note to the model).
 * 5. **Turn control**: once a call of a `stopTurnOnSuccess` tool succeeds, the calls after it are
 *    not run (each gets a result saying so) and `stopTurn` is set.
 * 6. **Bookkeeping**: `workspaceMayHaveChanged` / `worldTouched` from the effects of every call
 *    whose handler ran (`isWorkspaceMutatingToolCall` / `isWorldTouchingToolCall` of the call's
 *    scope: Bash `ls` changes nothing). The session's read-file state is left alone: Write and
 *    Edit compare each file's modification time with the one recorded, which already catches a
 *    file changed by another call.
 *
 * Error codes the executor adds to `callTool`'s: `permission_denied` (a deny rule, or plan mode),
 * `approval_declined` (the user said no), `approval_unavailable` (nobody can approve),
 * `user_interaction_unavailable`, `turn_ended` (not run after a terminal call). The tracer gets
 * the same code as the result, and a `permission` step (and, after an ask, an `approval` step)
 * in the call's trace event.
 *
 * The schedule is made from the input the model sent. A host pre-tool hook that rewrites a call
 * scheduled as concurrent into one that is not (`ls` into `rm`) is judged by permission on the
 * rewritten input, but it has already been scheduled beside its neighbours.
 */
import { randomUuid } from '../../core/support/lazy-crypto.js';
import { isDeepStrictEqual } from 'node:util';
import {
  callTool,
  type AuthorizeCall,
  type CallableRuntime,
  type CallToolContext,
  type ToolCall,
  type ToolCallResult,
} from '../call/call-tool.js';
import { toolUseError } from '../call/tool-use-error.js';
import type { SessionState } from '../../core/contract.js';
import type { PermissionSettings } from '../permission/evaluate-permission.js';
import type { ParsedRule } from '../../core/rules/parse-permission-rule.js';
import {
  authorizationTraceSteps,
  authorizeToolCall,
  type Authorization,
  type PermissionOutcome,
  type RequestApproval,
} from './authorize-tool-call.js';
import {
  appendNote,
  MANUAL_RECOVERY_NOTE,
  turnEndedMessage,
  userInteractionUnavailableMessage,
} from './executor-messages.js';
import { planToolBatch, type BatchStep } from './plan-tool-batch.js';
import {
  DEFAULT_MAX_ATTEMPTS,
  defaultBackoffMs,
  mayRetryAutomatically,
  recoveryGuidance,
  sleepUnlessAborted,
  type RecoveryGuidance,
  type RetryOptions,
} from './recovery-policy.js';
import { resolveCallEffects, type CallEffects } from './resolve-call-effects.js';
import { runWithConcurrency } from './run-with-concurrency.js';

/** What the executor needs of a runtime (`ToolRuntime` satisfies it). */
export interface ToolBatchRuntime extends CallableRuntime {
  /** The registration gate's result; its `permissionRules` are applied as deny rules. */
  readonly gate?: { readonly permissionRules: readonly ParsedRule[] };
}

/** Host-side options of a batch: those of `callTool`, plus the executor's. */
export interface ToolBatchContext extends CallToolContext {
  /** The session's permission mode and rules. */
  readonly permissions: PermissionSettings;
  /**
   * Whether a person can answer prompts. `false` (a protocol or background session): tools that
   * `requiresUserInteraction` and calls that would ask for approval fail at once. Default: true.
   */
  readonly interactive?: boolean;
  /** The approval prompt. Without it, a call that needs approval is refused. */
  readonly requestApproval?: RequestApproval;
  /** Most calls of a concurrent step in flight at once. Default: 10. */
  readonly maxConcurrency?: number;
  /** Automatic retries of idempotent `recovery: retry` tools. */
  readonly retry?: RetryOptions;
}

/** The result of one call of the batch. */
export interface ExecutedToolCall extends ToolCallResult {
  /** Position of the call in the batch. */
  readonly index: number;
  /** Times `callTool` ran for it (0: the executor stopped it first; >1: retried). */
  readonly attempts: number;
  /** How permission decided, when the call got that far. */
  readonly permission?: PermissionOutcome;
  /** For a failure whose effects are uncertain: what the tool declares about recovering. */
  readonly recovery?: RecoveryGuidance;
  /** The call's effects, when its handler ran (success or failure); absent when it never ran. */
  readonly effects?: CallEffects;
}

/** What a batch produced. */
export interface ToolBatchResult {
  /** One result per call, in the calls' order, whatever order they finished in. */
  readonly results: readonly ExecutedToolCall[];
  /** The schedule the batch ran with. */
  readonly steps: readonly BatchStep[];
  /** A terminal tool succeeded: end the turn. */
  readonly stopTurn: boolean;
  /** Index of the call that ended the turn. */
  readonly stoppedBy?: number;
  /** Some call that ran may have changed the workspace: invalidate workspace caches. */
  readonly workspaceMayHaveChanged: boolean;
  /** Some call that ran read or changed something outside the session. */
  readonly worldTouched: boolean;
  /** Allow rules the user chose to "always allow" during the batch, for the host to keep. */
  readonly rememberedAllowRules: readonly ParsedRule[];
}

const DEFAULT_MAX_CONCURRENCY = 10;

/** Run one assistant message's tool calls. Never throws for model, tool or hook faults. */
export async function executeToolBatch(
  runtime: ToolBatchRuntime,
  calls: readonly ToolCall[],
  context: ToolBatchContext,
): Promise<ToolBatchResult> {
  return new BatchRun(runtime, calls, context).run();
}

/** One batch; a class only to share its inputs and accumulated state between the steps. */
class BatchRun {
  readonly #session: SessionState;
  readonly #remembered: ParsedRule[] = [];
  readonly #results: (ExecutedToolCall | undefined)[];

  constructor(
    private readonly runtime: ToolBatchRuntime,
    private readonly calls: readonly ToolCall[],
    private readonly context: ToolBatchContext,
  ) {
    this.#session = context.session ?? {
      todos: [],
      backgroundTasks: new Map(),
      readFiles: new Map(),
    };
    this.#results = calls.map(() => undefined);
  }

  async run(): Promise<ToolBatchResult> {
    const entries = this.calls.map((call) => this.runtime.registry.get(call.name));
    // Planning parses each input with its tool's zod schema, which a generated entry loads with
    // its handler module; a module that fails to load leaves the declared flags here and fails
    // its call.
    await Promise.all(entries.map((entry) => entry?.loadImplementation?.().catch(() => {})));
    const planned = entries.map((entry, index) =>
      entry === undefined ? undefined : resolveCallEffects(entry, this.calls[index]!.input),
    );
    const steps = planToolBatch(planned.map((effects) => effects?.concurrent ?? false));
    const limit = this.context.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY;
    let stoppedBy: number | undefined;
    for (const step of steps) {
      if (stoppedBy !== undefined) {
        for (const index of step.indices) this.#results[index] = this.#skipped(index, stoppedBy);
        continue;
      }
      await runWithConcurrency(
        step.indices.map((index) => async () => {
          this.#results[index] = await this.#runCall(index);
        }),
        step.concurrent ? limit : 1,
      );
      stoppedBy = step.indices.find((index) => this.#endsTurn(index));
    }
    const results = this.#results.map((result, index) => {
      if (result === undefined) throw new Error(`executor: call ${index} produced no result`);
      return result;
    });
    const ran = results.flatMap((result) => (result.effects === undefined ? [] : [result.effects]));
    return {
      results,
      steps,
      stopTurn: stoppedBy !== undefined,
      ...(stoppedBy === undefined ? {} : { stoppedBy }),
      workspaceMayHaveChanged: ran.some((effects) => effects.workspaceMutating),
      worldTouched: ran.some((effects) => effects.worldTouching),
      rememberedAllowRules: [...this.#remembered],
    };
  }

  #endsTurn(index: number): boolean {
    const result = this.#results[index];
    const entry = this.runtime.registry.get(this.calls[index]!.name);
    return result !== undefined && !result.isError && entry?.metadata.stopTurnOnSuccess === true;
  }

  #skipped(index: number, stoppedBy: number): ExecutedToolCall {
    const call = this.calls[index]!;
    const entry = this.runtime.registry.get(call.name);
    const endedBy = this.#results[stoppedBy]?.toolName ?? this.calls[stoppedBy]!.name;
    return {
      content: toolUseError(turnEndedMessage(entry?.metadata.name ?? call.name, endedBy)),
      isError: true,
      errorCode: 'turn_ended',
      artifactPaths: [],
      artifacts: [],
      ...(entry === undefined ? {} : { toolName: entry.metadata.name }),
      callId: call.id ?? randomUuid(),
      warnings: [],
      index,
      attempts: 0,
    };
  }

  #settings(): PermissionSettings {
    const { permissions } = this.context;
    const gateRules = this.runtime.gate?.permissionRules ?? [];
    return {
      ...permissions,
      deny: [...(permissions.deny ?? []), ...gateRules],
      allow: [...(permissions.allow ?? []), ...this.#remembered],
    };
  }

  async #runCall(index: number): Promise<ExecutedToolCall> {
    const { context } = this;
    const call = { ...this.calls[index]!, id: this.calls[index]!.id ?? randomUuid() };
    const entry = this.runtime.registry.get(call.name);
    if (entry === undefined) {
      // callTool words the unknown or blank name (with suggestions).
      const result = await callTool(this.runtime, call, { ...context, session: this.#session });
      return { ...result, index, attempts: 1 };
    }
    const toolName = entry.metadata.name;
    if (entry.metadata.requiresUserInteraction && context.interactive === false) {
      return {
        content: toolUseError(userInteractionUnavailableMessage(toolName)),
        isError: true,
        errorCode: 'user_interaction_unavailable',
        artifactPaths: [],
        artifacts: [],
        toolName,
        callId: call.id,
        warnings: [],
        index,
        attempts: 0,
      };
    }

    // State the permission step shares with this function across attempts. `ranWith` is set
    // once any attempt got past permission to its handler: from then on the call may have had
    // effects.
    let approvedInput: { readonly value: unknown } | undefined;
    let authorization: Authorization | undefined;
    let ranWith: CallEffects | undefined;
    const authorize: AuthorizeCall = async ({ input, context: hookContext }) => {
      // A retry of an input already approved is not asked again.
      if (approvedInput === undefined || !isDeepStrictEqual(approvedInput.value, input)) {
        authorization = await authorizeToolCall(entry, input, {
          settings: this.#settings(),
          callId: call.id,
          hookContext,
          ...(context.requestApproval === undefined
            ? {}
            : { requestApproval: context.requestApproval }),
          ...(context.interactive === undefined ? {} : { interactive: context.interactive }),
        });
        const steps = authorizationTraceSteps(authorization);
        if (!authorization.ok) {
          return {
            ok: false,
            errorCode: authorization.errorCode,
            message: authorization.message,
            steps,
            warnings: authorization.warnings,
          };
        }
        this.#remembered.push(...authorization.remember);
        approvedInput = { value: input };
        ranWith = resolveCallEffects(entry, input);
        return { ok: true, steps, warnings: authorization.warnings };
      }
      ranWith = resolveCallEffects(entry, input);
      return { ok: true, steps: [], warnings: [] };
    };

    const retry = context.retry ?? {};
    const maxAttempts = retry.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    const sleep = retry.sleep ?? sleepUnlessAborted;
    const backoffMs = retry.backoffMs ?? defaultBackoffMs;
    const retryWarnings: string[] = [];
    let attempts = 0;
    let result: ToolCallResult;
    for (;;) {
      attempts += 1;
      result = await callTool(this.runtime, call, {
        ...context,
        session: this.#session,
        authorize,
      });
      const retryable =
        result.isError &&
        mayRetryAutomatically(entry, result.errorCode) &&
        attempts < maxAttempts &&
        context.signal?.aborted !== true;
      if (!retryable) break;
      const waitMs = backoffMs(attempts);
      retryWarnings.push(
        `attempt ${attempts} of ${toolName} failed (${result.errorCode}); retried after ${waitMs} ms`,
      );
      await sleep(waitMs, context.signal);
    }

    const warnings = [...retryWarnings, ...result.warnings];
    const base: ExecutedToolCall = {
      ...result,
      warnings,
      index,
      attempts,
      ...(authorization === undefined ? {} : { permission: authorization.outcome }),
      ...(ranWith === undefined ? {} : { effects: ranWith }),
    };
    if (!result.isError || ranWith === undefined) return base;
    const recovery = recoveryGuidance(entry, result.errorCode, attempts);
    if (recovery === undefined) return base;
    return {
      ...base,
      recovery,
      ...(recovery.strategy === 'manual'
        ? { content: appendNote(base.content, MANUAL_RECOVERY_NOTE) }
        : {}),
    };
  }
}
