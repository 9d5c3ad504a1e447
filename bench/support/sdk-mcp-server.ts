/**
 * The MCP SDK's own high-level `McpServer` serving the same tools as `tool-contracts serve`
 * with the same flags (the bench's baseline): each tool registered with its zod input schema
 * (the one our JSON Schema is generated from), output schema where serve declares one, title,
 * description and annotations; a call runs
 * the tool's handler directly — no gate, validation beyond the SDK's, permission, budget or
 * trace. Stdio. Arguments: the workspace, then the context flags of `serve`.
 *
 * Run: node --import tsx bench/support/sdk-mcp-server.ts WORKSPACE [context flags]
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { parseArgs } from 'node:util';
import { gateInputFromOptions, CONTEXT_OPTIONS } from '../../cli/context-options.js';
import { builtInTools } from '../../generated/index.js';
import { SORTED_PROVIDER_TOOL_NAMES } from '../../generated/provider-order.js';
import type { ModelProfile, ToolCallContext } from '../../runtime/contract.js';
import { toMcpTool } from '../../runtime/mcp/to-mcp-tool.js';
import { createToolRuntime } from '../../runtime/tool-runtime.js';

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
const server = new McpServer({ name: 'sdk-baseline', version: '0.0.0' });
const session = { todos: [], backgroundTasks: new Map(), readFiles: new Map() };
for (const contract of runtime.getTools({ model })) {
  const entry = runtime.registry.get(contract.name)!;
  const listed = toMcpTool(contract, entry);
  server.registerTool(
    contract.name,
    {
      title: listed.title!,
      description: contract.description,
      inputSchema: entry.runtimeInputSchema as never,
      // Where serve declares an output schema, so does the baseline (clients compile both).
      ...(listed.outputSchema === undefined
        ? {}
        : { outputSchema: entry.runtimeOutputSchema as never }),
      annotations: listed.annotations!,
    },
    (async (input: unknown, extra: { signal: AbortSignal }) => {
      const context: ToolCallContext = {
        signal: extra.signal,
        workspaceRoot: workspace,
        workingDirectory: workspace,
        artifactDirectory: workspace,
        enforceWorkspaceBoundary: false,
        ports: {},
        session,
        model,
        toolName: contract.name,
        trackProcess: () => {},
      };
      const result = await entry.handler(input as never, context);
      if (!result.ok) return { content: [{ type: 'text', text: result.message }], isError: true };
      const text =
        entry.formatModelContent?.(result.output as never) ?? JSON.stringify(result.output);
      return {
        content: [{ type: 'text', text: String(text) }],
        ...(listed.outputSchema === undefined ? {} : { structuredContent: result.output }),
      };
    }) as never,
  );
}
await server.connect(new StdioServerTransport());
