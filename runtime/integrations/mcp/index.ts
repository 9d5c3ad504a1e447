/** `tool-contracts/mcp`: MCP server tools registered as contract-checked tool entries. */
export * from './register-mcp-tools.js';
export * from './create-mcp-tool-entry.js';
export * from './forward-to-mcp-server.js';
