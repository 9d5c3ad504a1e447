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
