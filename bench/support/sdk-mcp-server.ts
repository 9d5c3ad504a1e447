/**
 * The baselines of bench/mcp-round-trip.bench.ts, over stdio, serving the same tools as
 * `tool-contracts serve` with the same flags. Arguments: the workspace, then the context flags of
 * `serve`, and `--bare` for the floor instead of `McpServer`:
 * - default: the MCP SDK's own high-level `McpServer` (see register-baseline-tools.ts);
 * - `--bare`: the SDK's low-level `Server` with two handlers — `tools/list` answers the listed
 *   tools, `tools/call` runs the tool's handler with no validation at all. No server built on the
 *   SDK's `Server` does less, so its round trip is the floor of any such server.
 *
 * Run: node --import tsx bench/support/sdk-mcp-server.ts WORKSPACE [--bare] [context flags]
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { parseArgs } from 'node:util';
import { gateInputFromOptions, CONTEXT_OPTIONS } from '../../cli/context-options.js';
import { builtInTools } from '../../generated/index.js';
import { SORTED_PROVIDER_TOOL_NAMES } from '../../generated/provider-order.js';
import type { ModelProfile } from '../../runtime/core/contract.js';
import { createToolRuntime, type ToolRuntime } from '../../runtime/core/tool-runtime.js';
import { baselineTools, registerBaselineTools } from './register-baseline-tools.js';

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  options: { ...CONTEXT_OPTIONS, bare: { type: 'boolean' } },
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

if (values.bare === true) await bareServer(runtime).connect(new StdioServerTransport());
else {
  const server = new McpServer({ name: 'sdk-baseline', version: '0.0.0' });
  registerBaselineTools(server, runtime, model, workspace);
  await server.connect(new StdioServerTransport());
}

/** The floor: the SDK's `Server` listing the tools and running their handlers, nothing else. */
function bareServer(runtime: ToolRuntime): Server {
  const server = new Server(
    { name: 'sdk-floor', version: '0.0.0' },
    { capabilities: { tools: {} } },
  );
  const served = baselineTools(runtime, model, workspace);
  const tools = served.map(({ listed }) => listed);
  const calls = new Map(served.map(({ contract, call }) => [contract.name, call]));
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const call = calls.get(request.params.name);
    if (call === undefined)
      throw new McpError(ErrorCode.InvalidParams, `Tool ${request.params.name} not found`);
    return call(request.params.arguments ?? {}, extra);
  });
  return server;
}
