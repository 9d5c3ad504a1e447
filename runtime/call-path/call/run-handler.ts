/**
 * Run a handler under the call's timeout and the host's cancellation signal, honouring the
 * contract's cancellation policy.
 *
 * On timeout the handler's `AbortSignal` fires (reason: a `TimeoutError` DOMException) and the
 * cleanup level decides what happens next:
 * - `none`: answer at once; whatever the handler does later is dropped.
 * - `abortSignal`: wait up to `cleanupGraceMs` for the handler to settle, then answer.
 * - `processTree`: as `abortSignal`, then SIGKILL every process group registered through
 *   `trackProcess` (the process itself where groups are not supported).
 *
 * On cancellation by the host (its signal aborts):
 * - `cancellation.supported: true`: the handler's signal fires (reason: an `AbortError`
 *   DOMException) and the cleanup level applies as above.
 * - `cancellation.supported: false`: the handler is *not* interrupted, because the tool has said
 *   it cannot stop safely half-way. With cleanup `none` the runtime answers at once and the
 *   handler finishes unobserved; otherwise the runtime waits for it to finish (its timeout still
 *   applies) before answering. Either way the answer is "cancelled".
 *
 * A handler that has settled normally is left alone: processes it started on purpose (a
 * background task) survive the call.
 */
import type {
  CancellationCleanup,
  ToolCancellationPolicy,
  ToolHandlerResult,
} from '../../core/contract.js';
import { timerDelayMs } from '../../core/support/timer-delay.js';

export type HandlerRunOutcome<Output> =
  | { readonly kind: 'settled'; readonly result: ToolHandlerResult<Output> }
  | { readonly kind: 'threw'; readonly error: unknown }
  | { readonly kind: 'timeout'; readonly timeoutMs: number }
  | { readonly kind: 'cancelled' };

export interface RunHandlerOptions<Output> {
  /** Starts the handler with the signal it must obey. */
  readonly start: (signal: AbortSignal) => Promise<ToolHandlerResult<Output>>;
  /** The controller whose signal `start` received (created by the caller, who built the context). */
  readonly controller: AbortController;
  /** `undefined`: never times out. */
  readonly timeoutMs: number | undefined;
  readonly cleanupGraceMs: number;
  readonly cancellation: ToolCancellationPolicy;
  /** The host's cancellation. */
  readonly hostSignal?: AbortSignal;
  /** Process ids the handler registered (read when cleanup is `processTree`). */
  readonly trackedProcesses: ReadonlySet<number>;
}

type Race<Output> =
  HandlerRunOutcome<Output> | { readonly kind: 'timer' } | { readonly kind: 'host' };

export async function runHandler<Output>(
  options: RunHandlerOptions<Output>,
): Promise<HandlerRunOutcome<Output>> {
  const { controller, cancellation } = options;
  const settled: Promise<HandlerRunOutcome<Output>> = Promise.resolve()
    .then(() => options.start(controller.signal))
    .then(
      (result) => ({ kind: 'settled', result }) as const,
      (error: unknown) => ({ kind: 'threw', error }) as const,
    );

  const disposers: (() => void)[] = [];
  const timer = new Promise<Race<Output>>((resolve) => {
    if (options.timeoutMs === undefined) return;
    const handle = setTimeout(() => resolve({ kind: 'timer' }), timerDelayMs(options.timeoutMs));
    disposers.push(() => clearTimeout(handle));
  });
  const host = new Promise<Race<Output>>((resolve) => {
    const signal = options.hostSignal;
    if (signal === undefined) return;
    if (signal.aborted) return resolve({ kind: 'host' });
    const onAbort = () => resolve({ kind: 'host' });
    signal.addEventListener('abort', onAbort, { once: true });
    disposers.push(() => signal.removeEventListener('abort', onAbort));
  });

  try {
    const first = await Promise.race<Race<Output>>([settled, timer, host]);
    if (first.kind === 'settled' || first.kind === 'threw') return first;
    if (first.kind === 'timer') {
      await stop(
        options,
        settled,
        new DOMException(`timed out after ${options.timeoutMs} ms`, 'TimeoutError'),
      );
      return { kind: 'timeout', timeoutMs: options.timeoutMs! };
    }
    if (cancellation.supported) {
      await stop(options, settled, new DOMException('cancelled by the host', 'AbortError'));
    } else if (cancellation.cleanup !== 'none') {
      // Not interruptible: let it finish, but not beyond its timeout.
      const next = await Promise.race<Race<Output>>([settled, timer]);
      if (next.kind === 'timer') {
        await stop(
          options,
          settled,
          new DOMException(`timed out after ${options.timeoutMs} ms`, 'TimeoutError'),
        );
      }
    }
    return { kind: 'cancelled' };
  } finally {
    for (const dispose of disposers) dispose();
  }
}

/** Abort, give the handler its grace period according to the cleanup level, kill what is left. */
async function stop<Output>(
  options: RunHandlerOptions<Output>,
  settled: Promise<HandlerRunOutcome<Output>>,
  reason: DOMException,
): Promise<void> {
  options.controller.abort(reason);
  const cleanup: CancellationCleanup = options.cancellation.cleanup;
  if (cleanup === 'none') return;
  // Even a zero grace lets a handler that reacts to `abort` synchronously settle first.
  let handle: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    handle = setTimeout(resolve, timerDelayMs(options.cleanupGraceMs));
  });
  await Promise.race([settled, grace]);
  clearTimeout(handle);
  if (cleanup === 'processTree') killProcessGroups(options.trackedProcesses);
}

/** SIGKILL each tracked process group; fall back to the process itself; ignore the gone. */
export function killProcessGroups(pids: Iterable<number>): void {
  for (const pid of pids) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already exited.
      }
    }
  }
}
