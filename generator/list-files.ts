import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { compareCodeUnits } from '../runtime/support/compare-code-units.js';

/**
 * Every file below `directory` (recursively), as posix paths relative to `root`, sorted by code
 * unit: the same list on every machine whatever order the file system returns entries in.
 * A missing directory has no files.
 */
export async function listFiles(root: string, directory: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (relative: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(path.join(root, relative), { withFileTypes: true });
    } catch (error) {
      if (
        (error as NodeJS.ErrnoException).code === 'ENOENT' ||
        (error as NodeJS.ErrnoException).code === 'ENOTDIR'
      )
        return;
      throw error;
    }
    await Promise.all(
      entries.map(async (entry) => {
        const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
        if (entry.isDirectory()) await walk(child);
        else if (entry.isFile()) found.push(child);
      }),
    );
  };
  await walk(directory);
  return found.sort(compareCodeUnits);
}
