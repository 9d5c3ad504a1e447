/**
 * ToolSearch: finds deferred tools by what they do (the ranking of `searchDeferredTools`) and adds
 * the matches to the session's discovered set, so the following turns' lists send them at the end.
 * It runs through the one call path like every tool (permission, trace, result budget).
 */
import type { Input, Output } from '../../generated/tools/tool-search.js';
import type { ToolImplementation } from '../core/contract.js';
import { searchableTools, searchDeferredTools } from '../core/visibility/deferred-tools.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input, context) => {
  const search = context.session.toolSearch;
  if (search === undefined) return { ok: true, output: { tools: [] } };
  const candidates = search.candidates();
  const byName = new Map(candidates.map((tool) => [tool.name, tool]));
  const found = searchDeferredTools(input.query, searchableTools(candidates));
  for (const name of found) if (!search.discovered.includes(name)) search.discovered.push(name);
  return {
    ok: true,
    output: {
      tools: found.map((name) => ({ name, description: byName.get(name)!.description })),
    },
  };
};

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) => {
  if (output.tools.length === 0) return 'No deferred tool matches these words.';
  const heading =
    output.tools.length === 1
      ? '1 tool found; it can be called from the next turn on:'
      : `${output.tools.length} tools found; they can be called from the next turn on:`;
  return [heading, ...output.tools.map((tool) => `- ${tool.name}: ${tool.description}`)].join('\n');
};
