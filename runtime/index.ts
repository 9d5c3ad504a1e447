/**
 * The package's main entry (`import … from 'tool-contracts'`): the runtime a host builds its
 * tool layer from — registry and visibility (`createToolRuntime`), the call path (`callTool`,
 * imported on its first call) and every contract type. The built-in tool set is `tool-contracts/tools`, the provider
 * adapters `tool-contracts/adapters`, the MCP bridge `tool-contracts/mcp`.
 */
export * from './core/contract.js';
export {
  createToolRuntime,
  ToolRuntime,
  type GetToolsContext,
  type ToolRuntimeOptions,
} from './core/tool-runtime.js';
export { callTool } from './call-path/call/call-tool-on-demand.js';
export type {
  CallToolContext,
  PreToolHook,
  PreToolHookDecision,
  ToolCall,
  ToolCallResult,
} from './call-path/call/call-tool.js';
export type { RegistrationGateInput } from './core/visibility/registration-gate.js';
export {
  createToolSession,
  ToolSessionClosedError,
  type PermissionRuleInput,
  type ToolSession,
  type ToolSessionCallOptions,
  type ToolSessionOptions,
  type ToolSessionPermissions,
  type ToolSessionRunOptions,
} from './call-path/session/index.js';
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
