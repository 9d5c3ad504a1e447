/**
 * The error codes are one closed list: pinned here, so adding, renaming or removing one is a
 * visible change; a code outside the list does not compile.
 */
import { describe, expect, expectTypeOf, test } from 'vitest';
import type { ToolCallResult } from '../../../runtime/call-path/call/call-tool.js';
import type { ToolTraceEvent } from '../../../runtime/call-path/call/trace-tool-call.js';
import type { ToolFailure } from '../../../runtime/core/contract.js';
import type { ExecutedToolCall } from '../../../runtime/call-path/executor/index.js';
import { fileSystemFailure } from '../../../runtime/tools/support/tool-failure.js';
import {
  CALL_ERROR_CODES,
  EXECUTOR_ERROR_CODES,
  isToolErrorCode,
  TOOL_ERROR_CODES,
  type ToolErrorCode,
} from '../../../runtime/core/tool-error-code.js';

describe('the error-code union', () => {
  test('the call path and the executor have exactly these codes', () => {
    expect(CALL_ERROR_CODES).toEqual([
      'tool_not_found',
      'tool_restricted',
      'invalid_input',
      'hook_denied',
      'hook_input_invalid',
      'hook_error',
      'handler_error',
      'invalid_output',
      'format_error',
      'schema_error',
      'timeout',
      'cancelled',
      'trace_unavailable',
    ]);
    expect(EXECUTOR_ERROR_CODES).toEqual([
      'permission_denied',
      'approval_declined',
      'approval_unavailable',
      'user_interaction_unavailable',
      'turn_ended',
    ]);
  });

  test('the whole list is pinned, without duplicates', () => {
    expect(new Set(TOOL_ERROR_CODES).size).toBe(TOOL_ERROR_CODES.length);
    expect([...TOOL_ERROR_CODES]).toMatchInlineSnapshot(`
      [
        "tool_not_found",
        "tool_restricted",
        "invalid_input",
        "hook_denied",
        "hook_input_invalid",
        "hook_error",
        "handler_error",
        "invalid_output",
        "format_error",
        "schema_error",
        "timeout",
        "cancelled",
        "trace_unavailable",
        "permission_denied",
        "approval_declined",
        "approval_unavailable",
        "user_interaction_unavailable",
        "turn_ended",
        "aborted",
        "host_error",
        "port_unavailable",
        "mcp_call_failed",
        "mcp_tool_error",
        "file_system_error",
        "eacces",
        "eperm",
        "enoent",
        "eisdir",
        "enotdir",
        "eexist",
        "enotempty",
        "enospc",
        "erofs",
        "eloop",
        "enametoolong",
        "emfile",
        "ebusy",
        "etxtbsy",
        "exdev",
        "eio",
        "invalid_configuration",
        "empty_path",
        "invalid_path",
        "outside_workspace",
        "hard_linked_file",
        "working_directory_missing",
        "file_not_found",
        "path_not_found",
        "is_directory",
        "not_a_directory",
        "not_regular_file",
        "blocking_device",
        "binary_file",
        "output_too_large",
        "image_too_large",
        "invalid_image",
        "unknown_file_type",
        "invalid_pages",
        "pages_not_pdf",
        "pages_out_of_range",
        "invalid_pdf",
        "pdf_needs_pages",
        "pdf_too_large",
        "file_not_read",
        "file_changed_since_read",
        "file_not_empty",
        "string_not_found",
        "multiple_matches",
        "no_change",
        "invalid_glob",
        "invalid_pattern",
        "spawn_failed",
        "unknown_task",
        "task_not_running",
        "multiple_in_progress",
        "invalid_url",
        "unsupported_scheme",
        "fetch_failed",
        "http_error",
        "invalid_redirect",
        "too_many_redirects",
        "unsupported_content_type",
        "unknown_subagent_type",
        "empty_skill",
        "invalid_cron",
        "invalid_script",
        "script_too_large",
        "workflow_typecheck_failed",
      ]
    `);
  });

  test('ToolFailure, call results, executor results and traces share the one type', () => {
    expectTypeOf<ToolFailure['code']>().toEqualTypeOf<ToolErrorCode>();
    expectTypeOf<NonNullable<ToolCallResult['errorCode']>>().toEqualTypeOf<ToolErrorCode>();
    expectTypeOf<NonNullable<ExecutedToolCall['errorCode']>>().toEqualTypeOf<ToolErrorCode>();
    expectTypeOf<NonNullable<ToolTraceEvent['errorCode']>>().toEqualTypeOf<ToolErrorCode>();
    // @ts-expect-error a typo does not compile
    const typo: ToolErrorCode = 'permision_denied';
    expect(isToolErrorCode(typo)).toBe(false);
  });

  test.each([
    ['EACCES', 'eacces'],
    ['ENOENT', 'enoent'],
    ['EISDIR', 'eisdir'],
    ['ESOMETHINGNEW', 'file_system_error'],
    [undefined, 'file_system_error'],
  ] as const)('a file-system error %s becomes code %s', (errno, code) => {
    const error = Object.assign(new Error('boom'), errno === undefined ? {} : { code: errno });
    expect(fileSystemFailure('read', '/x', error)).toEqual({
      ok: false,
      code,
      message: 'Cannot read /x: boom',
    });
  });
});
