/**
 * Prints a contract value as a TypeScript expression with a fixed layout:
 * every object property on its own line (so a reviewer's diff, and the audit's trailing comment,
 * point at exactly one field), nested objects over several lines, short lists of scalars on one.
 */
import { FrozenValue } from './frozen-value.js';
import { SourceCode } from './source-code.js';
import { commentText, jsJson, jsPropertyKey } from '../support/js-literal.js';

/** Trailing comment text for the field at a dotted path, or `undefined` for none. */
export type FieldAnnotations = (fieldPath: string) => string | undefined;

export interface PrintValueOptions {
  /** Indentation of the line the value starts on. Default: none. */
  readonly indent?: string;
  /** Dotted path of the value (`permission`); the root is `''`. */
  readonly path?: string;
  /** Called for each property line whose path `annotate` accepts. */
  readonly annotations?: FieldAnnotations;
  /** Property paths below which no annotation is asked for (JSON Schemas are data, not fields). */
  readonly annotate?: (fieldPath: string) => boolean;
}

/** One list fits on one line when it holds only scalars and stays this short. */
const INLINE_LIST_WIDTH = 80;
const INDENT = '  ';

export function printValue(value: unknown, options: PrintValueOptions = {}): string {
  return print(value, options.indent ?? '', options.path ?? '', options);
}

function print(value: unknown, indent: string, path: string, options: PrintValueOptions): string {
  if (value instanceof SourceCode) return value.text;
  if (value instanceof FrozenValue)
    return `freezeJsonTree(${print(value.value, indent, path, options)})`;
  if (Array.isArray(value)) return printList(value, indent, path, options);
  if (typeof value === 'object' && value !== null)
    return printObject(value as Record<string, unknown>, indent, path, options);
  return jsJson(value);
}

function printList(
  items: readonly unknown[],
  indent: string,
  path: string,
  options: PrintValueOptions,
): string {
  if (items.length === 0) return '[]';
  const scalars = items.every((item) => item === null || typeof item !== 'object');
  if (scalars) {
    const inline = `[${items.map((item) => jsJson(item)).join(', ')}]`;
    if (inline.length <= INLINE_LIST_WIDTH) return inline;
  }
  const inner = indent + INDENT;
  const lines = items.map(
    (item, index) => `${inner}${print(item, inner, `${path}[${index}]`, options)},`,
  );
  return `[\n${lines.join('\n')}\n${indent}]`;
}

function printObject(
  object: Record<string, unknown>,
  indent: string,
  path: string,
  options: PrintValueOptions,
): string {
  const entries = Object.entries(object).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return '{}';
  const inner = indent + INDENT;
  const lines = entries.map(([key, value]) => {
    const fieldPath = path === '' ? key : `${path}.${key}`;
    const line = `${inner}${jsPropertyKey(key)}: ${print(value, inner, fieldPath, options)},`;
    const wanted = options.annotations !== undefined && (options.annotate?.(fieldPath) ?? true);
    const note = wanted ? options.annotations!(fieldPath) : undefined;
    return note === undefined ? line : withTrailingComment(line, note);
  });
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/**
 * A multi-line value gets its comment on its first line (`permission: { // …`), so the comment
 * stays on the line that names the field.
 */
function withTrailingComment(line: string, note: string): string {
  const comment = ` // ${commentText(note)}`;
  const newline = line.indexOf('\n');
  return newline === -1
    ? `${line}${comment}`
    : `${line.slice(0, newline)}${comment}${line.slice(newline)}`;
}
