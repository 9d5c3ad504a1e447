/**
 * The tool contract: hand-written types that every generated tool module `satisfies`.
 *
 * A contract is data (what a tool declares); a {@link ToolEntry} is a contract plus the
 * hand-written handler and optional hooks. The manifest language in `generator/` is the only
 * place contract values are written; this module says what shape they have, and nothing else.
 * What generated modules call on them (`deepFreeze`, `lazyImplementation`, `lazyZodSchemas`) is
 * in `frozen-data.ts` and `lazy-implementation.ts`; a generated module imports all of it from
 * the package's `contract` entry, `runtime/contract.ts`.
 */
import type { ZodType, ZodTypeDef } from 'zod';
import type { ToolErrorCode } from './tool-error-code.js';

// ---------------------------------------------------------------------------------------------
// Enumerations
// ---------------------------------------------------------------------------------------------

/** What a call may touch. `session` and `userInteraction` are protocol scopes. */
export const SIDE_EFFECT_SCOPES = [
  'none',
  'workspace',
  'git',
  'network',
  'system',
  'session',
  'userInteraction',
] as const;
export type SideEffectScope = (typeof SIDE_EFFECT_SCOPES)[number];

export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/**
 * What to do after a failed or interrupted call.
 * - `retry`: safe to call again with the same input (implies idempotent).
 * - `resume`: the tool can continue from recorded progress (workflow runs, background tasks).
 * - `compensate`: undo by another call (e.g. delete what was created).
 * - `manual`: a person has to look; the runtime never retries.
 * - `none`: nothing to recover (pure reads).
 */
export const RECOVERY_STRATEGIES = ['none', 'retry', 'resume', 'compensate', 'manual'] as const;
export type RecoveryStrategy = (typeof RECOVERY_STRATEGIES)[number];

/** Host ports a tool may need injected before it is registered. */
export const HOST_PORTS = ['cron', 'offPeak', 'subagent', 'subagentMessaging', 'skill'] as const;
export type HostPort = (typeof HOST_PORTS)[number];

/**
 * Feature flags of the runtime configuration. `toolSearch` registers the client-side `ToolSearch`
 * tool: a host turns it on when it defers tools (see `runtime/core/visibility/deferred-tools.ts`).
 */
export const FEATURE_FLAGS = [
  'skill',
  'subagent',
  'mcp',
  'dynamicWorkflows',
  'nodeRepl',
  'toolSearch',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/** The kinds of session a runtime may serve. */
export const SESSION_KINDS = ['main', 'subagent', 'workflowChild', 'workflowActor'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

/** Capabilities of the current model that decide whether a tool is shown. */
export const MODEL_CAPABILITIES = ['nativeWebSearch', 'pdf'] as const;
export type ModelCapability = (typeof MODEL_CAPABILITIES)[number];

export const HOOK_NAMES = [
  'resolveModelContract',
  'validateInput',
  'resolveInput',
  'prepareApproval',
  'resolveTimeoutBudgetMs',
  'resolvePermissionCapability',
  'resolvePermissionRulePolicy',
  'formatModelContent',
  'formatModelBlocks',
  'formatPersistedModelContent',
] as const;
export type HookName = (typeof HOOK_NAMES)[number];

/**
 * How a cancelled call is cleaned up.
 * - `none`: nothing to clean; the runtime answers at once and drops the handler's late result.
 * - `abortSignal`: the handler's `AbortSignal` fires; the runtime waits up to the timeout's
 *   `cleanupGraceMs` for it to settle.
 * - `processTree`: as `abortSignal`, then every child process the handler registered through
 *   {@link ToolCallContext.trackProcess} is killed (SIGKILL to its process group).
 */
export const CANCELLATION_CLEANUP_LEVELS = ['none', 'abortSignal', 'processTree'] as const;
export type CancellationCleanup = (typeof CANCELLATION_CLEANUP_LEVELS)[number];

export const TRACE_GRANULARITIES = ['none', 'summary', 'full'] as const;
export type TraceGranularity = (typeof TRACE_GRANULARITIES)[number];

// ---------------------------------------------------------------------------------------------
// Contract sections
// ---------------------------------------------------------------------------------------------

/** A JSON Schema object as sent to the model (draft 2020-12 after normalisation). */
export type JsonSchema = { readonly [key: string]: unknown };

export interface ToolPermissionSpec {
  /** Permission name the permission layer keys rules on (e.g. `bash`, `file.write`). */
  readonly permission: string;
  /** Why the tool needs the permission; shown when asking the user. */
  readonly reason: string;
  readonly riskLevel: RiskLevel;
  readonly sideEffectScope: SideEffectScope;
  readonly needsApproval: boolean;
  /** Ask in every permission mode, yolo included. Default: false. */
  readonly alwaysAsk: boolean;
  /** Whether the approval prompt may offer "always allow". Default: true. */
  readonly askOptions: { readonly allowAlways: boolean };
  /** Input fields whose values permission rules match against (`Bash(rm:*)` matches `command`). */
  readonly patternSources: readonly string[];
  /** Input fields an "always allow" answer records a pattern from. */
  readonly alwaysAllowPatternSources: readonly string[];
  /** Whether deny rules are applied before or after asking. Default: `beforeAsk`. */
  readonly denyPriority: 'beforeAsk' | 'afterAsk';
}

export interface ToolResultBudget {
  /** Largest result kept inline in the transcript before it is spilled. */
  readonly maxInlineBytes: number;
  /** Most bytes of a result the model ever sees. */
  readonly maxModelBytes: number;
  /** `truncate`: cut and mark; `artifact`: write the whole result to a file and point to it. */
  readonly strategy: 'truncate' | 'artifact';
  readonly preview: { readonly maxBytes: number; readonly direction: 'head' | 'tail' };
  readonly artifact: {
    readonly enabled: boolean;
    readonly retention: 'turn' | 'session' | 'persistent';
  };
}

export type ToolTimeoutPolicy =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'bounded';
      readonly defaultMs: number;
      readonly maxMs: number;
      /** Whether a call may pass its own `timeout` (capped at `maxMs`). */
      readonly allowCallOverride: boolean;
      /** How long an aborted handler is given to clean up before the runtime answers. */
      readonly cleanupGraceMs: number;
    };

export interface ToolCancellationPolicy {
  readonly supported: boolean;
  readonly cleanup: CancellationCleanup;
  /** What the model is told when the user cancels the call. */
  readonly userMessage: string;
}

export interface ToolTracePolicy {
  readonly required: boolean;
  readonly input: TraceGranularity;
  readonly output: TraceGranularity;
}

/**
 * The registration gate's view of a tool. All conditions must hold; an absent list means
 * "no restriction".
 */
export interface ToolAvailability {
  /** Host ports that must be injected. */
  readonly ports: readonly HostPort[];
  /** Feature flags that must be on (the gate knows each flag's default). */
  readonly features: readonly FeatureFlag[];
  /** Session kinds the tool is registered in; empty means every kind. */
  readonly sessionKinds: readonly SessionKind[];
  /** Session kinds the tool is never registered in. */
  readonly excludedSessionKinds: readonly SessionKind[];
  /** Model capabilities required for the tool to be shown (checked by `getTools`, per model). */
  readonly modelCapabilities: readonly ModelCapability[];
  /**
   * Embedded search: the tool is not registered while the named tool is (Glob and Grep give way
   * to Bash, which searches with `find` and `grep`).
   */
  readonly supersededBy?: string;
}

export interface ToolMetadata {
  /** Provider-visible name, `^[A-Za-z0-9_-]{1,64}$`. */
  readonly name: string;
  /** Short human purpose (tables, reports); never sent to the model. */
  readonly purpose: string;
  /** Rendered as a `Usage:` list after the description. */
  readonly modelInstructions: readonly string[];
  /** Old names that still resolve; never sent to the model. */
  readonly aliases: readonly string[];
  /**
   * The tool this one was built from by the manifest's `extends` (Task: `Agent`). Session lists
   * and permission rules that name the base apply to this tool too, so a denied tool is not
   * reachable through its copy. Default: absent (no base).
   */
  readonly extends?: string;
  readonly readOnly: boolean;
  readonly destructive: boolean;
  readonly concurrentSafe: boolean;
  readonly sideEffectScope: SideEffectScope;
  readonly riskLevel: RiskLevel;
  readonly needsApproval: boolean;
  readonly requiresUserInteraction: boolean;
  readonly allowedInPlanMode: boolean;
  /** A terminal tool: a successful call ends the turn. */
  readonly stopTurnOnSuccess: boolean;
  /** `false` keeps the tool callable but out of the model's list (Task). */
  readonly providerVisible: boolean;
  /** Calling twice with the same input has the effect of calling once. */
  readonly idempotent: boolean;
  readonly recovery: RecoveryStrategy;
  /** Largest output the handler may produce before the runtime cuts it off. */
  readonly maxOutputBytes?: number;
}

/**
 * The one declaration of what a description template may use: each variable with its type
 * (`'string'`, `'number'`, `'boolean'`, a nested record, or `[record]` for a list of records).
 * {@link DescriptionContext} is derived from it, and the generator checks every template against
 * it, so a variable exists for the generator exactly when the runtime renders it.
 *
 * - `timeout.defaultMs`, `timeout.maxMs`: the timeout policy the host runs the tool with.
 * - `subagentProfiles[].name`, `.description`: the sub-agent profiles the host offers.
 * - `currentMonth`: e.g. `November 2026`.
 * - `dynamicWorkflows`: whether dynamic workflows are on.
 * - `model.supportsPdf`, `model.supportsNativeWebSearch`: capabilities of the model the list is
 *   for (Read describes PDFs only to models that can read them). Default: false.
 */
export const DESCRIPTION_CONTEXT_SHAPE = {
  timeout: { defaultMs: 'number', maxMs: 'number' },
  subagentProfiles: [{ name: 'string', description: 'string' }],
  currentMonth: 'string',
  dynamicWorkflows: 'boolean',
  model: { supportsPdf: 'boolean', supportsNativeWebSearch: 'boolean' },
} as const;

/** One type in a description-context shape (see {@link DESCRIPTION_CONTEXT_SHAPE}). */
export type DescriptionContextShape =
  | 'string'
  | 'number'
  | 'boolean'
  | readonly [DescriptionContextShape]
  | { readonly [name: string]: DescriptionContextShape };

/** The value type a {@link DescriptionContextShape} stands for. */
export type DescriptionContextValue<Shape> = Shape extends 'string'
  ? string
  : Shape extends 'number'
    ? number
    : Shape extends 'boolean'
      ? boolean
      : Shape extends readonly [infer Item]
        ? readonly DescriptionContextValue<Item>[]
        : { readonly [Key in keyof Shape]: DescriptionContextValue<Shape[Key]> };

/** Values a description template is rendered with, derived from {@link DESCRIPTION_CONTEXT_SHAPE}. */
export type DescriptionContext = DescriptionContextValue<typeof DESCRIPTION_CONTEXT_SHAPE>;

/**
 * Precompiled handlebars templates for the texts of a contract that vary with the context.
 * Keys are JSON pointers into the model-facing contract: `/description` for the tool
 * description, `/inputSchema/properties/timeout/description` for a parameter's description.
 */
export interface DescriptionTemplates {
  /** Template source per pointer (what the manifest says). */
  readonly sources: Readonly<Record<string, string>>;
  /** Render the template at `pointer`; throws for a pointer not in `sources`. */
  readonly render: (pointer: string, context: DescriptionContext) => string;
}

export interface ProviderNativeToolSpec {
  readonly provider: string;
  readonly type: string;
}

/** When a tool's definition is sent: `eager` in every request, `deferred` once a search finds it. */
export type ToolLoading = 'eager' | 'deferred';

/** A namespace of tools (manifest/tools.yaml `groups`). */
export interface ToolGroup {
  /** Lower-case namespace name, e.g. `workflows`. */
  readonly name: string;
  /** What the group's tools are for, as the model reads it. */
  readonly description: string;
}

/** The hints an MCP server's tool annotations give, as the server gave them. */
export interface McpToolHints {
  readonly title?: string;
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

/** What an MCP `tools/list` shows of a tool beyond its flags; every field optional. */
export interface ToolListing {
  /** Human-readable display name (MCP `title`). Default: the contract's purpose. */
  readonly title?: string;
  /** MCP `openWorldHint`. Default: the side-effect scope is `network` or `system`. */
  readonly openWorldHint?: boolean;
  /** MCP `execution.taskSupport`. Default: not stated. */
  readonly taskSupport?: 'forbidden' | 'optional' | 'required';
  /** MCP `_meta`, as given. Default: none. */
  readonly meta?: Readonly<Record<string, unknown>>;
}

/** Everything a tool declares. Generated modules `satisfy` this. */
export interface ToolContract<Input = unknown, Output = unknown> {
  readonly capability: string;
  readonly metadata: ToolMetadata;
  /** Description as the manifest wrote it (a template source when `descriptionTemplates` has `/description`). */
  readonly description: string;
  /** Present when the description or a parameter description is a template. */
  readonly descriptionTemplates?: DescriptionTemplates;
  /** JSON Schema sent to the model (normalised, draft 2020-12). */
  readonly inputSchema: JsonSchema;
  readonly outputSchema: JsonSchema;
  /**
   * zod schema the runtime validates calls with (defaults applied on success). A generated entry
   * reads it from its zod module, loaded with `loadImplementation` (see {@link lazyZodSchemas}):
   * the getter throws before that.
   */
  readonly runtimeInputSchema: ZodType<Input, ZodTypeDef, unknown>;
  readonly runtimeOutputSchema: ZodType<Output, ZodTypeDef, unknown>;
  /**
   * `inputSchema` states every check `runtimeInputSchema` makes (the generator's zod code has no
   * check JSON Schema cannot express, such as zod's own `.url()`): ajv alone, on a copy of the
   * input with the defaults applied, may then admit a call. Default (absent): zod and ajv both.
   */
  readonly inputSchemaExact?: boolean;
  /** Eligible for provider strict mode (eligibility only; adapters decide). */
  readonly strict: boolean;
  readonly executionMode: 'client' | 'provider';
  readonly providerNative?: ProviderNativeToolSpec;
  readonly permission: ToolPermissionSpec;
  readonly resultBudget: ToolResultBudget;
  readonly timeout: ToolTimeoutPolicy;
  readonly cancellation: ToolCancellationPolicy;
  readonly trace: ToolTracePolicy;
  readonly availability: ToolAvailability;
  /** `reference`: sorted alphabetically at the top of the list; `registration`: in order. */
  readonly ordering: 'reference' | 'registration';
  /** `deferred`: left out of requests until a tool search finds it. Default (absent): eager. */
  readonly loading?: ToolLoading;
  /** The namespace the tool belongs to, with its description. Default: none. */
  readonly group?: ToolGroup;
  /** Extra words a tool search finds the tool by. Default: none. */
  readonly searchHints?: readonly string[];
  /**
   * How an MCP listing shows the tool beyond its flags (manifest `title`, `annotations`,
   * `execution`, `_meta`). Default (absent): the purpose as title, annotations from the flags.
   */
  readonly listing?: ToolListing;
  /** Manifest this contract was generated from, relative to the project root. */
  readonly source: string;
  /**
   * Set only on entries projected from an MCP server's `tools/list`: the server and the tool name
   * as the server knows them (the provider-visible name may be sanitised or shortened), and the
   * annotations it gave, as it gave them (the gateway relays them unchanged; the model never
   * sees them).
   */
  readonly mcp?: {
    readonly server: string;
    readonly tool: string;
    readonly annotations?: McpToolHints;
  };
}

// ---------------------------------------------------------------------------------------------
// What the model sees
// ---------------------------------------------------------------------------------------------

export interface ModelToolFlags {
  readonly readOnly: boolean;
  readonly destructive: boolean;
  readonly concurrentSafe: boolean;
  readonly sideEffectScope: SideEffectScope;
  readonly riskLevel: RiskLevel;
  readonly needsApproval: boolean;
  readonly requiresUserInteraction: boolean;
  readonly allowedInPlanMode: boolean;
  readonly stopTurnOnSuccess: boolean;
  readonly idempotent: boolean;
}

/** A contract projected for the model: data only, never a function. */
export interface ModelToolContract {
  readonly name: string;
  /** Rendered description with the `Usage:` list appended. */
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema: JsonSchema;
  readonly strict: boolean;
  readonly executionMode: 'client' | 'provider';
  readonly providerNative?: ProviderNativeToolSpec;
  readonly flags: ModelToolFlags;
  readonly permission: ToolPermissionSpec;
  readonly resultBudget: ToolResultBudget;
  readonly maxOutputBytes?: number;
  /** Set for MCP tools: server and tool name as the server knows them. */
  readonly mcp?: { readonly server: string; readonly tool: string };
  /** `deferred`: sent only once a tool search finds it. Default (absent): eager. */
  readonly loading?: ToolLoading;
  /** The tool's namespace. Default: none. */
  readonly group?: ToolGroup;
  /** Extra words a tool search finds the tool by. Default: none. */
  readonly searchHints?: readonly string[];
}

/** The model the tool list is built for. */
export interface ModelProfile {
  readonly id: string;
  readonly provider: string;
  readonly supportsNativeWebSearch: boolean;
  readonly supportsPdf: boolean;
  /** Anthropic first-party model (strict mode is only sent to these). */
  readonly firstParty: boolean;
}

// ---------------------------------------------------------------------------------------------
// Calling a tool
// ---------------------------------------------------------------------------------------------

/** A failure a handler or hook reports on purpose; shown to the model as `<tool_use_error>`. */
export interface ToolFailure {
  readonly ok: false;
  /** One of the closed list in `tool-error-code.ts`. */
  readonly code: ToolErrorCode;
  readonly message: string;
}

export type ToolHandlerResult<Output> =
  { readonly ok: true; readonly output: Output } | ToolFailure;

export type ValidationOutcome = { readonly ok: true } | ToolFailure;

/** Host services a tool may call. Each is optional: the gate keeps tools off without them. */
export interface HostPortImplementations {
  readonly cron?: CronPort;
  readonly offPeak?: OffPeakPort;
  readonly subagent?: SubagentPort;
  readonly skill?: SkillPort;
  readonly workflow?: WorkflowPort;
  readonly nodeRepl?: NodeReplPort;
  readonly userInteraction?: UserInteractionPort;
  readonly sessions?: SessionContextPort;
  readonly models?: ModelCatalogPort;
  readonly webSearch?: WebSearchPort;
}

export interface CronPort {
  /** `recurring: false` runs the job once, at the next match, then deletes it. Default: true. */
  create(job: {
    readonly schedule: string;
    readonly prompt: string;
    readonly name?: string;
    readonly recurring?: boolean;
  }): Promise<{ readonly id: string }>;
  update(
    id: string,
    changes: { readonly schedule?: string; readonly prompt?: string; readonly enabled?: boolean },
  ): Promise<void>;
  delete(id: string): Promise<void>;
  list(): Promise<
    readonly {
      readonly id: string;
      readonly schedule: string;
      readonly prompt: string;
      readonly enabled: boolean;
      readonly recurring?: boolean;
    }[]
  >;
}

export interface OffPeakPort {
  create(task: {
    readonly prompt: string;
    readonly name?: string;
  }): Promise<{ readonly id: string }>;
  list(): Promise<
    readonly { readonly id: string; readonly prompt: string; readonly status: string }[]
  >;
}

export interface SubagentPort {
  /** Profiles the Agent description lists. */
  readonly profiles: readonly { readonly name: string; readonly description: string }[];
  readonly supportsMessaging: boolean;
  start(
    request: {
      readonly description: string;
      readonly prompt: string;
      readonly subagentType?: string;
      readonly runInBackground?: boolean;
    },
    signal: AbortSignal,
  ): Promise<{ readonly agentId: string; readonly result?: string }>;
  sendMessage?(to: string, message: string): Promise<void>;
  respondToCoordinator?(message: string): Promise<void>;
}

export interface SkillPort {
  load(name: string, args?: string): Promise<{ readonly content: string }>;
}

/** Dynamic workflows: authoring, runs and questions. */
export interface WorkflowPort {
  typecheck(script: string): Promise<readonly string[]>;
  create(request: {
    readonly script: string;
    readonly name?: string;
    readonly input?: unknown;
  }): Promise<{ readonly runId: string }>;
  amend(request: {
    readonly runId: string;
    readonly script: string;
  }): Promise<{ readonly runId: string }>;
  save(request: {
    readonly name: string;
    readonly script: string;
    readonly description?: string;
  }): Promise<{ readonly path: string }>;
  evalSnippet(
    request: { readonly script: string; readonly input?: unknown },
    signal: AbortSignal,
  ): Promise<{ readonly result: unknown; readonly logs: readonly string[] }>;
  listRuns(): Promise<
    readonly { readonly runId: string; readonly name: string; readonly status: string }[]
  >;
  /** `script`: the run's current script, when the host keeps it (AmendWorkflow previews a diff against it). */
  getRun(runId: string): Promise<{
    readonly runId: string;
    readonly status: string;
    readonly progress: unknown;
    readonly result?: unknown;
    readonly script?: string;
  }>;
  resumeRun(runId: string): Promise<{ readonly runId: string; readonly status: string }>;
  resolveQuestion(request: {
    readonly runId: string;
    readonly questionId: string;
    readonly answer: string;
  }): Promise<void>;
  listSaved(): Promise<
    readonly { readonly name: string; readonly description?: string; readonly path: string }[]
  >;
  submitResult?(result: unknown): Promise<void>;
  escalate?(request: {
    readonly question: string;
    readonly context?: string;
  }): Promise<{ readonly answer?: string }>;
}

export interface NodeReplPort {
  evaluate(code: string, signal: AbortSignal): Promise<{ readonly output: string }>;
}

export interface UserInteractionPort {
  /**
   * Shows the questions and resolves with one list of picked labels (or typed answers) per
   * question, in order. `header` is a short chip label; `optionDescriptions[i]` explains `options[i]`.
   */
  ask(
    questions: readonly {
      readonly question: string;
      readonly options: readonly string[];
      readonly multiSelect?: boolean;
      readonly header?: string;
      readonly optionDescriptions?: readonly string[];
    }[],
    signal: AbortSignal,
  ): Promise<readonly string[][]>;
  enterPlanMode(): Promise<void>;
  /** `feedback`: what the user said when reviewing the plan, if anything. */
  exitPlanMode(plan: string): Promise<{ readonly approved: boolean; readonly feedback?: string }>;
}

export interface SessionContextPort {
  read(
    sessionId: string,
    options: { readonly maxBytes: number },
  ): Promise<{ readonly content: string }>;
}

export interface ModelCatalogPort {
  list(): Promise<
    readonly { readonly id: string; readonly provider: string; readonly description?: string }[]
  >;
}

export interface WebSearchPort {
  search(
    query: string,
    options: {
      readonly allowedDomains?: readonly string[];
      readonly blockedDomains?: readonly string[];
    },
    signal: AbortSignal,
  ): Promise<
    readonly { readonly title: string; readonly url: string; readonly snippet?: string }[]
  >;
}

/** Per-session state shared by the workspace tools (todos, background tasks, file reads). */
export interface SessionState {
  todos: {
    content: string;
    status: 'pending' | 'in_progress' | 'completed';
    activeForm?: string;
  }[];
  /** Background shell tasks keyed by id (Bash `run_in_background`, TaskOutput, TaskStop). */
  readonly backgroundTasks: Map<string, BackgroundTask>;
  /** Files read in this session, keyed by `normalizeToolPathForComparison`, with the mtime seen. */
  readonly readFiles: Map<string, { readonly mtimeMs: number }>;
  /**
   * Deferred loading with the client-side `ToolSearch`: what a search may find and what it
   * found. Every tool session has one; absent for a bare `callTool` (a search then finds nothing).
   */
  readonly toolSearch?: SessionToolSearch;
}

/** A session's deferred tools and the ones a `ToolSearch` call found (see {@link SessionState}). */
export interface SessionToolSearch {
  /** The deferred tools as the session's model sees them (eager tools are never results). */
  candidates(): readonly ModelToolContract[];
  /**
   * Deferred tools found so far, in the order found: a search appends the results not yet in it,
   * and the following turns' lists send them at the end (`composeDeferredList`).
   */
  readonly discovered: string[];
}

export interface BackgroundTask {
  readonly id: string;
  readonly command: string;
  readonly startedAt: number;
  status: 'running' | 'completed' | 'failed' | 'killed';
  exitCode: number | null;
  output: string;
  /** Stops the task; resolves when it has exited. */
  stop(): Promise<void>;
}

/** What a handler and its hooks are given for one call. */
export interface ToolCallContext {
  /** Aborts on timeout or cancellation. */
  readonly signal: AbortSignal;
  /** Absolute workspace root. */
  readonly workspaceRoot: string;
  /** Absolute working directory of the session. */
  readonly workingDirectory: string;
  /** Directory artifacts (spilled results) are written to. */
  readonly artifactDirectory: string;
  /** Opt-in workspace boundary: paths resolving (through symlinks) outside it are refused. */
  readonly enforceWorkspaceBoundary: boolean;
  readonly ports: HostPortImplementations;
  readonly session: SessionState;
  readonly model?: ModelProfile;
  /**
   * The name the tool was called by, canonical (an alias resolved): `Task` when the model called
   * Task, although Task runs Agent's module — so messages name the tool the model used.
   */
  readonly toolName?: string;
  /** Effective timeout of this call in ms (`undefined` when the tool never times out). */
  readonly timeoutMs?: number;
  /**
   * The contract's `metadata.maxOutputBytes`: a handler that collects output (a process's
   * stdout) stops keeping more than this. `undefined` when the contract sets no limit.
   */
  readonly maxOutputBytes?: number;
  /** Register a child process so `processTree` cleanup can kill it. */
  trackProcess(pid: number): void;
}

/**
 * One block of what the model gets back: text, or media it can see or hear. `data` is base64.
 * Adapters pass media on as media (AI SDK content parts, MCP content blocks, Anthropic
 * `tool_result` blocks); a client that cannot take a kind reads its text description instead.
 */
export type ToolContentBlock =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'image'; readonly mediaType: string; readonly data: string }
  | { readonly type: 'audio'; readonly mediaType: string; readonly data: string }
  /** A document (a PDF's pages). */
  | {
      readonly type: 'document';
      readonly mediaType: string;
      readonly data: string;
      readonly title?: string;
    }
  /** An MCP resource: its text, or its bytes (`data`), or only where it is (`uri`). */
  | {
      readonly type: 'resource';
      readonly uri: string;
      readonly mediaType?: string;
      readonly text?: string;
      readonly data?: string;
    };

/** Result of recomputing a tool's permission-relevant capability from its input (Bash). */
export interface PermissionCapability {
  readonly readOnly: boolean;
  readonly riskLevel: RiskLevel;
  readonly needsApproval: boolean;
  readonly sideEffectScope: SideEffectScope;
}

/** How permission rules match one call: the values each pattern source holds. */
export interface PermissionRulePolicy {
  /** e.g. `{ command: ['git status', 'rm -rf x'] }` for a compound Bash command. */
  readonly matchValues: Readonly<Record<string, readonly string[]>>;
  /**
   * Why the tool cannot be sure `matchValues` name everything the call runs (a Bash command that
   * does not parse, `$cmd x`, `… | bash`). Then no allow rule allows the call, and while a pattern
   * deny rule applies to the tool no mode allows it without asking. Default: absent (certain).
   */
  readonly uncertain?: string;
  /**
   * Why no allow rule covers the call although `matchValues` name everything it runs: a Bash
   * command whose redirection writes to a file (no `Bash(…)` rule names the files a command
   * writes). Allow rules are skipped; deny and ask rules and the mode decide as usual. Default:
   * absent.
   */
  readonly beyondAllowRules?: string;
  /**
   * What `*` in the tool's rule patterns matches: `text` — any text, `/` included (a command line
   * is text, not a path; a pattern ending in ` *` also matches the text before it); `path`
   * (default) — a picomatch glob, where `*` stops at `/`.
   */
  readonly patternSyntax?: 'text' | 'path';
}

/** An approval preview attached by `prepareApproval`. */
export type ApprovalPreparation =
  | { readonly decision: 'unchanged' }
  | { readonly decision: 'allow' }
  | { readonly decision: 'ask'; readonly preview: string };

export type ToolHandler<Input, Output> = (
  input: Input,
  context: ToolCallContext,
) => Promise<ToolHandlerResult<Output>>;

/** The optional hooks a tool's hand-written module may export (names: {@link HOOK_NAMES}). */
export interface ToolHooks<Input, Output> {
  /**
   * Rewrite the model-facing contract per model (Read shows `pages` only to PDF models). Its
   * schemas, permission and budget may be frozen and shared with every other list: return new
   * objects along what changes (`{ ...contract, inputSchema: { ...schema, properties } }`).
   */
  readonly resolveModelContract?: (
    contract: ModelToolContract,
    model: ModelProfile,
  ) => ModelToolContract;
  /** Tool-specific semantic validation after schema validation. */
  readonly validateInput?: (
    input: Input,
    context: ToolCallContext,
  ) => ValidationOutcome | Promise<ValidationOutcome>;
  /** Normalise input into the facts of the execution about to happen. */
  readonly resolveInput?: (
    input: Input,
    context: ToolCallContext,
  ) => Promise<{ readonly ok: true; readonly input: Input } | ToolFailure>;
  /**
   * After permission decided `ask`: may allow, or attach a preview. It can never turn an
   * allow into an ask (the type has no way to say so).
   */
  readonly prepareApproval?: (
    input: Input,
    context: ToolCallContext,
  ) => Promise<ApprovalPreparation>;
  /** Compute the timeout from the input; `undefined` keeps the policy's value. */
  readonly resolveTimeoutBudgetMs?: (input: Input, policy: ToolTimeoutPolicy) => number | undefined;
  /**
   * Recompute the permission-relevant capability from the input (Bash: `ls` is read-only).
   * `undefined` keeps the declared capability (flags and permission of the contract).
   */
  readonly resolvePermissionCapability?: (input: Input) => PermissionCapability | undefined;
  readonly resolvePermissionRulePolicy?: (input: Input) => PermissionRulePolicy;
  /** Turn the handler's output into what the model reads. Default: JSON or the string itself. */
  readonly formatModelContent?: (output: Output) => string;
  /**
   * The output as content blocks, for outputs with media (Read's images and PDF pages, an MCP
   * server's images). Clients that take media get these; `formatModelContent` stays the text
   * for those that cannot. `undefined` or no media: the text alone.
   */
  readonly formatModelBlocks?: (output: Output) => readonly ToolContentBlock[] | undefined;
  /** Summary shown to the model when the whole result was spilled to `artifactPath`. */
  readonly formatPersistedModelContent?: (
    output: Output,
    artifactPath: string,
    totalBytes: number,
  ) => string;
}

/** A registered tool: contract, handler, hooks. */
export interface ToolEntry<Input = any, Output = any>
  extends ToolContract<Input, Output>, ToolHooks<Input, Output> {
  readonly handler: ToolHandler<Input, Output>;
  /**
   * Present when the hand-written module is imported on first use (generated entries: see
   * `lazyImplementation` below): imports it, and a generated entry's zod schemas with it
   * (`lazyZodSchemas`); resolves to the module. The handler, the asynchronous hooks and the
   * hooks that run before a handler work at any time; the output formatters
   * (`formatModelContent`, `formatModelBlocks`, `formatPersistedModelContent`) and a generated
   * entry's `runtimeInputSchema` / `runtimeOutputSchema` throw until it has resolved, which a
   * call awaits first.
   */
  readonly loadImplementation?: () => Promise<unknown>;
}

/** Type of what a tool's hand-written module in `runtime/tools/` exports. */
export type ToolImplementation<Input, Output> = ToolHooks<Input, Output> & {
  readonly handler: ToolHandler<Input, Output>;
};
