/**
 * OpenAI Chat Completions function tools: `{type: "function", function: {name, description,
 * parameters, strict}}` per client tool, with `strict` always sent (true only for tools inside
 * OpenAI's strict subset; their `parameters` are the strict projection: closed objects, every
 * property required, optional ones nullable).
 *
 * - A turn's restriction is `tool_choice: {type: "allowed_tools", allowed_tools: {mode: "auto",
 *   tools: [{type: "function", function: {name}}]}}`; `tools` stays the same.
 * - Parallel calls stay on (the provider's default; the executor orders them by their flags):
 *   `parallel_tool_calls: false` is sent only when the host asks (`parallelToolCalls: false`).
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

/** One Chat Completions function tool. */
export interface OpenAiChatFunctionTool {
  readonly type: 'function';
  readonly function: {
    readonly name: string;
    readonly description: string;
    readonly parameters: { readonly [keyword: string]: unknown };
    readonly strict: boolean;
  };
}

/** The Chat Completions request fields this projection sets. */
export interface OpenAiChatToolsFragment {
  readonly tools: OpenAiChatFunctionTool[];
  readonly tool_choice?: {
    readonly type: 'allowed_tools';
    readonly allowed_tools: {
      readonly mode: 'auto';
      readonly tools: { readonly type: 'function'; readonly function: { readonly name: string } }[];
    };
  };
  /** Sent only as `false`, when the host asks for one call per message. */
  readonly parallel_tool_calls?: false;
}

export function toOpenAiChatRequest(
  contracts: readonly ModelToolContract[],
  options: ProviderRequestOptions,
): ProviderRequest<OpenAiChatToolsFragment> {
  const notes: ProjectionNote[] = [];
  const listed = withoutProviderTools(contracts, notes);
  const strict = decideStrict(listed, {
    provider: 'openai',
    model: options.model,
    ...(options.closeOpenObjects === undefined
      ? {}
      : { closeOpenObjects: options.closeOpenObjects }),
  });
  const entries = listed.map((contract, index): OpenAiChatFunctionTool => ({
    type: 'function',
    function: {
      name: contract.name,
      description: contract.description,
      parameters: strict[index]!.schema,
      strict: strict[index]!.strict,
    },
  }));
  const tools: SentTool[] = entries.map((entry) => ({
    name: entry.function.name,
    sentName: entry.function.name,
    entry,
  }));
  const request: OpenAiChatToolsFragment = {
    tools: entries,
    ...(options.allowedTools === undefined
      ? {}
      : {
          tool_choice: {
            type: 'allowed_tools' as const,
            allowed_tools: {
              mode: 'auto' as const,
              tools: allowedIn(listed, options.allowedTools).map((name) => ({
                type: 'function' as const,
                function: { name },
              })),
            },
          },
        }),
    ...(options.parallelToolCalls === false ? { parallel_tool_calls: false as const } : {}),
  };
  return { provider: 'openai', request, tools, strict, notes };
}

/** The allowed names that are in the list, in list order (deterministic, whatever order `allowed` has). */
export function allowedIn(
  listed: readonly ModelToolContract[],
  allowed: readonly string[],
): string[] {
  const allowedSet = new Set(allowed);
  return listed.map((contract) => contract.name).filter((name) => allowedSet.has(name));
}
