/**
 * Names a lifecycle-hook matcher compares against for a tool. `Task` is the hidden
 * Claude-Code-compatible copy of `Agent`, so a hook written for either must fire for both
 * (a fixed pair named by the article, not a rule derived from manifests).
 */
const HOOK_MATCHER_EQUIVALENTS: ReadonlyMap<string, readonly string[]> = new Map([
  ['Agent', ['Agent', 'Task']],
  ['Task', ['Task', 'Agent']],
]);

/** `name` first, then the names hooks treat as the same tool. */
export function hookMatcherNames(name: string): readonly string[] {
  return HOOK_MATCHER_EQUIVALENTS.get(name) ?? [name];
}

/** Whether a hook whose matcher names `matcherName` applies to a call of `toolName`. */
export function hookMatcherApplies(matcherName: string, toolName: string): boolean {
  return hookMatcherNames(toolName).includes(matcherName);
}
