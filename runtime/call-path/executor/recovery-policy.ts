/**
 * What the executor does after a failed call, from the tool's `metadata.recovery` and
 * `metadata.idempotent` (the article's AGENTS.md checklist asks for both; its agent had no field
 * for them).
 *
 * - `retry` and `idempotent`: a failure with a transient code ({@link TRANSIENT_ERROR_CODES}) is
 *   retried automatically, a bounded number of times with backoff. A tool that is not idempotent
 *   is never retried automatically, whatever it declares: repeating it could do the work twice.
 * - `resume`, `compensate`, `manual`: never retried; the result carries the strategy as guidance
 *   for the host (resume the run, undo by another call, or have a person look). For `manual` the
 *   model is told too ({@link MANUAL_RECOVERY_NOTE}): do not retry blindly.
 * - `none`: nothing to recover.
 * Guidance is given only when the outcome is uncertain ({@link UNCERTAIN_OUTCOME_ERROR_CODES}):
 * a call refused before its handler ran, or one the tool failed on purpose, changed nothing.
 */
import type { RecoveryStrategy, ToolEntry } from '../../core/contract.js';
import type { ToolErrorCode } from '../../core/tool-error-code.js';
import { timerDelayMs } from '../../core/support/timer-delay.js';

/**
 * Failures that may not happen again with the same input:
 * - `timeout`: the call ran out of time (a slow disk, network or host service);
 * - `handler_error`: the handler or a hook threw (a bug met by a rare state, a dropped
 *   connection) rather than reporting a failure of its own;
 * - `host_error`: a host port the handler called threw or rejected (a crashed or unreachable
 *   service; the tools' `callHostPort` reports it so).
 * A tool's other codes (it refused on purpose), `invalid_input`, `cancelled` and every
 * permission outcome are not transient: repeating the call gives the same answer.
 */
export const TRANSIENT_ERROR_CODES: ReadonlySet<ToolErrorCode> = new Set<ToolErrorCode>([
  'timeout',
  'handler_error',
  'host_error',
]);

/**
 * Failures after which the call's effects are unknown: it may have done part or all of its work.
 * The transient codes, plus `cancelled` (stopped midway), `invalid_output` and `format_error`
 * (the handler ran to the end; only its answer was unusable).
 */
export const UNCERTAIN_OUTCOME_ERROR_CODES: ReadonlySet<ToolErrorCode> = new Set<ToolErrorCode>([
  ...TRANSIENT_ERROR_CODES,
  'cancelled',
  'invalid_output',
  'format_error',
]);

/** How automatic retries are paced. */
export interface RetryOptions {
  /** Most attempts of one call, the first included. Default: 3. `1` turns retries off. */
  readonly maxAttempts?: number;
  /** Wait before retry `n` (1 for the first retry). Default: `200 * 2 ** (n - 1)` ms. */
  readonly backoffMs?: (retry: number) => number;
  /** Waits `ms`; resolves early when `signal` aborts. Default: a timer. Injectable for tests. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const DEFAULT_MAX_ATTEMPTS = 3;

export function defaultBackoffMs(retry: number): number {
  return 200 * 2 ** (retry - 1);
}

/** A timer that gives up early when `signal` aborts (the executor then stops retrying). */
export function sleepUnlessAborted(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, timerDelayMs(ms));
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** Whether a failure with `errorCode` may be retried automatically for `entry`. */
export function mayRetryAutomatically(
  entry: ToolEntry,
  errorCode: ToolErrorCode | undefined,
): boolean {
  return (
    errorCode !== undefined &&
    TRANSIENT_ERROR_CODES.has(errorCode) &&
    entry.metadata.recovery === 'retry' &&
    entry.metadata.idempotent
  );
}

/** What the host is told about recovering a failed call. */
export interface RecoveryGuidance {
  /** The tool's declared strategy. */
  readonly strategy: Exclude<RecoveryStrategy, 'none'>;
  /** Attempts made, the first included (more than one only for automatic retries). */
  readonly attempts: number;
  /**
   * `automatic`: the executor retries such failures itself; `attempts` says how many attempts it
   * made before giving up (attempts ran out, retries are off, or the batch was cancelled);
   * `notIdempotent`: declares `retry`
   * but is not idempotent, so it was not retried; `notTransient`: a `retry` tool failed in a way
   * repeating would not fix; `hostDecides`: `resume`, `compensate` or `manual`.
   */
  readonly automaticRetry: 'automatic' | 'notIdempotent' | 'notTransient' | 'hostDecides';
}

/** Guidance for a call of `entry` that failed with `errorCode`, or `undefined` when none applies. */
export function recoveryGuidance(
  entry: ToolEntry,
  errorCode: ToolErrorCode | undefined,
  attempts: number,
): RecoveryGuidance | undefined {
  const strategy = entry.metadata.recovery;
  if (
    strategy === 'none' ||
    errorCode === undefined ||
    !UNCERTAIN_OUTCOME_ERROR_CODES.has(errorCode)
  )
    return undefined;
  if (strategy !== 'retry') return { strategy, attempts, automaticRetry: 'hostDecides' };
  if (!entry.metadata.idempotent) return { strategy, attempts, automaticRetry: 'notIdempotent' };
  return {
    strategy,
    attempts,
    automaticRetry: TRANSIENT_ERROR_CODES.has(errorCode) ? 'automatic' : 'notTransient',
  };
}
