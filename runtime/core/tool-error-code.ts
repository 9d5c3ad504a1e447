/**
 * Every error code a call can end with: one closed list, so a typo in a tool, the call path,
 * the executor or a host's `switch` does not compile. `ToolFailure.code`, call results
 * (`ToolCallResult.errorCode`), executor results and trace events all use {@link ToolErrorCode}.
 *
 * Adding a code: add it to the group it belongs to (a test pins the whole list, so the change is
 * visible in review) and say in the tool's or the step's documentation when it occurs.
 */

/** Codes of the call path (`callTool`): before, around and after the handler. */
export const CALL_ERROR_CODES = [
  /** Blank or unknown tool name. */
  'tool_not_found',
  /** The turn restricts the tool (turn filter in `restrict` mode). */
  'tool_restricted',
  /** zod or the JSON Schema refused the input (the result's `issues` has them). */
  'invalid_input',
  /** A host pre-tool hook denied the call. */
  'hook_denied',
  /** A host pre-tool hook's rewritten input was refused. */
  'hook_input_invalid',
  /** A host pre-tool hook threw. */
  'hook_error',
  /** The handler or one of the tool's hooks threw. */
  'handler_error',
  /** The handler's output does not match `runtimeOutputSchema`. */
  'invalid_output',
  /** `formatModelContent` threw, or the output is not serialisable. */
  'format_error',
  /** The tool's model-facing input schema could not be built or compiled. */
  'schema_error',
  /** The call's timeout expired. */
  'timeout',
  /** The host's signal aborted the call. */
  'cancelled',
  /** `trace.required` and no tracer. */
  'trace_unavailable',
] as const;

/** Codes of the executor's own steps (permission, approval, user interaction, turn control). */
export const EXECUTOR_ERROR_CODES = [
  /** A deny rule matched, or plan mode refused a call that may change something. */
  'permission_denied',
  /** The user answered no. */
  'approval_declined',
  /** The call needs approval and nobody can give it (no approver, not interactive, approver failed). */
  'approval_unavailable',
  /** The tool needs a person to answer and the session has none. */
  'user_interaction_unavailable',
  /** Not run: an earlier terminal call of the batch ended the turn. */
  'turn_ended',
] as const;

/** Codes tools report on purpose (`ToolFailure`), shared by every tool. */
export const TOOL_FAILURE_CODES = [
  'aborted',
  'host_error',
  'port_unavailable',
  'mcp_call_failed',
  'mcp_tool_error',
  'file_system_error',
] as const;

/**
 * File-system errors a tool passes on with the errno code in lower case (`fileSystemFailure`);
 * any other errno becomes `file_system_error`.
 */
export const FILE_SYSTEM_ERROR_CODES = [
  'eacces',
  'eperm',
  'enoent',
  'eisdir',
  'enotdir',
  'eexist',
  'enotempty',
  'enospc',
  'erofs',
  'eloop',
  'enametoolong',
  'emfile',
  'ebusy',
  'etxtbsy',
  'exdev',
  'eio',
] as const;

/** Codes single tools (or a few of them) report, by area. */
export const TOOL_SPECIFIC_ERROR_CODES = [
  // Paths (every file tool, through the path policy).
  'invalid_configuration',
  'empty_path',
  'invalid_path',
  'outside_workspace',
  'hard_linked_file',
  'working_directory_missing',
  'file_not_found',
  'path_not_found',
  'is_directory',
  'not_a_directory',
  'not_regular_file',
  'blocking_device',
  // Read.
  'binary_file',
  'output_too_large',
  'image_too_large',
  'invalid_image',
  'unknown_file_type',
  'invalid_pages',
  'pages_not_pdf',
  'pages_out_of_range',
  'invalid_pdf',
  'pdf_needs_pages',
  'pdf_too_large',
  // Write and Edit (read-before-write).
  'file_not_read',
  'file_changed_since_read',
  'file_not_empty',
  'string_not_found',
  'multiple_matches',
  'no_change',
  // Glob and Grep.
  'invalid_glob',
  'invalid_pattern',
  // Bash, TaskOutput, TaskStop.
  'spawn_failed',
  'unknown_task',
  'task_not_running',
  // TodoWrite.
  'multiple_in_progress',
  // WebFetch.
  'invalid_url',
  'unsupported_scheme',
  'fetch_failed',
  'http_error',
  'invalid_redirect',
  'too_many_redirects',
  'unsupported_content_type',
  // Agent, Skill, cron and workflow tools.
  'unknown_subagent_type',
  'empty_skill',
  'invalid_cron',
  'invalid_script',
  'script_too_large',
  'workflow_typecheck_failed',
] as const;

/** Every error code, in the order of the groups above. */
export const TOOL_ERROR_CODES = [
  ...CALL_ERROR_CODES,
  ...EXECUTOR_ERROR_CODES,
  ...TOOL_FAILURE_CODES,
  ...FILE_SYSTEM_ERROR_CODES,
  ...TOOL_SPECIFIC_ERROR_CODES,
] as const;

/** An error code of a failed call. */
export type ToolErrorCode = (typeof TOOL_ERROR_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set(TOOL_ERROR_CODES);

/** Whether `value` is one of {@link TOOL_ERROR_CODES} (for codes that cross a process boundary). */
export function isToolErrorCode(value: unknown): value is ToolErrorCode {
  return typeof value === 'string' && KNOWN.has(value);
}
