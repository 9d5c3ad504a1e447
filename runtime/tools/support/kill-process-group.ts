/**
 * Ending a shell command together with everything it started: Bash children run in their own
 * process group (spawned `detached`), so one signal to the negative pid reaches the whole tree
 * (pipelines, background jobs of the script, sub-shells).
 */
import { timerDelayMs } from '../../core/support/timer-delay.js';

/** Send `signal` to every process of group `pgid`; `false` when the group no longer exists. */
export function signalProcessGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

/** Whether any process of group `pgid` is still alive (zombies included until reaped). */
export function processGroupExists(pgid: number): boolean {
  return signalProcessGroup(pgid, 0);
}

/**
 * SIGTERM to the group, then SIGKILL to whatever is left after `graceMs`: a polite stop lets
 * servers flush and remove lock files; the kill makes sure nothing outlives the call.
 * Resolves once the SIGKILL (if needed) was sent.
 */
export async function killProcessGroup(
  pgid: number,
  graceMs: number,
  exited: Promise<unknown>,
): Promise<void> {
  if (!signalProcessGroup(pgid, 'SIGTERM')) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    exited,
    new Promise<void>((resolve) => (timer = setTimeout(resolve, timerDelayMs(graceMs)))),
  ]);
  clearTimeout(timer);
  // Even if the leader exited, members of its group may remain (a trap ignoring TERM, a child).
  signalProcessGroup(pgid, 'SIGKILL');
}
