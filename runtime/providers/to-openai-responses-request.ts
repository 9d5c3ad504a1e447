/**
 * OpenAI Responses API function tools: `{type: "function", name, description, parameters,
 * strict}` per client tool. `strict` is always sent: the Responses API treats a missing `strict`
 * as `true`, and optional parameters then come back as empty strings.
 *
 * - A turn's restriction is `tool_choice: {type: "allowed_tools", mode: "auto", tools: [{type:
 *   "function", name}]}`; `tools` stays the same.
 * - `parallel_tool_calls` is sent, true only when every tool is `concurrentSafe`.
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

export function toOpenAiResponsesRequest(
  contracts: readonly ModelToolContract[],
  options: ProviderRequestOptions,
): ProviderRequest {
  const notes: ProjectionNote[] = [];
  const listed = withoutProviderTools(contracts, notes);
  const strict = decideStrict(listed, {
    provider: 'openai-responses',
    model: options.model,
    ...(options.closeOpenObjects === undefined
      ? {}
      : { closeOpenObjects: options.closeOpenObjects }),
  });
  const tools: SentTool[] = listed.map((contract, index) => {
    const decision = strict[index]!;
    return {
      name: contract.name,
      sentName: contract.name,
      entry: {
        type: 'function',
        name: contract.name,
        description: contract.description,
        parameters: decision.schema,
        strict: decision.strict,
      },
    };
  });
  const request: Record<string, unknown> = { tools: tools.map((tool) => tool.entry) };
  if (options.allowedTools !== undefined) {
    request['tool_choice'] = {
      type: 'allowed_tools',
      mode: 'auto',
      tools: allowedIn(listed, options.allowedTools).map((name) => ({ type: 'function', name })),
    };
  }
  if ((options.parallelToolCalls ?? 'from-flags') === 'from-flags')
    request['parallel_tool_calls'] = allConcurrentSafe(listed);
  return { provider: 'openai-responses', request, tools, strict, notes };
}
