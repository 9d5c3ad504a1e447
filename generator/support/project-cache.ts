/**
 * Entries of the generator's caches in `node_modules/.cache/tool-contracts/`: one JSON file per
 * kind and project (`<kind>-<hash of the project root>.json`) holding a content-hash key and a
 * value. The key hashes project-relative paths and contents only, so another project's entry
 * under the same key answers too (a second worktree, a temporary copy sharing this
 * `node_modules`). Entries of projects that no longer exist are dropped on every write. A
 * missing, broken or unwritable cache only costs speed. Imports only node built-ins.
 */
import { createHash } from 'node:crypto';
import { access, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { compareCodeUnits } from '../../runtime/core/support/compare-code-units.js';

/** Where the caches live, relative to the project root. */
export const PROJECT_CACHE_DIRECTORY = 'node_modules/.cache/tool-contracts';

/**
 * The value stored under `key` for `kind`: this project's entry first, then another project's.
 * `isValue` checks what was read (a file of another version of this package may hold anything).
 */
export async function readCacheEntry<T>(
  projectRoot: string,
  kind: string,
  key: string,
  isValue: (value: unknown) => value is T,
): Promise<T | undefined> {
  const own = entryFile(projectRoot, kind);
  const directory = path.dirname(own);
  const others = await readdir(directory).then(
    (names) =>
      names
        .filter((name) => isEntryName(kind, name))
        .sort(compareCodeUnits)
        .map((name) => path.join(directory, name))
        .filter((file) => file !== own),
    () => [],
  );
  for (const file of [own, ...others]) {
    try {
      const entry = JSON.parse(await readFile(file, 'utf8')) as { key?: unknown; value?: unknown };
      if (entry.key === key && isValue(entry.value)) return entry.value;
    } catch {
      // No entry yet, or a broken one: the next.
    }
  }
  return undefined;
}

/** Store `value` under `key` as this project's entry of `kind` (write, then rename). */
export async function writeCacheEntry(
  projectRoot: string,
  kind: string,
  key: string,
  value: unknown,
): Promise<void> {
  const file = entryFile(projectRoot, kind);
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(
      temporary,
      `${JSON.stringify({ key, projectRoot: path.resolve(projectRoot), value })}\n`,
    );
    await rename(temporary, file);
    await dropEntriesOfRemovedProjects(path.dirname(file), kind);
  } catch {
    // A read-only node_modules only costs speed.
    await rm(temporary, { force: true }).catch(() => undefined);
  }
}

function entryFile(projectRoot: string, kind: string): string {
  const project = createHash('sha256').update(path.resolve(projectRoot)).digest('hex').slice(0, 8);
  return path.join(projectRoot, PROJECT_CACHE_DIRECTORY, `${kind}-${project}.json`);
}

function isEntryName(kind: string, name: string): boolean {
  return new RegExp(`^${kind}-[0-9a-f]{8}\\.json$`).test(name);
}

/** Temporary projects sharing a `node_modules` leave entries behind; drop those of gone projects. */
async function dropEntriesOfRemovedProjects(directory: string, kind: string): Promise<void> {
  for (const name of await readdir(directory)) {
    if (!isEntryName(kind, name)) continue;
    const entry = path.join(directory, name);
    try {
      const { projectRoot } = JSON.parse(await readFile(entry, 'utf8')) as {
        projectRoot?: unknown;
      };
      if (typeof projectRoot === 'string' && (await exists(projectRoot))) continue;
    } catch {
      // Unreadable: drop it.
    }
    await rm(entry, { force: true });
  }
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
