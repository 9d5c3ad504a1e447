/**
 * Recovery after a `generate` that was killed (SIGKILL, power loss) while writing. The swap of
 * `generated/` is two renames (old → `.generated-old-*`, new `.generated-tmp-*` → `generated/`),
 * so a kill leaves one of these states, each repaired here at the start of the next run, before
 * anything reads `generated/` (the no-op hash, `check`'s comparison):
 *
 * | killed                              | on disk                               | recovery                     |
 * | ----------------------------------- | ------------------------------------- | ---------------------------- |
 * | while building the new directory    | `generated/`, a partial `-tmp-`       | `-tmp-` removed              |
 * | between the two renames             | no `generated/`, `-old-`, a `-tmp-`   | `-old-` renamed back, rest removed |
 * | after the swap, before the clean-up | new `generated/`, `-old-`             | `-old-` removed              |
 * | while writing a manifest schema     | `manifest/*.schema.json.tmp-*`        | removed                      |
 *
 * Killed between the renames, the old directory is restored rather than the new one moved in:
 * only the old one is known to be complete, and the next run regenerates anyway.
 */
import { lstat, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { LOCK_DIRECTORY } from './with-generate-lock.js';

/** Leftover lock staging directories older than this belong to no live run. */
const STALE_LOCK_STAGING_MS = 60_000;
const ATOMIC_TEMPORARY = /\.tmp-[0-9a-f]{12}$/;

/** Whether the project has anything {@link recoverGeneratedDirectory} would repair (cheap, no lock). */
export async function needsRecovery(
  projectRoot: string,
  directory: string,
  manifests = 'manifest',
): Promise<boolean> {
  const { parent, base } = siblingsOf(projectRoot, directory);
  const entries = await readdir(projectRoot).catch(() => [] as string[]);
  const siblings =
    parent === projectRoot ? entries : await readdir(parent).catch(() => [] as string[]);
  const manifest = await readdir(path.join(projectRoot, ...manifests.split('/'))).catch(
    () => [] as string[],
  );
  return (
    siblings.some((entry) => isLeftover(entry, base)) ||
    entries.some(isLockLeftover) ||
    manifest.some((entry) => ATOMIC_TEMPORARY.test(entry))
  );
}

/** The folder the swap's siblings live in and the generated folder's own name. */
function siblingsOf(projectRoot: string, directory: string): { parent: string; base: string } {
  const target = path.join(projectRoot, ...directory.split('/'));
  return { parent: path.dirname(target), base: path.basename(target) };
}

/**
 * Repairs what a killed run left behind (see the table above). Call it holding the generate
 * lock. Returns one sentence per repair, for the run's report.
 */
export async function recoverGeneratedDirectory(
  projectRoot: string,
  directory: string,
  manifests = 'manifest',
): Promise<string[]> {
  const repairs: string[] = [];
  const { parent, base } = siblingsOf(projectRoot, directory);
  const shown = (entry: string) => path.relative(projectRoot, path.join(parent, entry));
  const entries = (await readdir(parent).catch(() => [] as string[])).sort();
  const target = path.join(parent, base);
  const olds = entries.filter((entry) => entry.startsWith(`.${base}-old-`));
  const targetExists = await lstat(target).then(
    () => true,
    () => false,
  );
  if (!targetExists && olds.length > 0) {
    // Newest first: with the lock only one run swaps at a time, so there is at most one.
    const times = await Promise.all(
      olds.map(async (entry) => [entry, (await lstat(path.join(parent, entry))).mtimeMs] as const),
    );
    const [newest] = times.sort((left, right) => right[1] - left[1])[0]!;
    await rename(path.join(parent, newest), target);
    repairs.push(`restored ${directory}/ from ${shown(newest)} (a run was killed during the swap)`);
  }
  for (const entry of await readdir(parent).catch(() => [] as string[])) {
    if (isLeftover(entry, base)) {
      await rm(path.join(parent, entry), { recursive: true, force: true });
      repairs.push(`removed ${shown(entry)} (left by a killed run)`);
    }
  }
  for (const entry of await readdir(projectRoot)) {
    if (isLockLeftover(entry)) {
      const age = Date.now() - (await lstat(path.join(projectRoot, entry))).mtimeMs;
      if (entry.startsWith(`${LOCK_DIRECTORY}-stale-`) || age > STALE_LOCK_STAGING_MS) {
        await rm(path.join(projectRoot, entry), { recursive: true, force: true });
        repairs.push(`removed ${entry} (left by a killed run)`);
      }
    }
  }
  const manifest = path.join(projectRoot, ...manifests.split('/'));
  for (const entry of await readdir(manifest).catch(() => [] as string[])) {
    if (ATOMIC_TEMPORARY.test(entry)) {
      await rm(path.join(manifest, entry), { force: true });
      repairs.push(`removed ${manifests}/${entry} (left by a killed run)`);
    }
  }
  return repairs;
}

function isLeftover(entry: string, directory: string): boolean {
  return entry.startsWith(`.${directory}-tmp-`) || entry.startsWith(`.${directory}-old-`);
}

function isLockLeftover(entry: string): boolean {
  return entry.startsWith(`${LOCK_DIRECTORY}-new-`) || entry.startsWith(`${LOCK_DIRECTORY}-stale-`);
}
