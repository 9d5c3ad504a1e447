/**
 * `createToolSession` as the package's main entry exports it: the session and the call path it
 * runs (executor, permission, validation, handlers' loading; create-tool-session.ts) are
 * imported when the first session is made, so a host that only lists tools never loads them.
 */
import type { createToolSession as createToolSessionNow } from './create-tool-session.js';

let sessionModule: Promise<typeof createToolSessionNow> | undefined;

/** {@link createToolSessionNow}: the same options and session; the first call imports it. */
export async function createToolSession(
  ...args: Parameters<typeof createToolSessionNow>
): ReturnType<typeof createToolSessionNow> {
  sessionModule ??= import('./create-tool-session.js').then(
    (module) => module.createToolSession,
    (error: unknown) => {
      sessionModule = undefined; // a failed import is retried by the next call
      throw error;
    },
  );
  return (await sessionModule)(...args);
}
