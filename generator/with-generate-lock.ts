/**
 * One writing `generate` per project at a time. Several people (and `watch`) may run it in one
 * working tree; two interleaved swaps of `generated/` would make one of them fail half-way.
 *
 * The lock is a directory `.generated-lock` holding `owner.json` (pid, the process's start time
 * and host). It appears complete or not at all: it is built under a temporary name and renamed
 * into place. So a lock that is not a directory with a valid owner record (empty, garbage, a
 * file, the older `pid`-only format) was never a live lock of this version, and is taken over at
 * once; so is one whose owner has exited, or whose pid now belongs to another process (the
 * recorded start time differs). Nothing is ever left to block later runs for good.
 *
 * Remaining race, documented: two runs that both find the same stale lock each move it aside
 * (only one rename succeeds) and then compete for the free name by rename, which one wins.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { lstat, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

export const LOCK_DIRECTORY = '.generated-lock';
const OWNER_FILE = 'owner.json';

export interface LockOptions {
  /** Give up after waiting this long for a live owner. Default: 60 s. */
  readonly timeoutMs?: number;
  /** Poll interval while another run holds the lock. Default: 50 ms. */
  readonly pollMs?: number;
  /** Tests only: awaited at `lockStaged` (the lock built, not yet renamed into place). */
  readonly pause?: (point: 'lockStaged') => Promise<void>;
}

/** Who holds a lock. */
export interface LockOwner {
  readonly pid: number;
  /** Start time of the process (Linux: clock ticks since boot, `/proc/<pid>/stat` field 22). */
  readonly started: string | null;
  readonly host: string;
}

export async function withGenerateLock<T>(
  projectRoot: string,
  task: () => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  const lock = path.join(projectRoot, LOCK_DIRECTORY);
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const self: LockOwner = { pid: process.pid, started: startTimeOf(process.pid), host: hostname() };
  for (;;) {
    if (await tryAcquire(projectRoot, lock, self, options.pause)) break;
    const owner = await ownerOf(lock);
    if (owner === 'absent') continue;
    if (owner === 'invalid' || !isAlive(owner)) {
      await breakStaleLock(projectRoot, lock);
      continue;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `another generate is writing this project (pid ${owner.pid}; lock ${LOCK_DIRECTORY})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 50));
  }
  try {
    return await task();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** Builds the lock complete under a temporary name and renames it into place. */
async function tryAcquire(
  projectRoot: string,
  lock: string,
  self: LockOwner,
  faults: LockOptions['pause'],
): Promise<boolean> {
  const staging = path.join(projectRoot, `${LOCK_DIRECTORY}-new-${randomBytes(6).toString('hex')}`);
  await mkdir(staging);
  await faults?.('lockStaged');
  try {
    await writeFile(path.join(staging, OWNER_FILE), `${JSON.stringify(self)}\n`);
    // Fails when the lock exists: a non-empty directory (ENOTEMPTY/EEXIST) or a file (ENOTDIR).
    // An empty directory would be replaced, which is right: it is never a live lock.
    await rename(staging, lock);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ENOENT: the staging directory was cleaned away by a recovering run; just try again.
    if (['ENOTEMPTY', 'EEXIST', 'ENOTDIR', 'EISDIR', 'ENOENT'].includes(code ?? '')) return false;
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The owner of `lock`, `absent` when there is no lock, `invalid` when it is not a valid one. */
async function ownerOf(lock: string): Promise<LockOwner | 'absent' | 'invalid'> {
  try {
    const stats = await lstat(lock);
    if (!stats.isDirectory()) return 'invalid';
    const owner = JSON.parse(await readFile(path.join(lock, OWNER_FILE), 'utf8')) as unknown;
    return isOwner(owner) ? owner : 'invalid';
  } catch {
    // Gone since the rename failed (`absent`), or unreadable / not JSON (`invalid`).
    return (await lstat(lock).then(
      () => true,
      () => false,
    ))
      ? 'invalid'
      : 'absent';
  }
}

function isOwner(value: unknown): value is LockOwner {
  const owner = value as Partial<LockOwner> | null;
  return (
    typeof owner === 'object' &&
    owner !== null &&
    Number.isInteger(owner.pid) &&
    (owner.pid ?? 0) > 0 &&
    (owner.started === null || typeof owner.started === 'string') &&
    typeof owner.host === 'string'
  );
}

/**
 * Whether `owner` still runs: its pid exists and, where the start time can be read, it is the
 * same process (not a later one given the same pid). An owner on another host (a shared network
 * file system) cannot be checked and counts as alive.
 */
function isAlive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = startTimeOf(owner.pid);
  return owner.started === null || started === null || started === owner.started;
}

/** Moves a stale lock aside (one atomic rename; a competing run gets ENOENT) and deletes it. */
async function breakStaleLock(projectRoot: string, lock: string): Promise<void> {
  const aside = path.join(projectRoot, `${LOCK_DIRECTORY}-stale-${randomBytes(6).toString('hex')}`);
  try {
    await rename(lock, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  await rm(aside, { recursive: true, force: true });
}

/** Start time of process `pid` from `/proc/<pid>/stat` (field 22), or null where unavailable. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count after the last `)`.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}
