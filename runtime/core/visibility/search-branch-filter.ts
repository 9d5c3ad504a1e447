/**
 * Embedded search: a tool whose `availability.supersededBy` names another tool in the same set
 * gives way to it (Glob and Grep are dropped while Bash is there; searching then goes through
 * Bash's `find` and `grep`). Shared by the registration gate and `getTools`, so both always
 * apply the same branch.
 */

/** The part of a tool this filter reads. */
export interface SearchBranchTool {
  readonly metadata: { readonly name: string };
  readonly availability: { readonly supersededBy?: string | undefined };
}

export interface SearchBranchResult<T> {
  /** Tools kept, in input order. */
  readonly kept: T[];
  /** Tools dropped, with the tool they gave way to. */
  readonly superseded: { readonly tool: T; readonly by: string }[];
}

/**
 * Split `tools` into kept and superseded. With `embeddedSearch` off nothing is superseded.
 * A tool gives way only to a tool that is itself kept (so chains resolve), and a cycle of
 * `supersededBy` keeps its members rather than dropping them all.
 */
export function filterSearchBranch<T extends SearchBranchTool>(
  tools: readonly T[],
  embeddedSearch: boolean,
): SearchBranchResult<T> {
  if (!embeddedSearch) return { kept: [...tools], superseded: [] };
  const byName = new Map(tools.map((tool) => [tool.metadata.name, tool]));
  const inCycle = (tool: T): boolean => {
    let name = tool.availability.supersededBy;
    for (let steps = 0; name !== undefined && steps <= tools.length; steps += 1) {
      if (name === tool.metadata.name) return true;
      name = byName.get(name)?.availability.supersededBy;
    }
    return false;
  };
  const keptByName = new Map<string, boolean>();
  const isKept = (tool: T): boolean => {
    const known = keptByName.get(tool.metadata.name);
    if (known !== undefined) return known;
    const winnerName = tool.availability.supersededBy;
    const winner = winnerName === undefined ? undefined : byName.get(winnerName);
    const kept = winner === undefined || inCycle(tool) || !isKept(winner);
    keptByName.set(tool.metadata.name, kept);
    return kept;
  };
  const result: SearchBranchResult<T> = { kept: [], superseded: [] };
  for (const tool of tools) {
    if (isKept(tool)) result.kept.push(tool);
    else result.superseded.push({ tool, by: tool.availability.supersededBy! });
  }
  return result;
}
