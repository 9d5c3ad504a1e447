import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { compareCodeUnits } from '../../runtime/core/support/compare-code-units.js';

/** Options of {@link listFiles}. */
export interface ListFilesOptions {
  /**
   * Also list entries that are neither regular files nor directories (symbolic links, FIFOs,
   * sockets, devices), without following them. Default: false.
   */
  readonly allEntries?: boolean;
  /** Also list empty directories, as `path/`. Default: false. */
  readonly directories?: boolean;
}

/**
 * Every file below `directory` (recursively), as posix paths relative to `root`, sorted by code
 * unit: the same list on every machine whatever order the file system returns entries in.
 * A missing directory has no files.
 */
export async function listFiles(
  root: string,
  directory: string,
  options: ListFilesOptions = {},
): Promise<string[]> {
  const found: string[] = [];
  /** Lists `relative` into `found`; returns how many entries it held (0: empty or missing). */
  const walk = async (relative: string): Promise<number> => {
    let entries;
    try {
      entries = await readdir(path.join(root, relative), { withFileTypes: true });
    } catch (error) {
      if (
        (error as NodeJS.ErrnoException).code === 'ENOENT' ||
        (error as NodeJS.ErrnoException).code === 'ENOTDIR'
      )
        return 0;
      throw error;
    }
    await Promise.all(
      entries.map(async (entry) => {
        const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
        if (entry.isDirectory()) {
          // An empty directory is listed too (as `dir/`), so that creating one named like an
          // input (`manifest/tools/x.yaml/`) changes the listing.
          if ((await walk(child)) === 0 && options.directories) found.push(`${child}/`);
        } else if (entry.isFile() || options.allEntries) found.push(child);
      }),
    );
    return entries.length;
  };
  await walk(directory);
  return found.sort(compareCodeUnits);
}
