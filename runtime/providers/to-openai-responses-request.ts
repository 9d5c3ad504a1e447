/**
 * OpenAI Responses API function tools: `{type: "function", name, description, parameters,
 * strict}` per client tool. `strict` is always sent: the Responses API treats a missing `strict`
 * as `true`, and optional parameters then come back as empty strings.
 *
 * - A turn's restriction is `tool_choice: {type: "allowed_tools", mode: "auto", tools: [{type:
 *   "function", name}]}`; `tools` stays the same.
 * - `parallel_tool_calls` is sent, true only when every tool is `concurrentSafe`.
 * - Deferred tools get `defer_loading: true` and `{type: "tool_search"}` is listed last.
 */
import type { ModelToolContract } from '../contract.js';
import { allConcurrentSafe } from './all-concurrent-safe.js';
import type {
  ProjectionNote,
  ProviderRequest,
  ProviderRequestOptions,
  SentTool,
} from './provider-request.js';
import { withoutProviderTools } from './restrict-by-removal.js';
import { decideStrict } from './strict-decisions.js';
import { allowedIn } from './to-openai-chat-request.js';

/** One Responses API function tool. */
export interface OpenAiResponsesFunctionTool {
  readonly type: 'function';
  readonly name: string;
  readonly description: string;
  readonly parameters: { readonly [keyword: string]: unknown };
  readonly strict: boolean;
  /** Deferred: loaded only when `tool_search` finds it. */
  readonly defer_loading?: true;
}

/** The Responses API's hosted tool search, sent when any tool is deferred. */
export interface OpenAiToolSearchTool {
  readonly type: 'tool_search';
}

/** The Responses API request fields this projection sets. */
export interface OpenAiResponsesToolsFragment {
  readonly tools: (OpenAiResponsesFunctionTool | OpenAiToolSearchTool)[];
  readonly tool_choice?: {
    readonly type: 'allowed_tools';
    readonly mode: 'auto';
    readonly tools: { readonly type: 'function'; readonly name: string }[];
  };
  readonly parallel_tool_calls?: boolean;
}

export function toOpenAiResponsesRequest(
  contracts: readonly ModelToolContract[],
  options: ProviderRequestOptions,
): ProviderRequest<OpenAiResponsesToolsFragment> {
  const notes: ProjectionNote[] = [];
  const listed = withoutProviderTools(contracts, notes);
  const strict = decideStrict(listed, {
    provider: 'openai-responses',
    model: options.model,
    ...(options.closeOpenObjects === undefined
      ? {}
      : { closeOpenObjects: options.closeOpenObjects }),
  });
  const entries = listed.map((contract, index): OpenAiResponsesFunctionTool => ({
    type: 'function',
    name: contract.name,
    description: contract.description,
    parameters: strict[index]!.schema,
    strict: strict[index]!.strict,
    ...(options.deferred?.has(contract.name) === true ? { defer_loading: true as const } : {}),
  }));
  const search: OpenAiToolSearchTool[] = entries.some((entry) => entry.defer_loading)
    ? [{ type: 'tool_search' }]
    : [];
  const tools: SentTool[] = [
    ...entries.map((entry) => ({ name: entry.name, sentName: entry.name, entry })),
    ...search.map((entry) => ({ name: 'tool_search', sentName: 'tool_search', entry })),
  ];
  const request: OpenAiResponsesToolsFragment = {
    tools: [...entries, ...search],
    ...(options.allowedTools === undefined
      ? {}
      : {
          tool_choice: {
            type: 'allowed_tools' as const,
            mode: 'auto' as const,
            tools: allowedIn(listed, options.allowedTools).map((name) => ({
              type: 'function' as const,
              name,
            })),
          },
        }),
    ...((options.parallelToolCalls ?? 'from-flags') === 'from-flags'
      ? { parallel_tool_calls: allConcurrentSafe(listed) }
      : {}),
  };
  return { provider: 'openai-responses', request, tools, strict, notes };
}
