/**
 * The path policy as a tool handler needs it: a resolved absolute path, or the policy's refusal
 * as a {@link ToolFailure} (its code and message kept), never a thrown error.
 */
import type { ToolCallContext, ToolFailure } from '../../contract.js';
import { PathPolicyError, resolveToolPath } from '../../path-policy.js';

export type ResolvedToolPath = { readonly ok: true; readonly path: string } | ToolFailure;

export async function resolvePathForTool(
  requestedPath: string,
  context: ToolCallContext,
): Promise<ResolvedToolPath> {
  try {
    return { ok: true, path: await resolveToolPath(requestedPath, context) };
  } catch (error) {
    if (error instanceof PathPolicyError)
      return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}
