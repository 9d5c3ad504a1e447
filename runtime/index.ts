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
