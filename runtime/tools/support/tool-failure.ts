/**
 * Building {@link ToolFailure} values: what a workspace tool returns for anything a model or the
 * environment can cause (missing file, bad pattern, unknown task id) instead of throwing.
 */
import { capEcho, MAX_FAILURE_MESSAGE_CHARS } from '../../cap-echo.js';
import type { ToolFailure } from '../../contract.js';

/** A failure with a stable `code` (kept in the result) and a message the model reads. */
export function toolFailure(code: string, message: string): ToolFailure {
  return { ok: false, code, message };
}

/**
 * A failure for an unexpected file-system error: the errno code (`EACCES`, `EISDIR`, …) becomes
 * the failure code, and the message names the operation and the path.
 */
export function fileSystemFailure(operation: string, path: string, error: unknown): ToolFailure {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const reason = error instanceof Error ? error.message : String(error);
  return toolFailure(
    code === undefined ? 'file_system_error' : code.toLowerCase(),
    `Cannot ${operation} ${capEcho(path)}: ${capEcho(reason, MAX_FAILURE_MESSAGE_CHARS)}`,
  );
}
