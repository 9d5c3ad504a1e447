/**
 * What the model reads when its arguments are refused (SPEC §5.6):
 *
 * ```
 * <tool_use_error>InputValidationError: Read failed due to the following issue:
 * The required parameter `file_path` is missing</tool_use_error>
 * ```
 *
 * Three kinds of problem get a sentence each, in this order: a missing parameter, an unexpected
 * parameter, a parameter of the wrong type. Models fix those fastest from plain words, so when
 * any of them exist every other issue is left out (the model fixes the rest on the next try).
 * Otherwise the issues are given as Zod 4 shaped JSON, pretty-printed with two spaces, as
 * Zod 4's own error message prints them. "issue" becomes "issues" when there is more than one
 * line or issue.
 *
 * Parameters are named by their path: `file_path`, `edits[0].old_string`, `[""]` (see
 * {@link parameterName}).
 */
import { capEcho, capLines, MAX_FAILURE_MESSAGE_CHARS } from '../../core/cap-echo.js';
import type { JsonSchema } from '../../core/contract.js';
import { declaredJsonType, jsonSchemaNodeAt } from '../../core/json-schema/json-schema-node-at.js';
import { isJsonObject } from '../../core/support/is-json-object.js';
import { hasValueAt, valueAt } from './value-at.js';
import { toolUseError } from './tool-use-error.js';
import type { IssuePath, Zod4Issue } from './zod4-issue.js';

/** The whole model-facing text for refused input of the tool `toolName`. */
export function formatInputValidationError(
  toolName: string,
  issues: readonly Zod4Issue[],
  input: unknown,
  inputSchema?: JsonSchema,
): string {
  const lines = describeParameterProblems(issues, input, inputSchema);
  const count = lines.length > 0 ? lines.length : issues.length;
  const body =
    lines.length > 0
      ? capLines(lines).join('\n')
      : capEcho(JSON.stringify(issues, null, 2), MAX_FAILURE_MESSAGE_CHARS);
  return toolUseError(
    `InputValidationError: ${toolName} failed due to the following issue${count === 1 ? '' : 's'}:\n${body}`,
  );
}

/** The sentences for missing, unexpected and wrongly typed parameters, in that order. */
export function describeParameterProblems(
  issues: readonly Zod4Issue[],
  input: unknown,
  inputSchema?: JsonSchema,
): string[] {
  const missing: string[] = [];
  const unexpected: string[] = [];
  const wrongType: string[] = [];
  for (const issue of issues) {
    if (issue.path.length > 0 && isAbsentParameter(issue, input)) {
      missing.push(`The required parameter \`${parameterName(issue.path)}\` is missing`);
    } else if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        unexpected.push(
          `An unexpected parameter \`${parameterName([...issue.path, key])}\` was provided`,
        );
      }
    } else if (
      issue.code === 'invalid_type' &&
      issue.received === undefined &&
      issue.path.length > 0
    ) {
      const node =
        inputSchema === undefined ? undefined : jsonSchemaNodeAt(inputSchema, issue.path);
      const expected = declaredJsonType(node) ?? issue.expected;
      const provided = jsonTypeName(valueAt(input, issue.path));
      wrongType.push(
        `The parameter \`${parameterName(issue.path)}\` type is expected as \`${expected}\` but provided as \`${provided}\``,
      );
    }
  }
  return [...new Set([...missing, ...unexpected, ...wrongType])];
}

/** A value-level refusal at a key its object does not have: the parameter is missing. */
function isAbsentParameter(issue: Zod4Issue, input: unknown): boolean {
  if (
    issue.code !== 'invalid_type' &&
    issue.code !== 'invalid_value' &&
    issue.code !== 'invalid_union'
  )
    return false;
  const parent = valueAt(input, issue.path.slice(0, -1));
  return (
    isJsonObject(parent) && typeof issue.path.at(-1) === 'string' && !hasValueAt(input, issue.path)
  );
}

/** A key that can be written bare in a parameter name; others are quoted. */
const PLAIN_KEY = /^[\p{L}\p{N}_$-]+$/u;

/**
 * `['edits', 0, 'old_string']` → `edits[0].old_string`. A key that is empty or holds anything
 * but letters, digits, `_`, `$` and `-` is written as a quoted index (`[""]`, `["a b"]`), with
 * backticks escaped, so every sentence stays on one line and its backticks stay balanced.
 */
export function parameterName(path: IssuePath): string {
  return path
    .map((segment, index) => {
      if (typeof segment === 'number') return `[${segment}]`;
      const key = capEcho(segment);
      if (!PLAIN_KEY.test(key)) return `[${JSON.stringify(key).replaceAll('`', '\\u0060')}]`;
      return index === 0 ? key : `.${key}`;
    })
    .join('');
}

/** JSON's names for the type of a value the model sent. */
function jsonTypeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
