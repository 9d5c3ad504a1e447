/**
 * OpenAI Chat Completions function tools: `{type: "function", function: {name, description,
 * parameters, strict}}` per client tool, with `strict` always sent (true only for tools inside
 * OpenAI's strict subset; their `parameters` are the strict projection: closed objects, every
 * property required, optional ones nullable).
 *
 * - A turn's restriction is `tool_choice: {type: "allowed_tools", allowed_tools: {mode: "auto",
 *   tools: [{type: "function", function: {name}}]}}`; `tools` stays the same.
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

export function toOpenAiChatRequest(
  contracts: readonly ModelToolContract[],
  options: ProviderRequestOptions,
): ProviderRequest {
  const notes: ProjectionNote[] = [];
  const listed = withoutProviderTools(contracts, notes);
  const strict = decideStrict(listed, {
    provider: 'openai',
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
        function: {
          name: contract.name,
          description: contract.description,
          parameters: decision.schema,
          strict: decision.strict,
        },
      },
    };
  });
  const request: Record<string, unknown> = { tools: tools.map((tool) => tool.entry) };
  if (options.allowedTools !== undefined) {
    request['tool_choice'] = {
      type: 'allowed_tools',
      allowed_tools: {
        mode: 'auto',
        tools: allowedIn(listed, options.allowedTools).map((name) => ({
          type: 'function',
          function: { name },
        })),
      },
    };
  }
  if ((options.parallelToolCalls ?? 'from-flags') === 'from-flags')
    request['parallel_tool_calls'] = allConcurrentSafe(listed);
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
