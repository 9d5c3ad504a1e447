/**
 * OpenAI Responses API function tools: `{type: "function", name, description, parameters,
 * strict}` per client tool. `strict` is always sent: the Responses API treats a missing `strict`
 * as `true`, and optional parameters then come back as empty strings.
 *
 * - A turn's restriction is `tool_choice: {type: "allowed_tools", mode: "auto", tools: [{type:
 *   "function", name}]}`; `tools` stays the same.
 * - Parallel calls stay on (the provider's default; the executor orders them by their flags):
 *   `parallel_tool_calls: false` is sent only when the host asks (`parallelToolCalls: false`).
 * - Deferred tools get `defer_loading: true` and `{type: "tool_search"}` is listed last; the
 *   deferred tools of a manifest `group` are sent in one `{type: "namespace"}` entry (option
 *   `responsesNamespaces`).
 */
import type { ModelToolContract } from '../../core/contract.js';
import type {
  ProjectionNote,
  ProviderRequest,
  ProviderRequestOptions,
  SentTool,
} from './provider-request.js';
import { withoutProviderTools } from './without-provider-tools.js';
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

/**
 * A namespace: the deferred functions of one manifest `group`. The model sees the namespace's
 * name and description until the tool search loads the functions inside.
 */
export interface OpenAiResponsesNamespaceTool {
  readonly type: 'namespace';
  readonly name: string;
  readonly description: string;
  readonly tools: OpenAiResponsesFunctionTool[];
}

/** The Responses API's hosted tool search, sent when any tool is deferred. */
export interface OpenAiToolSearchTool {
  readonly type: 'tool_search';
}

/** The Responses API request fields this projection sets. */
export interface OpenAiResponsesToolsFragment {
  readonly tools: (
    OpenAiResponsesFunctionTool | OpenAiResponsesNamespaceTool | OpenAiToolSearchTool
  )[];
  readonly tool_choice?: {
    readonly type: 'allowed_tools';
    readonly mode: 'auto';
    readonly tools: { readonly type: 'function'; readonly name: string }[];
  };
  /** Sent only as `false`, when the host asks for one call per message. */
  readonly parallel_tool_calls?: false;
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
    tools: [
      ...(options.responsesNamespaces === false ? entries : inNamespaces(entries, listed)),
      ...search,
    ],
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
    ...(options.parallelToolCalls === false ? { parallel_tool_calls: false as const } : {}),
  };
  return { provider: 'openai-responses', request, tools, strict, notes };
}

/**
 * `entries` with the deferred ones of each group gathered into one namespace, placed where the
 * group's first deferred tool was (eager tools of a group stay plain functions: a namespace only
 * pays off for what the search loads).
 */
function inNamespaces(
  entries: readonly OpenAiResponsesFunctionTool[],
  listed: readonly ModelToolContract[],
): (OpenAiResponsesFunctionTool | OpenAiResponsesNamespaceTool)[] {
  const out: (OpenAiResponsesFunctionTool | OpenAiResponsesNamespaceTool)[] = [];
  const namespaces = new Map<string, OpenAiResponsesFunctionTool[]>();
  entries.forEach((entry, index) => {
    const group = listed[index]!.group;
    if (entry.defer_loading !== true || group === undefined) {
      out.push(entry);
      return;
    }
    const members = namespaces.get(group.name);
    if (members !== undefined) {
      members.push(entry);
      return;
    }
    const tools = [entry];
    namespaces.set(group.name, tools);
    out.push({ type: 'namespace', name: group.name, description: group.description, tools });
  });
  return out;
}
