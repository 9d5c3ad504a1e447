/**
 * Deferred loading for request formats without a native tool search (OpenAI Chat Completions,
 * Gemini, the AI SDK): deferred tools are left out of the list, the built-in `ToolSearch` tool
 * (manifest/tools/tool-search.yaml, registered with the `toolSearch` feature flag) is listed
 * instead, and the tools a search finds are added to the following turns' lists **at the end**,
 * in the order they were found — so the prefix before them never changes.
 *
 * Ranking is deterministic: each query word (lower-cased, split on anything that is not a letter
 * or digit, a plural `s` dropped, {@link STOP_WORDS} left out) scores 3 in a tool's name (split at
 * its camel-case humps), 2 in its search hints and 1 in its description; ties go by name in
 * code-unit order, so the order tools were registered in never matters. At most 8 results
 * (Codex's cap).
 */
import type { ModelToolContract } from '../contract.js';
import { compareCodeUnits } from '../support/compare-code-units.js';

/** The built-in search tool's name. */
export const TOOL_SEARCH_NAME = 'ToolSearch';

/** Most results one search returns. */
export const TOOL_SEARCH_MAX_RESULTS = 8;

/** A deferred tool and the words it is found by. */
export interface SearchableTool {
  readonly name: string;
  readonly description: string;
  /** Extra words (the manifest's search hints; an MCP tool's server name). Default: none. */
  readonly hints?: readonly string[];
}

/** Query words that would match nearly every description: they never score. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  'a an and are as at be by can for from i in into is it its me my no not of on or so such that the their then this to use with you your'.split(
    ' ',
  ),
);

/** `runs` and `run` are one word; `class` and `status` keep their `s`. */
function stem(word: string): string {
  return word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)
    ? word.slice(0, -1)
    : word;
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .map(stem);
}

/** Names of the best matches for `query` among `tools`, best first (see the module comment). */
export function searchDeferredTools(
  query: string,
  tools: readonly SearchableTool[],
  limit = TOOL_SEARCH_MAX_RESULTS,
): string[] {
  const queryWords = [...new Set(words(query))].filter((word) => !STOP_WORDS.has(word));
  if (queryWords.length === 0) return [];
  const scored = tools.map((tool) => {
    const name = new Set(words(tool.name.replace(/([a-z])([A-Z])/g, '$1 $2')));
    const hints = new Set((tool.hints ?? []).flatMap(words));
    const description = new Set(words(tool.description));
    const score = queryWords.reduce(
      (sum, word) =>
        sum +
        (name.has(word) ? 3 : 0) +
        (hints.has(word) ? 2 : 0) +
        (description.has(word) ? 1 : 0),
      0,
    );
    return { name: tool.name, score };
  });
  return scored
    .filter((tool) => tool.score > 0)
    .sort((left, right) => right.score - left.score || compareCodeUnits(left.name, right.name))
    .slice(0, Math.min(limit, TOOL_SEARCH_MAX_RESULTS))
    .map((tool) => tool.name);
}

/** What {@link composeDeferredList} made of a turn's list. */
export interface DeferredList {
  readonly tools: ModelToolContract[];
  /** Deferred tools sent all the same because no `ToolSearch` is registered to find them. */
  readonly unsearchable: readonly string[];
}

/**
 * The list one turn sends with deferred loading done on the client: the eager tools in their
 * order, then `ToolSearch` (when anything is deferred), then the discovered tools in the order
 * they were found. A discovery only ever appends. `ToolSearch` is taken from `tools` (the
 * runtime registers it with the `toolSearch` feature flag) and left out when nothing is deferred;
 * without it, nothing could find the deferred tools, so they stay in the list (`unsearchable`).
 */
export function composeDeferredList(
  tools: readonly ModelToolContract[],
  deferred: ReadonlySet<string>,
  discovered: readonly string[],
): DeferredList {
  const search = tools.find((tool) => tool.name === TOOL_SEARCH_NAME);
  const listed = withoutToolSearch(tools);
  const pending = listed.filter((tool) => deferred.has(tool.name));
  if (pending.length === 0) return { tools: listed, unsearchable: [] };
  if (search === undefined)
    return { tools: listed, unsearchable: pending.map((tool) => tool.name) };
  const byName = new Map(listed.map((tool) => [tool.name, tool]));
  const found = discovered
    .filter((name, index) => deferred.has(name) && discovered.indexOf(name) === index)
    .map((name) => byName.get(name))
    .filter((tool) => tool !== undefined);
  return {
    tools: [...listed.filter((tool) => !deferred.has(tool.name)), search, ...found],
    unsearchable: [],
  };
}

/** `tools` without the client-side `ToolSearch` (formats with a native search never send it). */
export function withoutToolSearch(tools: readonly ModelToolContract[]): ModelToolContract[] {
  return tools.filter((tool) => tool.name !== TOOL_SEARCH_NAME);
}

/**
 * The `auto` policy: defer every MCP tool once the whole list's tokens pass `share` of the
 * context window (Claude Code's default: 10%). Returns the names to defer (none below the share).
 */
export function autoDeferredMcpTools(
  tools: readonly ModelToolContract[],
  listTokens: number,
  contextWindowTokens: number,
  share = 0.1,
): Set<string> {
  if (listTokens <= contextWindowTokens * share) return new Set();
  return new Set(tools.filter((tool) => tool.mcp !== undefined).map((tool) => tool.name));
}

/**
 * The names to defer: those the caller asks for (`list --defer`, the `auto` policy) and every tool
 * whose manifest says `loading: deferred`.
 */
export function deferredNames(
  tools: readonly Pick<ModelToolContract, 'name' | 'loading'>[],
  requested: ReadonlySet<string> = new Set(),
): Set<string> {
  const names = new Set(requested);
  for (const tool of tools) if (tool.loading === 'deferred') names.add(tool.name);
  return names;
}

/** What a search matches tools by: their manifest's `searchHints`, and an MCP tool's server name. */
export function searchableTools(
  tools: readonly Pick<ModelToolContract, 'name' | 'description' | 'searchHints' | 'mcp'>[],
): SearchableTool[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    hints: [...(tool.searchHints ?? []), ...(tool.mcp === undefined ? [] : [tool.mcp.server])],
  }));
}
