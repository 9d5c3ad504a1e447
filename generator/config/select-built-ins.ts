/**
 * Which of the package's built-in tools a project registers beside its own, by its config's
 * `builtIns`: all, none or the named ones (in the package's registration order). `list`, `call`,
 * `serve` and the model view of `generate` use the same selection.
 */
import type { ToolEntry } from '../../runtime/core/contract.js';
import type { ProjectConfig } from './project-config.js';

export type BuiltInSelection = ProjectConfig['builtIns'];

/** Names of `selection` the package has no built-in tool for (empty for "all" and "none"). */
export function unknownBuiltIns(
  builtInTools: readonly ToolEntry[],
  selection: BuiltInSelection,
): string[] {
  if (!Array.isArray(selection)) return [];
  const known = new Set(builtInTools.map((tool) => tool.metadata.name));
  return selection.filter((name) => !known.has(name));
}

export function selectBuiltIns(
  builtInTools: readonly ToolEntry[],
  selection: BuiltInSelection,
): readonly ToolEntry[] {
  if (selection === 'all') return builtInTools;
  if (selection === 'none') return [];
  const names = new Set(selection);
  return builtInTools.filter((tool) => names.has(tool.metadata.name));
}
