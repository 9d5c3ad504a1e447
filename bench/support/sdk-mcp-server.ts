/**
 * The MCP SDK's own high-level `McpServer` serving the same tools as `tool-contracts serve`
 * with the same flags (the baseline of bench/mcp-round-trip.bench.ts; see
 * register-baseline-tools.ts), over stdio. Arguments: the workspace, then the context flags of
 * `serve`.
 *
 * Run: node --import tsx bench/support/sdk-mcp-server.ts WORKSPACE [context flags]
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { parseArgs } from 'node:util';
import { gateInputFromOptions, CONTEXT_OPTIONS } from '../../cli/context-options.js';
import { builtInTools } from '../../generated/index.js';
import { SORTED_PROVIDER_TOOL_NAMES } from '../../generated/provider-order.js';
import type { ModelProfile } from '../../runtime/core/contract.js';
import { createToolRuntime } from '../../runtime/core/tool-runtime.js';
import { registerBaselineTools } from './register-baseline-tools.js';

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  options: CONTEXT_OPTIONS,
  allowPositionals: true,
});
const workspace = positionals[0] ?? process.cwd();
const model: ModelProfile = {
  id: 'unspecified',
  provider: 'anthropic',
  supportsNativeWebSearch: values['native-search'] === true,
  supportsPdf: values.pdf === true,
  firstParty: true,
};
const runtime = createToolRuntime({
  builtInTools,
  sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
  gate: gateInputFromOptions({ ...values, host: values.host ?? 'protocol' }),
  logger: { warn: () => {} },
});
// The baseline registers the tools' zod schemas, which load with the implementations.
await Promise.all(builtInTools.map((entry) => entry.loadImplementation?.()));
const server = new McpServer({ name: 'sdk-baseline', version: '0.0.0' });
registerBaselineTools(server, runtime, model, workspace);
await server.connect(new StdioServerTransport());
