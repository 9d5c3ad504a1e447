/**
 * The path policy as a tool handler needs it: a resolved absolute path, or the policy's refusal
 * as a {@link ToolFailure} (its code and message kept), never a thrown error.
 */
import type { ToolCallContext, ToolFailure } from '../../core/contract.js';
import { PathPolicyError, resolveToolPath, resolveWorkspacePath } from '../../core/path-policy.js';

export type ResolvedToolPath = { readonly ok: true; readonly path: string } | ToolFailure;

/** {@link resolveToolPath}: the path, judged against the boundary when it is on. */
export async function resolvePathForTool(
  requestedPath: string,
  context: ToolCallContext,
): Promise<ResolvedToolPath> {
  try {
    return { ok: true, path: await resolveToolPath(requestedPath, context) };
  } catch (error) {
    return policyFailure(error);
  }
}

/**
 * {@link resolveWorkspacePath}: the path only, without touching the file system, for a handler
 * whose every access goes through `openToolPath`, which judges the boundary itself.
 */
export function resolveSpelledPathForTool(
  requestedPath: string,
  context: ToolCallContext,
): ResolvedToolPath {
  try {
    return { ok: true, path: resolveWorkspacePath(requestedPath, context) };
  } catch (error) {
    return policyFailure(error);
  }
}

/** A {@link PathPolicyError} as a failure; anything else is rethrown. */
export function policyFailure(error: unknown): ToolFailure {
  if (error instanceof PathPolicyError)
    return { ok: false, code: error.code, message: error.message };
  throw error;
}
