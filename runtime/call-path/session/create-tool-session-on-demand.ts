/**
 * `createToolSession` as the package's main entry exports it: the session and the call path it
 * runs (executor, permission, validation, handlers' loading; create-tool-session.ts) are
 * imported when the first session is made, so a host that only lists tools never loads them.
 */
import type {
  createToolSession as createToolSessionNow,
  ToolSession,
  ToolSessionOptions,
} from './create-tool-session.js';

let sessionModule: Promise<typeof createToolSessionNow> | undefined;

/**
 * Makes a tool session: the one way a host runs tools. Every call of the session goes through
 * its permission rules, approval, hooks, validation, budgets and timeouts; `close()` stops its
 * background tasks and removes the artifacts it owns. The first call imports the call path.
 */
export async function createToolSession(options: ToolSessionOptions): Promise<ToolSession> {
  sessionModule ??= import('./create-tool-session.js').then(
    (module) => module.createToolSession,
    (error: unknown) => {
      sessionModule = undefined; // a failed import is retried by the next call
      throw error;
    },
  );
  return (await sessionModule)(options);
}
