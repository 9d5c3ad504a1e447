/**
 * The order tools reach the model in (SPEC §5.3). The tool list is part of the prompt prefix:
 * any change of order loses the provider's prompt cache, so the order must be a function of the
 * tool set alone — never of the process locale, the file system, or when an MCP server connected.
 *
 * 1. the reference block: tools named in the sorted-name table, by code-unit order;
 * 2. the other built-ins, in registration order;
 * 3. MCP tools, by server name, then the tool's name on the server (code-unit order).
 */
import { compareCodeUnits } from '../support/compare-code-units.js';

/** What ordering reads of a tool. */
export interface OrderableTool {
  readonly name: string;
  /** Present on MCP tools. */
  readonly mcp?: { readonly server: string; readonly tool: string } | undefined;
}

export interface ProviderOrderOptions {
  /** The sorted-name table (`generated/provider-order.ts`: `SORTED_PROVIDER_TOOL_NAMES`). */
  readonly sortedNames: ReadonlySet<string>;
  /** Built-in tool names in registration order (`builtInTools`). Unknown names go last, stably. */
  readonly registrationOrder: readonly string[];
}

/** `tools` in provider order (a new array; the input is not changed). */
export function orderProviderVisibleTools<T extends OrderableTool>(
  tools: readonly T[],
  options: ProviderOrderOptions,
): T[] {
  const registrationIndex = new Map(options.registrationOrder.map((name, index) => [name, index]));
  const reference: T[] = [];
  const builtIn: T[] = [];
  const mcp: T[] = [];
  // (indexed: no iterator result per step while the loop is not optimised yet)
  for (let index = 0; index < tools.length; index += 1) {
    const tool = tools[index]!;
    if (tool.mcp !== undefined) mcp.push(tool);
    else if (options.sortedNames.has(tool.name)) reference.push(tool);
    else builtIn.push(tool);
  }
  const unknownIndex = options.registrationOrder.length;
  reference.sort((left, right) => compareCodeUnits(left.name, right.name));
  builtIn.sort(
    (left, right) =>
      (registrationIndex.get(left.name) ?? unknownIndex) -
      (registrationIndex.get(right.name) ?? unknownIndex),
  );
  mcp.sort(
    (left, right) =>
      compareCodeUnits(left.mcp!.server, right.mcp!.server) ||
      compareCodeUnits(left.mcp!.tool, right.mcp!.tool) ||
      compareCodeUnits(left.name, right.name),
  );
  return [...reference, ...builtIn, ...mcp];
}
