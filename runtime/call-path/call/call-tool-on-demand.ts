/**
 * `callTool` as the package's main entry exports it: the call path (parsing, validation,
 * permission, hooks, handler, result budget; runtime/call-path/call/call-tool.ts) is imported on the first
 * call, so a process that only lists tools never loads it.
 */
import type { callTool as callToolNow } from './call-tool.js';

let callPath: Promise<typeof callToolNow> | undefined;

/** {@link callToolNow}, the same arguments and result; the first call imports the call path. */
export async function callTool(
  ...args: Parameters<typeof callToolNow>
): ReturnType<typeof callToolNow> {
  callPath ??= import('./call-tool.js').then(
    (module) => module.callTool,
    (error: unknown) => {
      callPath = undefined; // a failed import is retried by the next call
      throw error;
    },
  );
  return (await callPath)(...args);
}
