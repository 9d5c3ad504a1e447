/**
 * The names a session list (`--allow`, `--deny`) or a permission rule may use for a tool: its
 * name, its aliases and the tool it was built from by `extends` — a copy follows its base's
 * rules (`--deny Agent` also removes Task), never the other way round.
 */
import type { ToolMetadata } from '../contract.js';

export function ruleSubjectNames(
  metadata: Pick<ToolMetadata, 'name' | 'aliases' | 'extends'>,
): readonly string[] {
  return metadata.extends === undefined
    ? [metadata.name, ...metadata.aliases]
    : [metadata.name, ...metadata.aliases, metadata.extends];
}
