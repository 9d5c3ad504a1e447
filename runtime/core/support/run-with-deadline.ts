/**
 * Synchronous work that must not hold the process past a deadline: matching a regular expression
 * a model or an MCP server wrote, validating against a schema whose patterns came from outside.
 * A backtracking `RegExp` can run for minutes inside one `test` call, where no timer or abort
 * signal can reach it; V8 can only stop it by terminating the running script. `node:vm` does
 * exactly that for a script run with a `timeout`, and the termination also covers functions of
 * this realm that the script calls — so {@link runWithDeadline} runs `work` from a one-line
 * script in a shared context, and turns the termination into a result.
 *
 * The cost is one `runInContext` per call (tens of microseconds); run a batch of work (a whole
 * file's lines), not each item.
 */
import vm from 'node:vm';

/** `ok: false` when `work` was stopped at the deadline (it may have done part of its job). */
export type DeadlineResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly timedOutAfterMs: number };

/** Longest timeout `vm` takes. */
const MAX_VM_TIMEOUT_MS = 2 ** 31 - 1;

/** The shared context and script, made on the first call: a new V8 context costs about a millisecond that a process listing tools would pay at import. */
let deadline: { readonly context: vm.Context; readonly script: vm.Script } | undefined;

/**
 * Run `work` synchronously; stop it after `timeoutMs` (at least 1 ms). Errors `work` throws
 * propagate unchanged.
 */
export function runWithDeadline<T>(work: () => T, timeoutMs: number): DeadlineResult<T> {
  const timeout = Math.max(1, Math.min(Math.ceil(timeoutMs), MAX_VM_TIMEOUT_MS));
  deadline ??= {
    context: vm.createContext({ work: undefined as (() => unknown) | undefined }),
    script: new vm.Script('work()', { filename: 'run-with-deadline' }),
  };
  const { context, script } = deadline;
  const previous = context['work'];
  context['work'] = work;
  try {
    return { ok: true, value: script.runInContext(context, { timeout }) as T };
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT')
      return { ok: false, timedOutAfterMs: timeout };
    throw error;
  } finally {
    context['work'] = previous;
  }
}
