/**
 * Progress of the tool call in flight, for code far below the caller (an upstream MCP server's
 * progress forwarded by `serve` to its own client). The caller runs the call inside
 * {@link runWithProgressReporter}; anything on that call's async path reads
 * {@link currentProgressReporter}. Outside such a call there is no reporter.
 *
 * (A `reportProgress` member of the handler's call context would be the direct seam; the call
 * context is owned by the executor, so this stays out of it.)
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** One progress notification, as MCP words it. */
export interface ToolProgress {
  /** Increases with every notification of a call. */
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

export type ProgressReporter = (progress: ToolProgress) => void;

const storage = new AsyncLocalStorage<ProgressReporter>();

/** Run `work` with `reporter` as the current call's progress reporter. */
export function runWithProgressReporter<T>(reporter: ProgressReporter, work: () => T): T {
  return storage.run(reporter, work);
}

/** The reporter of the call in flight, if its caller set one. */
export function currentProgressReporter(): ProgressReporter | undefined {
  return storage.getStore();
}
