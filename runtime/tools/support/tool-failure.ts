/**
 * Building {@link ToolFailure} values: what a workspace tool returns for anything a model or the
 * environment can cause (missing file, bad pattern, unknown task id) instead of throwing.
 */
import { capEcho, MAX_FAILURE_MESSAGE_CHARS } from '../../core/cap-echo.js';
import type { ToolFailure } from '../../core/contract.js';
import { FILE_SYSTEM_ERROR_CODES, type ToolErrorCode } from '../../core/tool-error-code.js';

const FILE_SYSTEM_CODES: ReadonlySet<string> = new Set(FILE_SYSTEM_ERROR_CODES);

/** A failure with a stable `code` (kept in the result) and a message the model reads. */
export function toolFailure(code: ToolErrorCode, message: string): ToolFailure {
  return { ok: false, code, message };
}

/**
 * A failure for an unexpected file-system error: the errno code (`EACCES`, `EISDIR`, …) in lower
 * case becomes the failure code (one of `FILE_SYSTEM_ERROR_CODES`; any other errno is
 * `file_system_error`), and the message names the operation and the path.
 */
export function fileSystemFailure(operation: string, path: string, error: unknown): ToolFailure {
  const errno = (error as NodeJS.ErrnoException | undefined)?.code?.toLowerCase();
  const reason = error instanceof Error ? error.message : String(error);
  return toolFailure(
    errno !== undefined && FILE_SYSTEM_CODES.has(errno)
      ? (errno as ToolErrorCode)
      : 'file_system_error',
    `Cannot ${operation} ${capEcho(path)}: ${capEcho(reason, MAX_FAILURE_MESSAGE_CHARS)}`,
  );
}
