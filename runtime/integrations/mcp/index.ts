/** `tool-contracts/mcp`: MCP server tools registered as contract-checked tool entries. */
export * from './register-mcp-tools.js';
export * from './create-mcp-tool-entry.js';
export * from './forward-to-mcp-server.js';
// Types the API above names.
export type {
  CallMcpTool,
  McpCallResult,
  McpToolAnnotations,
  McpToolDescriptor,
} from './mcp-tool-descriptor.js';
export type { McpLock, McpPinPolicy, PinnedDefinition } from './mcp-definition-lock.js';
