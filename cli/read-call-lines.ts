/**
 * The calls of a `--calls FILE.jsonl` file: one `{"name": …, "input": …}` object per line
 * (`input` defaults to `{}`; an `id` string names the call). Blank lines and lines starting with
 * `#` are skipped. Every bad line is reported with `file:line`, and nothing runs.
 */
import type { ToolCall } from '../runtime/call-path/call/call-tool.js';
import { isJsonObject } from '../runtime/core/support/is-json-object.js';

/** One problem of the file, with its 1-based line. */
export interface CallLineProblem {
  readonly line: number;
  readonly message: string;
}

export type CallLines =
  | { readonly ok: true; readonly calls: readonly ToolCall[] }
  | { readonly ok: false; readonly problems: readonly CallLineProblem[] };

/** Parse one line of the calls syntax (a JSON object); a message when it is not one. */
export function parseCallLine(text: string): ToolCall | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `not valid JSON: ${(error as Error).message}`;
  }
  if (!isJsonObject(value)) return 'expected an object like {"name": "Read", "input": {…}}';
  const record = value;
  const unknownKeys = Object.keys(record).filter((key) => !['name', 'input', 'id'].includes(key));
  if (unknownKeys.length > 0)
    return `unexpected key ${unknownKeys.map((key) => JSON.stringify(key)).join(', ')} (allowed: name, input, id)`;
  if (typeof record.name !== 'string') return '"name" must be a string (the tool to call)';
  if (record.id !== undefined && typeof record.id !== 'string') return '"id" must be a string';
  return {
    name: record.name,
    input: record.input ?? {},
    ...(typeof record.id === 'string' ? { id: record.id } : {}),
  };
}

/** The calls of `text` (the file's contents), in order. */
export function readCallLines(text: string): CallLines {
  const calls: ToolCall[] = [];
  const problems: CallLineProblem[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const parsed = parseCallLine(line);
    if (typeof parsed === 'string') problems.push({ line: index + 1, message: parsed });
    else calls.push(parsed);
  });
  return problems.length === 0 ? { ok: true, calls } : { ok: false, problems };
}
