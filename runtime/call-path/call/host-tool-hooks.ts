/**
 * The host's pre-tool hooks and the one place they are matched to a call.
 *
 * A hook names the tools it applies to (`matcher`); `Task`, the hidden Claude-Code-compatible
 * copy of `Agent`, and `Agent` match each other (`hookMatcherApplies`), so a hook written for
 * either fires for both. Hooks run in order after the input is validated and the tool's own
 * `validateInput` / `resolveInput` ran, and before permission: a rewritten input is validated
 * again and is what permission judges and the handler gets; the first deny stops the call.
 */
import { hookMatcherApplies } from '../../core/hook-matcher-names.js';

/** What a pre-tool hook may answer: go on (optionally with a new input), or deny. */
export type PreToolHookDecision = { readonly input?: unknown } | { readonly deny: string };

/** Runs after the tool's own checks, before permission, with the canonical name and the input. */
export type PreToolHook = (
  name: string,
  input: unknown,
) => Promise<PreToolHookDecision | undefined | void>;

/** A host hook with the tools it applies to. */
export interface HostToolHook {
  /**
   * Canonical tool names the hook applies to (`Task` and `Agent` match each other). Absent or
   * containing `*`: every tool.
   */
  readonly matcher?: readonly string[];
  readonly preToolUse: PreToolHook;
}

/** Whether `hook` applies to a call of `toolName` (canonical). */
export function hostHookApplies(hook: HostToolHook, toolName: string): boolean {
  const { matcher } = hook;
  if (matcher === undefined || matcher.includes('*')) return true;
  return matcher.some((name) => hookMatcherApplies(name, toolName));
}

/** The hooks of `hooks` that apply to `toolName`, in order. */
export function matchHostHooks(
  hooks: readonly HostToolHook[],
  toolName: string,
): readonly HostToolHook[] {
  return hooks.filter((hook) => hostHookApplies(hook, toolName));
}
