import { stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';

/** `stat(path)`, or `undefined` when nothing exists there; other errors are thrown. */
export async function statIfExists(path: string): Promise<Stats | undefined> {
  try {
    return await stat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
