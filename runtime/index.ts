/**
 * The main entry of `@tool-contracts/runtime`: what a host builds its tool layer from. A
 * `ToolRuntime` (`createToolRuntime`) holds the registered tools and answers what a model sees; a
 * tool session (`createToolSession`) is the one way to run them: every call goes through the
 * session's permission rules, approval, hooks, validation, budgets and timeouts. Nothing public
 * runs a handler any other way. The contract types are here too. The built-in tool set is the
 * package `@tool-contracts/tools`; the MCP bridge `@tool-contracts/runtime/mcp`, the provider
 * projections `@tool-contracts/runtime/providers` and the AI SDK adapter
 * `@tool-contracts/runtime/adapters`.
 */
export * from './contract.js';
export {
  createToolRuntime,
  ToolRuntime,
  type GetToolsContext,
  type ToolRuntimeOptions,
} from './core/tool-runtime.js';
export { createToolSession } from './call-path/session/create-tool-session-on-demand.js';
export { ToolSessionClosedError } from './call-path/session/tool-session-closed-error.js';
export type {
  PermissionRuleInput,
  ToolSession,
  ToolSessionCallOptions,
  ToolSessionOptions,
  ToolSessionPermissions,
  ToolSessionRunOptions,
} from './call-path/session/create-tool-session.js';
export type {
  CallToolContext,
  PreToolHook,
  PreToolHookDecision,
  ToolCall,
  ToolCallResult,
} from './call-path/call/call-tool.js';
export type { RegistrationGateInput } from './core/visibility/registration-gate.js';
export type {
  ApprovalAnswer,
  ApprovalRequest,
  RequestApproval,
} from './call-path/executor/authorize-tool-call.js';
export type { ExecutedToolCall, ToolBatchResult } from './call-path/executor/execute-tool-batch.js';
export {
  applyTurnFilter,
  planTurnTools,
  turnRestriction,
  type TurnContext,
  type TurnFilterMode,
  type TurnKind,
  type TurnPlan,
  type TurnRestriction,
} from './core/visibility/turn-filter.js';
export type { HostToolHook } from './call-path/call/host-tool-hooks.js';
// Types the API above names: a host can write them (a tracer, a logger, retry options, …).
export type { ToolRegistry, ToolRegistryOptions } from './core/tool-registry.js';
export type {
  RegistrationGateResult,
  RegistrationSkipReason,
  SkippedTool,
} from './core/visibility/registration-gate.js';
export type { DescriptionSettings } from './core/visibility/description-context.js';
export type { ComputerUseToken, ComputerUseVerifier } from './core/computer-use-verifier.js';
export type { RuntimeLogger } from './core/runtime-logger.js';
export type {
  ParsedRule,
  PermissionRuleMatch,
  PermissionRuleProblem,
} from './core/rules/parse-permission-rule.js';
export type {
  PermissionDecision,
  PermissionMode,
  PermissionReason,
} from './call-path/permission/evaluate-permission.js';
export type {
  AuthorizeCall,
  AuthorizeCallRequest,
  CallAuthorization,
} from './call-path/call/call-tool.js';
export type { ArtifactCleanup } from './call-path/call/cleanup-artifacts.js';
export type {
  AdmissionResult,
  JsonSchemaAdmission,
} from './call-path/call/json-schema-admission.js';
export type {
  ArtifactRetention,
  ToolResultArtifact,
} from './call-path/call/apply-result-budget.js';
export type {
  ToolTraceEvent,
  ToolTracer,
  ToolTraceStep,
  TraceRecord,
} from './call-path/call/trace-tool-call.js';
export type {
  CustomIssue,
  InvalidFormatIssue,
  InvalidTypeIssue,
  InvalidUnionIssue,
  InvalidValueIssue,
  IssueBound,
  IssuePath,
  IssuePrimitive,
  NotMultipleOfIssue,
  SizeOrigin,
  TooBigIssue,
  TooSmallIssue,
  UnrecognizedKeysIssue,
  Zod4Issue,
} from './call-path/call/zod4-issue.js';
export type { PermissionOutcome } from './call-path/executor/authorize-tool-call.js';
export type { BatchStep } from './call-path/executor/plan-tool-batch.js';
export type { CallEffects } from './call-path/executor/resolve-call-effects.js';
export type { RecoveryGuidance, RetryOptions } from './call-path/executor/recovery-policy.js';
