/**
 * Read-before-write: Write and Edit may only change an existing file that was read in this
 * session and has not changed since (Claude Code semantics). The session's `readFiles` table is
 * keyed by {@link normalizeToolPathForComparison}, so two spellings of one path share an entry.
 */
import { statIfExists } from './stat-if-exists.js';
import type { SessionState, ToolFailure } from '../../core/contract.js';
import { normalizeToolPathForComparison } from '../../core/path-policy.js';
import { toolFailure } from './tool-failure.js';

/** Remember that `path` was read (or written) with this modification time. */
export function recordFileRead(session: SessionState, path: string, mtimeMs: number): void {
  session.readFiles.set(normalizeToolPathForComparison(path), { mtimeMs });
}

/** Why an existing file may not be changed now. */
export type StaleFileCode = 'file_not_read' | 'file_changed_since_read';

/**
 * `undefined` when the existing file at `path` (modified at `currentMtimeMs`) may be changed;
 * otherwise the failure telling the model to read it (again) first.
 */
export function checkReadBeforeWrite(
  session: SessionState,
  path: string,
  currentMtimeMs: number,
): ToolFailure | undefined {
  const seen = session.readFiles.get(normalizeToolPathForComparison(path));
  if (seen === undefined) {
    return toolFailure(
      'file_not_read',
      `${path} has not been read in this session. Read it with the Read tool before changing it.`,
    );
  }
  if (currentMtimeMs !== seen.mtimeMs) {
    return toolFailure(
      'file_changed_since_read',
      `${path} was modified after it was last read (by the user, a formatter or another process). Read it again before changing it.`,
    );
  }
  return undefined;
}

/** The modification time of `path`, or `undefined` when nothing exists there. */
export async function modificationTimeOf(path: string): Promise<number | undefined> {
  return (await statIfExists(path))?.mtimeMs;
}
