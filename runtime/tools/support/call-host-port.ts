/**
 * Calling a host port from a tool handler: the one place that turns what a host can do wrong
 * (throw, reject, hang past a cancellation) into {@link ToolFailure} values, so handlers never
 * throw for something the environment caused.
 */
import type { ToolFailure } from '../../core/contract.js';

/** What {@link callHostPort} resolves to: the port's value, or a failure to return as is. */
export type HostPortCallResult<T> = { readonly ok: true; readonly value: T } | ToolFailure;

/**
 * Run `call` unless `signal` is already aborted, and stop waiting as soon as it aborts.
 *
 * - abort (before or during the call) → `{ code: 'aborted' }`; a late answer is dropped, because
 *   the runtime has already told the model the call was cancelled;
 * - the port throws or rejects → `{ code: 'host_error' }` whose message is the error's message.
 *
 * Ports that accept an `AbortSignal` should be given the same `signal` inside `call` so that the
 * host can stop its work too; ports without one are simply no longer awaited.
 */
export async function callHostPort<T>(
  toolName: string,
  signal: AbortSignal,
  call: () => Promise<T>,
): Promise<HostPortCallResult<T>> {
  if (signal.aborted) return abortedFailure(toolName, signal);
  let removeListener = (): void => {};
  const aborted = new Promise<ToolFailure>((resolve) => {
    const onAbort = (): void => resolve(abortedFailure(toolName, signal));
    signal.addEventListener('abort', onAbort, { once: true });
    removeListener = () => signal.removeEventListener('abort', onAbort);
  });
  const settled = (async (): Promise<HostPortCallResult<T>> => {
    try {
      return { ok: true, value: await call() };
    } catch (error) {
      return hostErrorFailure(toolName, error);
    }
  })();
  try {
    return await Promise.race([settled, aborted]);
  } finally {
    removeListener();
  }
}

function abortedFailure(toolName: string, signal: AbortSignal): ToolFailure {
  return {
    ok: false,
    code: 'aborted',
    message: `${toolName} was aborted: ${reasonText(signal.reason)}`,
  };
}

function hostErrorFailure(toolName: string, error: unknown): ToolFailure {
  const message = hasMessage(error) ? error.message : String(error);
  return {
    ok: false,
    code: 'host_error',
    message: message.trim() === '' ? `${toolName} failed in the host without a message.` : message,
  };
}

/**
 * Error-like rather than `instanceof Error`: an error thrown in another realm (a `vm` context, as
 * in a REPL host, or a worker) is not an instance of this realm's `Error`.
 */
function hasMessage(value: unknown): value is { readonly message: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

function reasonText(reason: unknown): string {
  if (hasMessage(reason) && reason.message !== '') return reason.message;
  if (typeof reason === 'string' && reason !== '') return reason;
  return 'the call was cancelled';
}
