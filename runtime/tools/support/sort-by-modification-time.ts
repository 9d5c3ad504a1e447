/**
 * Newest first, as Glob and Grep list files: by modification time descending, ties by path in
 * code-unit order so the same tree always lists the same way. Files that vanish meanwhile drop out.
 */
import { stat } from 'node:fs/promises';
import { compareCodeUnits } from '../../core/support/compare-code-units.js';

export interface TimedPath {
  readonly path: string;
  readonly mtimeMs: number;
}

export async function sortByModificationTime(paths: readonly string[]): Promise<string[]> {
  const timed = await Promise.all(
    paths.map(async (path): Promise<TimedPath | undefined> => {
      try {
        return { path, mtimeMs: (await stat(path)).mtimeMs };
      } catch {
        return undefined;
      }
    }),
  );
  return timed
    .filter((entry): entry is TimedPath => entry !== undefined)
    .sort((left, right) => right.mtimeMs - left.mtimeMs || compareCodeUnits(left.path, right.path))
    .map((entry) => entry.path);
}
