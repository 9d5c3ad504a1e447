/**
 * The Anthropic Messages API `tools` parameter (and `tool_choice`, when it says anything):
 * `{name, description, input_schema, strict?}` per client tool, in list order.
 *
 * - `input_schema` is the tool's schema (`$schema` dropped), or its strict projection when the
 *   tool is sent strict; `strict: true` is sent only then (absent means not strict here).
 * - The API has no way to restrict the callable set without changing `tools`, so a turn's
 *   restriction removes the tools it excludes (a prefix change, noted).
 * - Parallel calls: `tool_choice: {type: "auto", disable_parallel_tool_use: true}` when a tool of
 *   the request is not `concurrentSafe`.
 * - `executionMode: provider` tools are left out (they are the provider's own server tools).
 */
import type { ModelToolContract } from '../contract.js';
import { allConcurrentSafe } from './all-concurrent-safe.js';
import type {
  ProjectionNote,
  ProviderRequest,
  ProviderRequestOptions,
  SentTool,
} from './provider-request.js';
import { restrictByRemoval, withoutProviderTools } from './restrict-by-removal.js';
import { decideStrict } from './strict-decisions.js';

export function toAnthropicRequest(
  contracts: readonly ModelToolContract[],
  options: ProviderRequestOptions,
): ProviderRequest {
  const notes: ProjectionNote[] = [];
  const client = withoutProviderTools(contracts, notes);
  const listed = restrictByRemoval(client, options.allowedTools, notes);
  const strict = decideStrict(listed, { provider: 'anthropic', model: options.model });
  const tools: SentTool[] = listed.map((contract, index) => {
    const decision = strict[index]!;
    return {
      name: contract.name,
      sentName: contract.name,
      entry: {
        name: contract.name,
        description: contract.description,
        input_schema: decision.schema,
        ...(decision.strict ? { strict: true } : {}),
      },
    };
  });
  const request: Record<string, unknown> = { tools: tools.map((tool) => tool.entry) };
  if ((options.parallelToolCalls ?? 'from-flags') === 'from-flags' && !allConcurrentSafe(listed))
    request['tool_choice'] = { type: 'auto', disable_parallel_tool_use: true };
  return { provider: 'anthropic', request, tools, strict, notes };
}
