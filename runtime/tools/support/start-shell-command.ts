/**
 * Running one Bash command as a child process: `bash -c` in its own process group, stdin from
 * /dev/null, stdout and stderr written to one pipe (so they interleave exactly as written),
 * output capped with a {@link TailBuffer}. Used in the foreground by Bash and in the background
 * by background tasks.
 */
import { spawn } from 'node:child_process';
import { killProcessGroup } from './kill-process-group.js';
import { TailBuffer } from './tail-buffer.js';

/** How long a stopped command gets between SIGTERM and SIGKILL. */
export const STOP_GRACE_MS = 1000;
/**
 * After bash exits, how long to wait for its output pipe to close. A process it left running in
 * the background can hold the pipe open forever; its later output is not part of this result.
 */
export const PIPE_DRAIN_MS = 500;

export interface ShellCommandResult {
  /** Combined output (the last `maxOutputBytes` bytes when longer). */
  readonly output: string;
  /** Exit code, or null when killed by a signal. */
  readonly exitCode: number | null;
  /** The signal that ended bash, if any. */
  readonly signal: NodeJS.Signals | null;
  /** Stopped through {@link RunningShellCommand.stop} or the abort signal. */
  readonly interrupted: boolean;
  /** Bytes were dropped from the start of the output. */
  readonly outputTruncated: boolean;
}

export interface RunningShellCommand {
  /** Process id of bash, which is also the id of its process group. */
  readonly pid: number;
  /** The output so far (capped like the final result). */
  output(): string;
  /** Settles when bash has exited and its output was collected. */
  readonly done: Promise<ShellCommandResult>;
  /** Stop the whole process group (SIGTERM, then SIGKILL); resolves when bash has exited. */
  stop(): Promise<ShellCommandResult>;
}

export interface ShellCommandOptions {
  readonly command: string;
  readonly cwd: string;
  readonly maxOutputBytes: number;
  /** Aborting stops the command like {@link RunningShellCommand.stop}. */
  readonly signal?: AbortSignal;
}

/**
 * Start `command`. Rejects (through `done`) only when bash cannot be started at all; a failing
 * command is a result with its exit code.
 */
export function startShellCommand(options: ShellCommandOptions): RunningShellCommand {
  // The outer bash only redirects stderr into stdout and execs the real one, which keeps the
  // model's command text (and its line numbers in error messages) exactly as written.
  const child = spawn('bash', ['-c', 'exec bash -c "$1" 2>&1', 'bash', options.command], {
    cwd: options.cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const buffer = new TailBuffer(options.maxOutputBytes);
  let interrupted = false;
  child.stdout.on('data', (chunk: Buffer) => buffer.append(chunk));

  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code, signal) => resolve({ code, signal }));
    },
  );
  const done = exited.then(async ({ code, signal }) => {
    if (!child.stdout.readableEnded) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => child.stdout.once('close', () => resolve())),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, PIPE_DRAIN_MS))),
      ]);
      clearTimeout(timer);
      child.stdout.destroy();
    }
    options.signal?.removeEventListener('abort', onAbort);
    return {
      output: buffer.text(),
      exitCode: code,
      signal,
      interrupted,
      outputTruncated: buffer.truncated,
    } satisfies ShellCommandResult;
  });

  const stop = async (): Promise<ShellCommandResult> => {
    interrupted = true;
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      await killProcessGroup(
        child.pid,
        STOP_GRACE_MS,
        exited.catch(() => undefined),
      );
    }
    return done;
  };
  const onAbort = () => void stop().catch(() => undefined);
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });

  return {
    pid: child.pid ?? -1,
    output: () => buffer.text(),
    done,
    stop,
  };
}
