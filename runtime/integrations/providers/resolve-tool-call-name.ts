/**
 * From a provider's tool call back to the runtime's tool name. What the model calls is the sent
 * name (Gemini may rename), inside a namespace for the Responses API's deferred groups (the
 * `function_call` item carries `namespace` beside `name`), and what Anthropic's tool search finds
 * comes back as `tool_reference` blocks naming sent tools. Only what the request sent resolves:
 * a call to anything else, to a namespaced function without its namespace (or the other way
 * round), or to the provider's own search tool, is unknown, with a message saying why.
 */
import type { ProviderRequest, SentTool } from './provider-request.js';

/** A tool call as the provider returns it. */
export interface ProviderToolCall {
  /** The function name (`name` of an Anthropic `tool_use`, an OpenAI `function_call`, a Gemini `functionCall`). */
  readonly name: string;
  /** The Responses API's `namespace` of a call into a namespace. Default: none. */
  readonly namespace?: string | null | undefined;
}

export type ResolvedToolCall =
  | { readonly known: true; readonly name: string }
  | { readonly known: false; readonly message: string };

/** The runtime tool `call` names in `request` (see the module comment). */
export function resolveToolCallName(
  request: ProviderRequest<object>,
  call: ProviderToolCall,
): ResolvedToolCall {
  const namespace = call.namespace ?? undefined;
  const label = namespace === undefined ? call.name : `${namespace}.${call.name}`;
  const sent = request.tools.find(
    (tool) =>
      tool.sentName === call.name &&
      !isNativeToolSearch(tool) &&
      namespaceOf(request, tool) === namespace,
  );
  if (sent !== undefined) return { known: true, name: sent.name };
  const elsewhere = request.tools.find(
    (tool) => tool.sentName === call.name && !isNativeToolSearch(tool),
  );
  const inNamespace = elsewhere === undefined ? undefined : namespaceOf(request, elsewhere);
  return {
    known: false,
    message:
      elsewhere === undefined
        ? `the model called ${label}, which this ${request.provider} request did not send`
        : inNamespace === undefined
          ? `the model called ${label}, but ${call.name} was sent outside any namespace`
          : `the model called ${label}, but ${call.name} was sent in namespace ${inNamespace}`,
  };
}

/**
 * Anthropic tool search: the runtime names of the `tool_reference` blocks of a
 * `tool_search_tool_result`, in their order. Only deferred tools of the request can be found;
 * anything else is reported in `unknown` (the block's own `tool_name`).
 */
export function resolveToolReferences(
  request: ProviderRequest<object>,
  references: readonly { readonly tool_name: string }[],
): { readonly found: string[]; readonly unknown: string[] } {
  const found: string[] = [];
  const unknown: string[] = [];
  for (const reference of references) {
    const sent = request.tools.find(
      (tool) => tool.sentName === reference.tool_name && isDeferred(tool),
    );
    if (sent === undefined) unknown.push(reference.tool_name);
    else if (!found.includes(sent.name)) found.push(sent.name);
  }
  return { found, unknown };
}

function isDeferred(tool: SentTool): boolean {
  return (tool.entry as { defer_loading?: unknown }).defer_loading === true;
}

/** Anthropic's `tool_search_tool_*` and the Responses API's `tool_search` run at the provider. */
function isNativeToolSearch(tool: SentTool): boolean {
  const type = (tool.entry as { type?: unknown }).type;
  return (
    typeof type === 'string' && (type === 'tool_search' || type.startsWith('tool_search_tool_'))
  );
}

/** The Responses namespace whose `tools` hold `tool`'s entry, if any. */
function namespaceOf(request: ProviderRequest<object>, tool: SentTool): string | undefined {
  const entries = (request.request as { tools?: unknown }).tools;
  if (!Array.isArray(entries)) return undefined;
  for (const entry of entries as { type?: unknown; name?: unknown; tools?: unknown }[]) {
    if (
      entry.type === 'namespace' &&
      Array.isArray(entry.tools) &&
      entry.tools.includes(tool.entry)
    )
      return entry.name as string;
  }
  return undefined;
}
