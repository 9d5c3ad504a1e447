/**
 * The anchor of the MCP rows: the MCP SDK's own high-level `McpServer` serving the tools a
 * runtime lists — each registered with its zod input schema (the one our JSON Schema is
 * generated from), its zod output schema where `tool-contracts serve` declares one, title,
 * description and annotations; a call runs the tool's handler directly (no gate, validation
 * beyond the SDK's, permission, budget or trace).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ModelProfile, ToolCallContext } from '../../runtime/core/contract.js';
import { toMcpTool } from '../../runtime/integrations/mcp/to-mcp-tool.js';
import type { ToolRuntime } from '../../runtime/core/tool-runtime.js';

/** Register on `server` every tool `runtime` lists for `model`; returns their names. */
export function registerBaselineTools(
  server: McpServer,
  runtime: ToolRuntime,
  model: ModelProfile,
  workspace: string,
): string[] {
  const session = { todos: [], backgroundTasks: new Map(), readFiles: new Map() };
  const names: string[] = [];
  for (const contract of runtime.getTools({ model })) {
    const entry = runtime.registry.get(contract.name)!;
    const listed = toMcpTool(contract, entry);
    names.push(contract.name);
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
  return names;
}

interface ListedTools {
  readonly tools: readonly { readonly name: string }[];
}

/**
 * The `tools/list` handler `server` answers requests with, as its protocol layer dispatches
 * them (request parsing included). Synchronous work: the promise it returns is already settled
 * when it returns, so a caller times the call itself, without awaiting.
 */
export function sdkListHandler(server: McpServer): () => Promise<ListedTools> {
  const handlers = (
    server.server as unknown as {
      _requestHandlers: Map<string, (request: unknown, extra: unknown) => Promise<ListedTools>>;
    }
  )._requestHandlers;
  const handler = handlers.get('tools/list');
  if (handler === undefined) throw new Error('the SDK server has no tools/list handler');
  const request = { method: 'tools/list', params: {} };
  return () => handler(request, {});
}
