/**
 * The reader of `resultBudget.artifact.retention`: spilled results live as long as their
 * retention says, and the host calls this when a turn or a session ends.
 *
 * | retention    | deleted at the end of |
 * | ------------ | --------------------- |
 * | `turn`       | the turn (or the session, if the turn's clean-up was missed) |
 * | `session`    | the session           |
 * | `persistent` | never (the host or the user decides) |
 */
import { rm } from 'node:fs/promises';
import type { ToolResultArtifact } from './apply-result-budget.js';

export interface ArtifactCleanup {
  /** Paths deleted (or already gone). */
  readonly removed: readonly string[];
  /** The artifacts behind `removed`, in the same order. */
  readonly removedArtifacts: readonly ToolResultArtifact[];
  /** Artifacts still to be kept, including any that could not be deleted. */
  readonly kept: readonly ToolResultArtifact[];
  /** Deletions that failed, with the reason. */
  readonly failures: readonly { readonly path: string; readonly message: string }[];
}

/** Whether an artifact of `retention` expires when a `ended` is over. */
export function artifactExpires(
  retention: ToolResultArtifact['retention'],
  ended: 'turn' | 'session',
): boolean {
  switch (retention) {
    case 'turn':
      return true;
    case 'session':
      return ended === 'session';
    case 'persistent':
      return false;
  }
}

/** Delete the artifacts whose retention ends with the `ended` turn or session. */
export async function cleanupArtifacts(
  artifacts: readonly ToolResultArtifact[],
  ended: 'turn' | 'session',
): Promise<ArtifactCleanup> {
  const removedArtifacts: ToolResultArtifact[] = [];
  const kept: ToolResultArtifact[] = [];
  const failures: { path: string; message: string }[] = [];
  for (const artifact of artifacts) {
    if (!artifactExpires(artifact.retention, ended)) {
      kept.push(artifact);
      continue;
    }
    try {
      await rm(artifact.path, { force: true });
      removedArtifacts.push(artifact);
    } catch (error) {
      kept.push(artifact);
      failures.push({ path: artifact.path, message: (error as Error).message });
    }
  }
  return {
    removed: removedArtifacts.map((artifact) => artifact.path),
    removedArtifacts,
    kept,
    failures,
  };
}
