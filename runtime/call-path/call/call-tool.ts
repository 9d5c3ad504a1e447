/**
 * Calling a tool (SPEC §5.6): from the name and input a model sent to the text it gets back.
 *
 * Steps, in order: resolve the name (aliases too) → parse a top-level JSON string → project the
 * contract for the model → zod and JSON Schema validation (both must accept) → `validateInput`
 * → `resolveInput` → the host's pre-tool hooks that match the tool (a rewritten input is
 * validated again) → the permission and approval step (`authorize`, the executor's) → the
 * handler, under the timeout and cancellation policy → output checked against
 * `runtimeOutputSchema` → formatted (`formatModelContent`, `formatModelBlocks`) → cut to
 * `maxOutputBytes` → result budget → trace (one event per call, with a record of each hook,
 * permission and approval step).
 *
 * `callTool` is the inner, validated run of one call; it has no permission of its own. Hosts
 * run calls through a `ToolSession` (`runtime/session/`) or `executeToolBatch`, which put their
 * permission and approval step into `authorize`. Nothing outside the executor calls it.
 *
 * `callTool` never throws for anything a model, a tool or a hook can cause: every failure is a
 * result with `isError` and an `errorCode` (a `ToolErrorCode`):
 *
 * | errorCode            | cause                                                           |
 * | -------------------- | --------------------------------------------------------------- |
 * | `tool_not_found`     | blank or unknown name                                           |
 * | `invalid_input`      | zod or the JSON Schema refused the input (`issues` has them)    |
 * | *tool's own code*    | `validateInput`, `resolveInput` or the handler reported a failure |
 * | `hook_denied`        | the pre-tool hook denied the call                               |
 * | `hook_input_invalid` | the pre-tool hook's rewritten input was refused (`issues`)      |
 * | `hook_error`         | the pre-tool hook threw                                         |
 * | *`authorize`'s code* | `permission_denied`, `approval_declined`, `approval_unavailable` |
 * | `handler_error`      | the handler or one of the tool's hooks threw                    |
 * | `invalid_output`     | the handler's output does not match `runtimeOutputSchema`       |
 * | `format_error`       | `formatModelContent` threw, or the output is not serialisable   |
 * | `schema_error`       | the tool's model-facing input schema could not be built/compiled |
 * | `timeout`            | the timeout expired                                             |
 * | `cancelled`          | the host's signal aborted the call (content: `cancellation.userMessage`) |
 * | `trace_unavailable`  | `trace.required` and no tracer                                   |
 */
import { restrictedToolContent, type TurnRestriction } from '../../core/visibility/turn-filter.js';
import { capEcho, MAX_FAILURE_MESSAGE_CHARS } from '../../core/cap-echo.js';
import { randomUuid } from '../../core/support/lazy-crypto.js';
import type {
  HostPortImplementations,
  ModelProfile,
  SessionState,
  ToolCallContext,
  ToolContentBlock,
  ToolEntry,
} from '../../core/contract.js';
import type { ToolErrorCode } from '../../core/tool-error-code.js';
import { buildToolCallContext } from './build-tool-call-context.js';
import type { DescriptionSettings } from '../../core/visibility/description-context.js';
import { isProviderVisible } from '../../core/visibility/provider-visible.js';
import {
  matchHostHooks,
  type HostToolHook,
  type PreToolHook,
  type PreToolHookDecision,
} from './host-tool-hooks.js';
import { applyResultBudget, type ToolResultArtifact } from './apply-result-budget.js';
import { capOutputBytes } from './cap-output-bytes.js';
import { formatInputValidationError } from './format-input-validation-error.js';
import { JsonSchemaAdmission, sharedJsonSchemaAdmission } from './json-schema-admission.js';
import { modelInputSchema } from './model-input-schema.js';
import { parseToolInput } from './parse-tool-input.js';
import { resolveCallTimeout } from './resolve-call-timeout.js';
import { runHandler } from './run-handler.js';
import { suggestToolNames } from './suggest-tool-names.js';
import { budgetContentBlocks, hasMedia } from './tool-content-blocks.js';
import { traceRecord, type ToolTraceStep, type ToolTracer } from './trace-tool-call.js';
import {
  blankToolNameContent,
  handlerErrorContent,
  hookInputInvalidContent,
  invalidOutputContent,
  timeoutContent,
  toolUseError,
  traceUnavailableContent,
  unknownToolContent,
} from './tool-use-error.js';
import { translateZod3Issues } from './translate-zod3-issue.js';
import { utf8Head } from './utf8-slice.js';
import { validateToolInput } from './validate-tool-input.js';
import { customIssue, type Zod4Issue } from './zod4-issue.js';

/** What `callTool` needs of a registry (`ToolRegistry` satisfies it). */
export interface CallableRegistry {
  /** The entry called `name` or aliased `name`. */
  get(name: string): ToolEntry | undefined;
  /** Every registered entry (the candidates for "Did you mean"). */
  list(): readonly ToolEntry[];
}

export interface CallableRuntime {
  readonly registry: CallableRegistry;
}

/** One call as the model made it. */
export interface ToolCall {
  readonly name: string;
  /** An object, or JSON text of one. */
  readonly input: unknown;
  /** The host's per-call timeout; applied only when the contract has `allowCallOverride`. */
  readonly timeoutMs?: number;
  /** Call id (the provider's `tool_use` id); names the artifact file. Default: a random UUID. */
  readonly id?: string;
}

export type { HostToolHook, PreToolHook, PreToolHookDecision } from './host-tool-hooks.js';

/** What the permission step is asked: the input that will run, after every hook. */
export interface AuthorizeCallRequest {
  readonly entry: ToolEntry;
  readonly input: unknown;
  readonly callId: string;
  /** The call's context, for `prepareApproval`. */
  readonly context: ToolCallContext;
}

/** The permission step's verdict, with what it records in the trace. */
export type CallAuthorization =
  | {
      readonly ok: true;
      readonly steps: readonly ToolTraceStep[];
      readonly warnings: readonly string[];
    }
  | {
      readonly ok: false;
      readonly errorCode: ToolErrorCode;
      /** What the model reads, inside `<tool_use_error>`. */
      readonly message: string;
      readonly steps: readonly ToolTraceStep[];
      readonly warnings: readonly string[];
    };

/** The permission and approval step: runs after the host hooks, right before the handler. */
export type AuthorizeCall = (request: AuthorizeCallRequest) => Promise<CallAuthorization>;

/** Host-side options of a call. */
export interface CallToolContext {
  /** Absolute workspace root. */
  readonly workspaceRoot: string;
  /** Absolute working directory. */
  readonly workingDirectory: string;
  /** Where results over budget are spilled. */
  readonly artifactDirectory: string;
  /** Opt-in workspace boundary for file tools. Default: false. */
  readonly enforceWorkspaceBoundary?: boolean;
  /** Host ports handlers call. Default: none. */
  readonly ports?: HostPortImplementations;
  /** Session state shared across calls. Default: a fresh, empty one per call. */
  readonly session?: SessionState;
  /** The model making the call; its contract projection is what the input is validated against. */
  readonly model?: ModelProfile;
  /** Settings for rendering the contract before `resolveModelContract` (descriptions only). */
  readonly descriptionSettings?: DescriptionSettings;
  /** The host's cancellation. */
  readonly signal?: AbortSignal;
  /** A pre-tool hook for every tool; runs before `hooks`. */
  readonly preToolHook?: PreToolHook;
  /** Host hooks, each for the tools its `matcher` names (see `host-tool-hooks.ts`). Default: none. */
  readonly hooks?: readonly HostToolHook[];
  /**
   * The permission and approval step (the executor's). Absent: none — which is why only the
   * executor calls `callTool`.
   */
  readonly authorize?: AuthorizeCall;
  /** Receives a trace of each call (required by tools whose contract says `trace.required`). */
  readonly tracer?: ToolTracer;
  /** Also told of every process a handler registers. */
  readonly trackProcess?: (pid: number) => void;
  /** Validator cache. Default: the process-wide one. */
  readonly admission?: JsonSchemaAdmission;
  /**
   * The turn's restriction (`turnRestriction(planTurnTools(…))`): a call to a tool in
   * `restricted` is refused with `restrictedToolContent`, naming `allowed`, before anything
   * runs. Default: none.
   */
  readonly turnRestriction?: TurnRestriction;
}

/** What a call produced. */
export interface ToolCallResult {
  /** Exactly what the model reads (the text; for a result with media, what a client without media reads). */
  readonly content: string;
  /**
   * The result as content blocks, present only when it carries media (Read's images and PDF
   * pages, MCP images, audio and resources): clients that take media send these instead of
   * `content`. Within the contract's `maxModelBytes`.
   */
  readonly blocks?: readonly ToolContentBlock[];
  readonly isError: boolean;
  readonly errorCode?: ToolErrorCode;
  /** Files written for this call (spilled results). */
  readonly artifactPaths: readonly string[];
  /** The artifacts with their size and retention, for the host's clean-up. */
  readonly artifacts: readonly ToolResultArtifact[];
  /** The handler's validated output, on success. */
  readonly output?: unknown;
  /** Canonical name of the tool called (absent when the name did not resolve). */
  readonly toolName?: string;
  readonly callId: string;
  /** Zod 4 shaped issues for `invalid_input`, `hook_input_invalid` and `invalid_output` (for the host). */
  readonly issues?: readonly Zod4Issue[];
  /** Timeout the handler ran under, in ms (absent when it never times out or did not run). */
  readonly timeoutMs?: number;
  /** Things the host should know that did not fail the call. */
  readonly warnings: readonly string[];
}

function newSessionState(): SessionState {
  return { todos: [], backgroundTasks: new Map(), readFiles: new Map() };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Call a tool. Never throws for model, tool or hook faults (see the table above). */
export async function callTool(
  runtime: CallableRuntime,
  call: ToolCall,
  context: CallToolContext,
): Promise<ToolCallResult> {
  const callId = call.id ?? randomUuid();
  if (call.name.trim() === '') {
    return {
      content: blankToolNameContent(call.name),
      isError: true,
      errorCode: 'tool_not_found',
      artifactPaths: [],
      artifacts: [],
      callId,
      warnings: [],
    };
  }
  const entry = runtime.registry.get(call.name);
  if (entry === undefined) {
    const visible = runtime.registry
      .list()
      .filter(isProviderVisible)
      .map((candidate) => candidate.metadata.name);
    return {
      content: unknownToolContent(call.name, suggestToolNames(call.name, visible)),
      isError: true,
      errorCode: 'tool_not_found',
      artifactPaths: [],
      artifacts: [],
      callId,
      warnings: [],
    };
  }

  const toolName = entry.metadata.name;
  const restriction = context.turnRestriction;
  if (restriction !== undefined && restriction.restricted.includes(toolName)) {
    return failure(
      toolName,
      callId,
      restrictedToolContent(toolName, restriction.reason, restriction.allowed),
      'tool_restricted',
    );
  }
  if (entry.trace.required && context.tracer === undefined) {
    return failure(toolName, callId, traceUnavailableContent(toolName), 'trace_unavailable');
  }
  const startedAt = performance.now();
  const input = parseToolInput(call.input);
  const run = new CallRun(entry, call, context, callId, input);
  const ran = await run.run();
  const result =
    run.warnings.length === 0 ? ran : { ...ran, warnings: [...run.warnings, ...ran.warnings] };
  return trace(entry, context.tracer, result, input, performance.now() - startedAt, run.steps);
}

interface FailureExtras {
  readonly issues?: readonly Zod4Issue[];
  readonly timeoutMs?: number;
  readonly warnings?: readonly string[];
}

function failure(
  toolName: string,
  callId: string,
  content: string,
  errorCode: ToolErrorCode,
  extras: FailureExtras = {},
): ToolCallResult {
  return {
    content,
    isError: true,
    errorCode,
    artifactPaths: [],
    artifacts: [],
    toolName,
    callId,
    ...(extras.issues === undefined ? {} : { issues: extras.issues }),
    ...(extras.timeoutMs === undefined ? {} : { timeoutMs: extras.timeoutMs }),
    warnings: extras.warnings ?? [],
  };
}

/** One call of a resolved tool; a class only to share its many inputs between the steps. */
class CallRun {
  readonly #controller = new AbortController();
  readonly #tracked = new Set<number>();
  readonly #name: string;
  readonly #session: SessionState;
  /** What the hook, permission and approval steps record in the trace. */
  readonly steps: ToolTraceStep[] = [];
  /** Warnings of the steps before the handler (the permission step's). */
  readonly warnings: string[] = [];

  constructor(
    private readonly entry: ToolEntry,
    private readonly call: ToolCall,
    private readonly context: CallToolContext,
    private readonly callId: string,
    private readonly input: unknown,
  ) {
    this.#name = entry.metadata.name;
    this.#session = context.session ?? newSessionState();
  }

  #fail(content: string, errorCode: ToolErrorCode, extras?: FailureExtras): ToolCallResult {
    return failure(this.#name, this.callId, content, errorCode, extras);
  }

  /** A failure the tool reported on purpose: its message, bounded by the budget, and its code. */
  #business(code: ToolErrorCode, message: string, extras?: FailureExtras): ToolCallResult {
    const limit = Math.max(0, this.entry.resultBudget.maxModelBytes - toolUseError('').length);
    const bounded = capEcho(message, MAX_FAILURE_MESSAGE_CHARS);
    return this.#fail(toolUseError(utf8Head(bounded, limit)), code, extras);
  }

  #toolContext(timeoutMs: number | undefined): ToolCallContext {
    return buildToolCallContext(this.context, {
      entry: this.entry,
      session: this.#session,
      signal: this.#controller.signal,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      trackProcess: (pid) => this.#tracked.add(pid),
    });
  }

  async run(): Promise<ToolCallResult> {
    const { entry, context } = this;
    if (context.signal?.aborted) return this.#fail(entry.cancellation.userMessage, 'cancelled');
    // A generated entry's zod schemas load with its handler module, on its first call.
    if (entry.loadImplementation !== undefined)
      try {
        await entry.loadImplementation();
      } catch (error) {
        return this.#fail(handlerErrorContent(this.#name, messageOf(error)), 'handler_error');
      }

    let inputSchema;
    try {
      inputSchema = modelInputSchema(entry, context.model, context.descriptionSettings);
    } catch (error) {
      return this.#fail(
        toolUseError(`Error: ${this.#name} is misconfigured: ${messageOf(error)}`),
        'schema_error',
      );
    }
    const admission = context.admission ?? sharedJsonSchemaAdmission();
    const exactInputSchema = entry.inputSchemaExact === true ? entry.inputSchema : undefined;
    const validate = (candidate: unknown) =>
      validateToolInput(candidate, {
        runtimeInputSchema: entry.runtimeInputSchema,
        inputSchema,
        admission,
        exactInputSchema,
      });

    let validation;
    try {
      validation = validate(this.input);
    } catch (error) {
      return this.#fail(
        toolUseError(`Error: ${this.#name} is misconfigured: ${messageOf(error)}`),
        'schema_error',
      );
    }
    if (!validation.ok) {
      return this.#fail(
        formatInputValidationError(this.#name, validation.issues, this.input, inputSchema),
        'invalid_input',
        {
          issues: validation.issues,
        },
      );
    }

    let value: unknown = validation.value;
    try {
      const hookContext = this.#toolContext(
        resolveCallTimeout(
          entry,
          value,
          this.call.timeoutMs,
          this.context.descriptionSettings?.timeout,
        ).timeoutMs,
      );
      const checked = await entry.validateInput?.(value, hookContext);
      if (checked !== undefined && !checked.ok)
        return this.#business(checked.code, checked.message);
      const resolved = await entry.resolveInput?.(value, hookContext);
      if (resolved !== undefined) {
        if (!resolved.ok) return this.#business(resolved.code, resolved.message);
        value = resolved.input;
      }
    } catch (error) {
      return this.#fail(handlerErrorContent(this.#name, messageOf(error)), 'handler_error');
    }

    const hooks = [
      ...(context.preToolHook === undefined ? [] : [{ preToolUse: context.preToolHook }]),
      ...matchHostHooks(context.hooks ?? [], this.#name),
    ];
    for (const hook of hooks) {
      let decision: PreToolHookDecision | undefined | void;
      try {
        decision = await hook.preToolUse(this.#name, value);
      } catch (error) {
        this.steps.push({ step: 'hook', outcome: 'failed', errorCode: 'hook_error' });
        return this.#fail(
          toolUseError(`Error: ${this.#name} was not run: a pre-tool hook failed.`),
          'hook_error',
          {
            warnings: [`pre-tool hook threw: ${messageOf(error)}`],
          },
        );
      }
      if (decision !== undefined && 'deny' in decision) {
        this.steps.push({ step: 'hook', outcome: 'denied', errorCode: 'hook_denied' });
        return this.#fail(toolUseError(decision.deny), 'hook_denied');
      }
      if (decision !== undefined && 'input' in decision) {
        // Not the model's words any more: the model is not given an explanation, the host is.
        const rewritten = await this.#revalidate(validate, decision.input);
        if (!rewritten.ok) {
          this.steps.push({ step: 'hook', outcome: 'failed', errorCode: 'hook_input_invalid' });
          return this.#fail(hookInputInvalidContent(this.#name), 'hook_input_invalid', {
            issues: rewritten.issues,
          });
        }
        value = rewritten.value;
        this.steps.push({ step: 'hook', outcome: 'rewritten' });
      } else {
        this.steps.push({ step: 'hook', outcome: 'passed' });
      }
    }

    if (context.authorize !== undefined) {
      let verdict: CallAuthorization;
      try {
        verdict = await context.authorize({
          entry,
          input: value,
          callId: this.callId,
          context: this.#toolContext(undefined),
        });
      } catch (error) {
        // Fail closed: a permission check that could not decide is not an allow.
        this.steps.push({
          step: 'permission',
          decision: 'deny',
          reason: 'checkFailed',
          errorCode: 'permission_denied',
        });
        return this.#fail(
          toolUseError(
            `Permission denied: ${this.#name} was not run because its permission check failed.`,
          ),
          'permission_denied',
          { warnings: [`permission check threw: ${messageOf(error)}`] },
        );
      }
      this.steps.push(...verdict.steps);
      this.warnings.push(...verdict.warnings);
      if (!verdict.ok) return this.#fail(toolUseError(verdict.message), verdict.errorCode);
    }

    let timeout;
    try {
      timeout = resolveCallTimeout(
        entry,
        value,
        this.call.timeoutMs,
        this.context.descriptionSettings?.timeout,
      );
    } catch (error) {
      return this.#fail(handlerErrorContent(this.#name, messageOf(error)), 'handler_error');
    }
    const warnings =
      timeout.refusedOverrideMs === undefined
        ? []
        : [
            `timeout override of ${timeout.refusedOverrideMs} ms ignored: ${this.#name} does not allow per-call overrides`,
          ];
    const timeoutExtras = {
      ...(timeout.timeoutMs === undefined ? {} : { timeoutMs: timeout.timeoutMs }),
      warnings,
    };
    // Cancelled while the checks and hooks ran: the handler is never started.
    if (context.signal?.aborted)
      return this.#fail(entry.cancellation.userMessage, 'cancelled', timeoutExtras);
    const handlerContext = this.#toolContext(timeout.timeoutMs);
    const outcome = await runHandler({
      start: () => entry.handler(value, handlerContext),
      controller: this.#controller,
      timeoutMs: timeout.timeoutMs,
      cleanupGraceMs: timeout.cleanupGraceMs,
      cancellation: entry.cancellation,
      ...(context.signal === undefined ? {} : { hostSignal: context.signal }),
      trackedProcesses: this.#tracked,
    });

    switch (outcome.kind) {
      case 'threw':
        return this.#fail(
          handlerErrorContent(this.#name, messageOf(outcome.error)),
          'handler_error',
          timeoutExtras,
        );
      case 'timeout':
        return this.#fail(
          timeoutContent(this.#name, outcome.timeoutMs, timeout.modelMayExtendUpToMs),
          'timeout',
          timeoutExtras,
        );
      case 'cancelled':
        return this.#fail(entry.cancellation.userMessage, 'cancelled', timeoutExtras);
      case 'settled':
        if (!outcome.result.ok)
          return this.#business(outcome.result.code, outcome.result.message, timeoutExtras);
        return this.#success(outcome.result.output, timeoutExtras);
    }
  }

  async #revalidate(
    validate: (candidate: unknown) => ReturnType<typeof validateToolInput>,
    candidate: unknown,
  ): Promise<{ ok: true; value: unknown } | { ok: false; issues: readonly Zod4Issue[] }> {
    try {
      const validation = validate(parseToolInput(candidate));
      if (!validation.ok) return validation;
      const checked = await this.entry.validateInput?.(
        validation.value,
        this.#toolContext(undefined),
      );
      if (checked !== undefined && !checked.ok)
        return { ok: false, issues: [customIssue([], checked.message, { code: checked.code })] };
      return { ok: true, value: validation.value };
    } catch (error) {
      return { ok: false, issues: [customIssue([], `Invalid input: ${messageOf(error)}`)] };
    }
  }

  async #success(
    rawOutput: unknown,
    extras: { timeoutMs?: number; warnings: readonly string[] },
  ): Promise<ToolCallResult> {
    const { entry } = this;
    const checked = entry.runtimeOutputSchema.safeParse(rawOutput);
    if (!checked.success) {
      return this.#fail(invalidOutputContent(this.#name), 'invalid_output', {
        ...extras,
        issues: translateZod3Issues(checked.error.issues, {
          input: rawOutput,
          inputSchema: entry.outputSchema,
        }),
      });
    }
    const output: unknown = checked.data;
    let text: string;
    try {
      text =
        entry.formatModelContent !== undefined
          ? String(entry.formatModelContent(output))
          : typeof output === 'string'
            ? output
            : (JSON.stringify(output) ?? '');
    } catch (error) {
      return this.#fail(
        toolUseError(`Error: ${this.#name} could not format its result: ${messageOf(error)}`),
        'format_error',
        extras,
      );
    }
    let blocks: readonly ToolContentBlock[] | undefined;
    try {
      const formatted = entry.formatModelBlocks?.(output);
      if (formatted !== undefined && hasMedia(formatted)) blocks = formatted;
    } catch (error) {
      return this.#fail(
        toolUseError(`Error: ${this.#name} could not format its result: ${messageOf(error)}`),
        'format_error',
        extras,
      );
    }
    const budgetedBlocks =
      blocks === undefined
        ? undefined
        : budgetContentBlocks(blocks, entry.resultBudget.maxModelBytes);
    text = capOutputBytes(text, entry.metadata.maxOutputBytes);
    const persisted = entry.formatPersistedModelContent;
    const budgeted = await applyResultBudget({
      content: text,
      budget: entry.resultBudget,
      toolName: this.#name,
      callId: this.callId,
      artifactDirectory: this.context.artifactDirectory,
      ...(persisted === undefined
        ? {}
        : { persistedContent: (path: string, bytes: number) => persisted(output, path, bytes) }),
    });
    const artifacts = budgeted.artifact === undefined ? [] : [budgeted.artifact];
    return {
      content: budgeted.content,
      ...(budgetedBlocks === undefined ? {} : { blocks: budgetedBlocks.blocks }),
      isError: false,
      artifactPaths: artifacts.map((artifact) => artifact.path),
      artifacts,
      output,
      toolName: this.#name,
      callId: this.callId,
      ...(extras.timeoutMs === undefined ? {} : { timeoutMs: extras.timeoutMs }),
      warnings: [...extras.warnings, ...budgeted.warnings, ...(budgetedBlocks?.warnings ?? [])],
    };
  }
}

/** Hand the finished call to the tracer at the contract's granularity; a failing tracer only warns. */
async function trace(
  entry: ToolEntry,
  tracer: ToolTracer | undefined,
  result: ToolCallResult,
  input: unknown,
  durationMs: number,
  steps: readonly ToolTraceStep[],
): Promise<ToolCallResult> {
  if (tracer === undefined) return result;
  const inputRecord = traceRecord(input, entry.trace.input);
  const outputRecord =
    entry.trace.output === 'full'
      ? traceRecord({ content: result.content, output: result.output }, 'full')
      : traceRecord(result.content, entry.trace.output);
  try {
    await tracer.record({
      tool: entry.metadata.name,
      callId: result.callId,
      isError: result.isError,
      ...(result.errorCode === undefined ? {} : { errorCode: result.errorCode }),
      durationMs,
      ...(steps.length === 0 ? {} : { steps }),
      ...(inputRecord === undefined ? {} : { input: inputRecord }),
      ...(outputRecord === undefined ? {} : { output: outputRecord }),
    });
    return result;
  } catch (error) {
    return { ...result, warnings: [...result.warnings, `tracer failed: ${messageOf(error)}`] };
  }
}
