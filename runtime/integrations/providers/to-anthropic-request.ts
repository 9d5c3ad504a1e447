/**
 * The Anthropic Messages API `tools` parameter (and `tool_choice`, when it says anything):
 * `{name, description, input_schema, strict?}` per client tool, in list order.
 *
 * - `input_schema` is the tool's schema (`$schema` dropped), or its strict projection when the
 *   tool is sent strict; `strict: true` is sent only then (absent means not strict here).
 * - The API has no way to restrict the callable set without changing `tools`, so a turn's
 *   restriction keeps the whole list (and the cached prefix): the excluded tools are noted
 *   (`restricted-by-refusal`) and the session refuses calls to them.
 * - Parallel calls stay on (the executor orders them by their flags); `tool_choice: {type: "auto",
 *   disable_parallel_tool_use: true}` only when the host asks (`parallelToolCalls: false`).
 * - `executionMode: provider` tools are left out (they are the provider's own server tools).
 * - Deferred tools get `defer_loading: true` and the BM25 tool search is listed last: the list
 *   (and so the cached prefix) stays the same while tools are found (`tool_reference` blocks).
 */
import type { ModelToolContract } from '../../core/contract.js';
import type {
  ProjectionNote,
  ProviderRequest,
  ProviderRequestOptions,
  SentTool,
} from './provider-request.js';
import { restrictionNotes } from './restriction-notes.js';
import { withoutProviderTools } from './without-provider-tools.js';
import { decideStrict } from './strict-decisions.js';

/** One client tool of the Messages API `tools` parameter. */
export interface AnthropicToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly input_schema: { readonly type: 'object'; readonly [keyword: string]: unknown };
  readonly strict?: true;
  /** Deferred: loaded only when the tool search finds it. */
  readonly defer_loading?: true;
}

/** Anthropic's server-side BM25 tool search, sent when any tool is deferred. */
export interface AnthropicToolSearchTool {
  readonly type: 'tool_search_tool_bm25_20251119';
  readonly name: 'tool_search_tool_bm25';
}

/** The Messages API request fields this projection sets. */
export interface AnthropicToolsFragment {
  readonly tools: (AnthropicToolDefinition | AnthropicToolSearchTool)[];
  readonly tool_choice?: { readonly type: 'auto'; readonly disable_parallel_tool_use: true };
}

export function toAnthropicRequest(
  contracts: readonly ModelToolContract[],
  options: ProviderRequestOptions,
): ProviderRequest<AnthropicToolsFragment> {
  const notes: ProjectionNote[] = [];
  const client = withoutProviderTools(contracts, notes);
  const listed = client;
  notes.push(...restrictionNotes(listed, options.allowedTools, 'the Messages API'));
  const strict = decideStrict(listed, { provider: 'anthropic', model: options.model });
  const entries = listed.map((contract, index): AnthropicToolDefinition => {
    const decision = strict[index]!;
    return {
      name: contract.name,
      description: contract.description,
      input_schema: decision.schema as AnthropicToolDefinition['input_schema'],
      ...(decision.strict ? { strict: true as const } : {}),
      ...(options.deferred?.has(contract.name) === true ? { defer_loading: true as const } : {}),
    };
  });
  const search: AnthropicToolSearchTool[] = entries.some((entry) => entry.defer_loading)
    ? [{ type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' }]
    : [];
  const tools: SentTool[] = [...entries, ...search].map((entry) => ({
    name: entry.name,
    sentName: entry.name,
    entry,
  }));
  const disableParallel = options.parallelToolCalls === false;
  const request: AnthropicToolsFragment = {
    tools: [...entries, ...search],
    ...(disableParallel
      ? { tool_choice: { type: 'auto' as const, disable_parallel_tool_use: true as const } }
      : {}),
  };
  return { provider: 'anthropic', request, tools, strict, notes };
}
