/**
 * Background shell tasks of a session (Bash `run_in_background`): started here, kept in
 * `session.backgroundTasks`, read by TaskOutput and stopped by TaskStop.
 *
 * A task outlives the call that started it, so its process is not registered with
 * `trackProcess` (that would kill it when the call is cancelled); {@link stopAllBackgroundTasks}
 * ends them with the session.
 */
import type { BackgroundTask, SessionState } from '../../core/contract.js';
import { startShellCommand, type RunningShellCommand } from './start-shell-command.js';
import { timerDelayMs } from '../../core/support/timer-delay.js';

/** A background task backed by a shell command of ours; `output` is read live from it. */
class ShellBackgroundTask implements BackgroundTask {
  readonly startedAt = Date.now();
  status: BackgroundTask['status'] = 'running';
  exitCode: number | null = null;
  /** Settles when the task has finished (any status but `running`). */
  readonly finished: Promise<void>;
  private stopping = false;

  constructor(
    readonly id: string,
    readonly command: string,
    private readonly run: RunningShellCommand,
  ) {
    this.finished = run.done.then(
      (result) => {
        this.exitCode = result.exitCode;
        this.status =
          this.stopping || result.interrupted
            ? 'killed'
            : result.exitCode === 0
              ? 'completed'
              : 'failed';
      },
      () => {
        this.status = 'failed';
      },
    );
  }

  get output(): string {
    return this.run.output();
  }

  get pid(): number {
    return this.run.pid;
  }

  async stop(): Promise<void> {
    if (this.status !== 'running') return;
    this.stopping = true;
    await this.run.stop().catch(() => undefined);
    await this.finished;
  }
}

export interface BackgroundTaskOptions {
  readonly command: string;
  readonly cwd: string;
  readonly maxOutputBytes: number;
}

/** The first free id of the form `bash_<n>`, counting from 1: short, readable, stable in tests. */
function nextTaskId(tasks: ReadonlyMap<string, BackgroundTask>): string {
  let number = tasks.size + 1;
  while (tasks.has(`bash_${number}`)) number += 1;
  return `bash_${number}`;
}

/** Start `command` in the background and register it in the session; returns the task. */
export function startBackgroundTask(
  session: SessionState,
  options: BackgroundTaskOptions,
): BackgroundTask & { readonly pid: number } {
  const id = nextTaskId(session.backgroundTasks);
  const task = new ShellBackgroundTask(id, options.command, startShellCommand(options));
  session.backgroundTasks.set(id, task);
  return task;
}

export type WaitOutcome = 'finished' | 'timeout' | 'aborted';

/** How often a task this module did not start is polled while waiting. */
const POLL_INTERVAL_MS = 50;

/**
 * Wait until `task` is no longer running, `timeoutMs` have passed, or `signal` aborts. Tasks
 * started here are awaited directly; others (another part of the host may register its own) are
 * polled.
 */
export async function waitForBackgroundTask(
  task: BackgroundTask,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<WaitOutcome> {
  if (task.status !== 'running') return 'finished';
  if (signal.aborted) return 'aborted';
  let timer: NodeJS.Timeout | undefined;
  let poller: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const finished =
    task instanceof ShellBackgroundTask
      ? task.finished.then(() => 'finished' as const)
      : new Promise<'finished'>((resolve) => {
          poller = setInterval(() => {
            if (task.status !== 'running') resolve('finished');
          }, POLL_INTERVAL_MS);
        });
  try {
    return await Promise.race([
      finished,
      new Promise<'timeout'>(
        (resolve) => (timer = setTimeout(() => resolve('timeout'), timerDelayMs(timeoutMs))),
      ),
      new Promise<'aborted'>((resolve) => {
        onAbort = () => resolve('aborted');
        signal.addEventListener('abort', onAbort, { once: true });
      }),
    ]);
  } finally {
    clearTimeout(timer);
    clearInterval(poller);
    if (onAbort !== undefined) signal.removeEventListener('abort', onAbort);
  }
}

/** Stop every running task of the session (at session end); resolves when all have exited. */
export async function stopAllBackgroundTasks(session: SessionState): Promise<void> {
  await Promise.all([...session.backgroundTasks.values()].map((task) => task.stop()));
}
