/**
 * One writing `generate` per project at a time. Several people (and `watch`) may run it in one
 * working tree; two interleaved swaps of `generated/` would make one of them fail half-way.
 * The lock is a directory (`mkdir` is atomic) holding the owner's pid; a lock whose owner is
 * no longer running is taken over.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const LOCK_DIRECTORY = '.generated-lock';

export interface LockOptions {
  /** Give up after waiting this long. Default: 60 s. */
  readonly timeoutMs?: number;
  /** Poll interval while another run holds the lock. Default: 50 ms. */
  readonly pollMs?: number;
}

export async function withGenerateLock<T>(
  projectRoot: string,
  task: () => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  const lock = path.join(projectRoot, LOCK_DIRECTORY);
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = await ownerOf(lock);
    if (owner !== undefined && !isRunning(owner)) {
      await rm(lock, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `another generate is writing this project (pid ${owner ?? 'unknown'}; lock ${LOCK_DIRECTORY})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 50));
  }
  try {
    await writeFile(path.join(lock, 'pid'), `${process.pid}\n`);
    return await task();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

async function ownerOf(lock: string): Promise<number | undefined> {
  try {
    const pid = Number((await readFile(path.join(lock, 'pid'), 'utf8')).trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    // Just created by its owner, pid not written yet.
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
