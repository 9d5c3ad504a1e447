/**
 * The anchors of the MCP rows.
 * - {@link registerBaselineTools}: the MCP SDK's own high-level `McpServer` serving the tools a
 *   runtime lists — each registered with its zod input schema (the one our JSON Schema is
 *   generated from), its zod output schema where `tool-contracts serve` declares one, title,
 *   description and annotations.
 * - {@link baselineTools}: what a call runs on either baseline server — the tool's handler
 *   directly (no gate, validation beyond the SDK's, permission, budget or trace), its output
 *   worded as the tool words it for the model.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type {
  ModelProfile,
  ModelToolContract,
  SessionState,
  ToolCallContext,
  ToolEntry,
} from '../../runtime/core/contract.js';
import { toMcpTool } from '../../runtime/integrations/mcp/to-mcp-tool.js';
import type { ToolRuntime } from '../../runtime/core/tool-runtime.js';

/** Runs a listed tool's handler for a baseline server. */
export type BaselineToolCall = (
  input: unknown,
  extra: { readonly signal: AbortSignal },
) => Promise<CallToolResult>;

/**
 * The call of `contract`'s tool on a baseline server: the handler with a call context of
 * `workspace`, no boundary and no ports, and the server's one `session` state (what Read
 * records, Edit checks); `structuredContent` only where `serve` declares an output schema
 * (`withOutput`).
 */
function baselineToolCall(
  entry: ToolEntry,
  contract: ModelToolContract,
  model: ModelProfile,
  workspace: string,
  session: SessionState,
  withOutput: boolean,
): BaselineToolCall {
  return async (input, { signal }) => {
    const context: ToolCallContext = {
      signal,
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
      ...(withOutput ? { structuredContent: result.output as Record<string, unknown> } : {}),
    };
  };
}

/** A tool as both baseline servers serve it. */
export interface BaselineTool {
  readonly contract: ModelToolContract;
  readonly entry: ToolEntry;
  /** As `serve` lists it. */
  readonly listed: Tool;
  readonly call: BaselineToolCall;
}

/**
 * Every tool `runtime` lists for `model`, each with its baseline call; one session state for all
 * of them (what Read records, Edit checks), as `serve` has one session.
 */
export function baselineTools(
  runtime: ToolRuntime,
  model: ModelProfile,
  workspace: string,
): BaselineTool[] {
  const session: SessionState = { todos: [], backgroundTasks: new Map(), readFiles: new Map() };
  return runtime.getTools({ model }).map((contract) => {
    const entry = runtime.registry.get(contract.name)!;
    const listed = toMcpTool(contract, entry);
    const withOutput = listed.outputSchema !== undefined;
    return {
      contract,
      entry,
      listed,
      call: baselineToolCall(entry, contract, model, workspace, session, withOutput),
    };
  });
}

/** Register on `server` every tool `runtime` lists for `model`; returns their names. */
export function registerBaselineTools(
  server: McpServer,
  runtime: ToolRuntime,
  model: ModelProfile,
  workspace: string,
): string[] {
  const tools = baselineTools(runtime, model, workspace);
  for (const { contract, entry, listed, call } of tools) {
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
      call as never,
    );
  }
  return tools.map(({ contract }) => contract.name);
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
