/**
 * Predicates over a call's side-effect scope (SPEC §5.1). They take the scope a call resolved to
 * (a tool's declared scope, or what `resolvePermissionCapability` recomputed from the input), so
 * callers ask about the call, not the tool.
 */
import type { SideEffectScope } from './contract.js';

/** What the predicates look at: the call's capability as declared or recomputed. */
export interface ToolCallScope {
  /** Absent when the tool declares no scope; the predicates then assume the worst. */
  readonly sideEffectScope?: SideEffectScope | undefined;
}

/** The scopes that change the workspace (files, repository, machine). */
const WORKSPACE_MUTATING_SCOPES: ReadonlySet<SideEffectScope> = new Set([
  'workspace',
  'git',
  'system',
]);

/** Protocol scopes: they talk to the session or the user, never to the outside world. */
const PROTOCOL_SCOPES: ReadonlySet<SideEffectScope> = new Set(['session', 'userInteraction']);

/**
 * Whether the call may change the workspace: scope `workspace`, `git` or `system`. An absent
 * scope counts as mutating, because a cache that wrongly assumes "no write" serves stale data.
 */
export function isWorkspaceMutatingToolCall(call: ToolCallScope): boolean {
  return call.sideEffectScope === undefined || WORKSPACE_MUTATING_SCOPES.has(call.sideEffectScope);
}

/**
 * Whether the call's answer depends on, or changes, anything outside the session: every scope
 * except `session` and `userInteraction`. A pure read (`none`) still touches the world: what
 * Read returns depends on the workspace. An absent scope counts as touching.
 */
export function isWorldTouchingToolCall(call: ToolCallScope): boolean {
  return call.sideEffectScope === undefined || !PROTOCOL_SCOPES.has(call.sideEffectScope);
}

/**
 * "Truly read-only" for scheduling: declared read-only and scope `none`. TodoWrite and Agent
 * declare `readOnly` but write session state (`session`), so they are not.
 */
export function isTrulyReadOnlyToolCall(
  call: ToolCallScope & { readonly readOnly: boolean },
): boolean {
  return call.readOnly && call.sideEffectScope === 'none';
}
