/**
 * Limits on what an MCP server's `tools/list` may put in front of the model and the runtime. A
 * server is untrusted: an 8 000-level value overflows every recursive walk (rendering, cloning,
 * validation), and a megabyte description or schema is sent on every turn. Before a descriptor
 * is used it is reduced to the fields the runtime reads, with these limits (each with a warning):
 *
 * - a schema (or annotation) value nested deeper than {@link MAX_MCP_VALUE_DEPTH} levels is
 *   replaced: an input schema by `{type: "object"}`, an output schema by nothing, annotations
 *   by none;
 * - a description or title longer than {@link MAX_MCP_DESCRIPTION_CHARS} is cut, with a marker;
 * - after normalisation, an input schema whose JSON is longer than
 *   {@link WARN_MCP_SCHEMA_CHARS} is reported, and one longer than {@link MAX_MCP_SCHEMA_CHARS}
 *   is replaced by `{type: "object"}` ({@link boundMcpSchemaSize}).
 */
import { capEcho } from '../../core/cap-echo.js';
import { isJsonObject } from '../../core/support/is-json-object.js';
import type { Writable } from '../../core/support/writable.js';
import type { McpToolAnnotations, McpToolDescriptor } from './mcp-tool-descriptor.js';

/** Deepest nesting of objects and arrays accepted in a schema or annotation value. */
export const MAX_MCP_VALUE_DEPTH = 64;
/** Longest description or title sent to the model (longer ones are cut with a marker). */
export const MAX_MCP_DESCRIPTION_CHARS = 10_000;
/** An input schema whose JSON is longer than this is reported. */
export const WARN_MCP_SCHEMA_CHARS = 16_384;
/** An input schema whose JSON is longer than this is replaced by `{type: "object"}`. */
export const MAX_MCP_SCHEMA_CHARS = 65_536;

/**
 * Nesting depth of `value` (a scalar is 0); stops past `limit` (returning `limit + 1`). Computed
 * recursively when `limit` is small (the recursion stops there), else without recursion.
 */
export function valueDepth(value: unknown, limit: number = MAX_MCP_VALUE_DEPTH): number {
  if (limit <= RECURSIVE_DEPTH_LIMIT) return depthWithin(value, 0, limit);
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node !== 'object' || node === null) continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const child of Object.values(node)) stack.push([child, level]);
  }
  return deepest;
}

/** Limits up to which {@link valueDepth} recurses (without allocating its own stack). */
const RECURSIVE_DEPTH_LIMIT = 256;

function depthWithin(node: unknown, depth: number, limit: number): number {
  if (typeof node !== 'object' || node === null) return depth;
  const level = depth + 1;
  if (level > limit) return level;
  let deepest = level;
  if (Array.isArray(node)) {
    for (const child of Object.values(node)) {
      if (typeof child !== 'object' || child === null) continue;
      const reached = depthWithin(child, level, limit);
      if (reached > deepest) {
        deepest = reached;
        if (deepest > limit) return deepest;
      }
    }
    return deepest;
  }
  // The own enumerable values, as Object.values gives them, without its array per object.
  for (const key in node) {
    if (!Object.hasOwn(node, key)) continue;
    const child = (node as Record<string, unknown>)[key];
    if (typeof child !== 'object' || child === null) continue;
    const reached = depthWithin(child, level, limit);
    if (reached > deepest) {
      deepest = reached;
      if (deepest > limit) return deepest;
    }
  }
  return deepest;
}

/**
 * `descriptor` with only the fields the runtime reads, within the limits above. `checkedInput`,
 * when given, is its input schema as read once and already known to be within
 * {@link MAX_MCP_VALUE_DEPTH} (the fused schema walk measures it as it normalises it,
 * `normalize-common-mcp-schema.ts`): kept as it is, not measured again.
 */
export function boundMcpDescriptor(
  descriptor: McpToolDescriptor,
  warn: (message: string) => void,
  checkedInput?: object,
): McpToolDescriptor {
  // Built field by field with module-level helpers, not spreads and closures: registration
  // bounds every descriptor of every server.
  const bounded: Writable<McpToolDescriptor> = {
    name: descriptor.name,
  };
  const title = boundText('title', descriptor.title, warn);
  if (title !== undefined) bounded.title = title;
  const description = boundText('description', descriptor.description, warn);
  if (description !== undefined) bounded.description = description;
  const annotations = boundAnnotations(descriptor.annotations, warn);
  if (checkedInput !== undefined) bounded.inputSchema = checkedInput;
  else if (tooDeep('inputSchema', descriptor.inputSchema, warn))
    bounded.inputSchema = { type: 'object' };
  else if (descriptor.inputSchema !== undefined) bounded.inputSchema = descriptor.inputSchema;
  if (
    !tooDeep('outputSchema', descriptor.outputSchema, warn) &&
    descriptor.outputSchema !== undefined
  )
    bounded.outputSchema = descriptor.outputSchema;
  if (annotations !== undefined) bounded.annotations = annotations;
  if (descriptor.timeoutMs !== undefined) bounded.timeoutMs = descriptor.timeoutMs;
  return bounded;
}

function tooDeep(field: string, value: unknown, warn: (message: string) => void): boolean {
  if (value === undefined || valueDepth(value) <= MAX_MCP_VALUE_DEPTH) return false;
  warn(
    `${field} is nested more than ${MAX_MCP_VALUE_DEPTH} levels deep; ${field === 'inputSchema' ? 'the model is shown {"type":"object"}' : 'ignored'}`,
  );
  return true;
}

function boundText(
  field: string,
  value: unknown,
  warn: (message: string) => void,
): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (value.length <= MAX_MCP_DESCRIPTION_CHARS) return value;
  warn(`${field} is ${value.length} characters long; cut to ${MAX_MCP_DESCRIPTION_CHARS}`);
  return capEcho(value, MAX_MCP_DESCRIPTION_CHARS);
}

/** The annotation hints kept (one list for every descriptor, not one per call). */
const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

function boundAnnotations(
  annotations: unknown,
  warn: (message: string) => void,
): McpToolAnnotations | undefined {
  if (!isJsonObject(annotations) || tooDeep('annotations', annotations, warn)) return undefined;
  const bounded: Record<string, unknown> = {};
  for (let index = 0; index < HINTS.length; index += 1) {
    const hint = HINTS[index]!;
    if (typeof annotations[hint] === 'boolean') bounded[hint] = annotations[hint];
  }
  const title = boundText('annotations.title', annotations['title'], warn);
  if (title !== undefined) bounded['title'] = title;
  return bounded as McpToolAnnotations;
}

/**
 * The normalised input schema within {@link MAX_MCP_SCHEMA_CHARS}: reported above
 * {@link WARN_MCP_SCHEMA_CHARS}, replaced by `{type: "object"}` above the maximum.
 */
export function boundMcpSchemaSize<Schema extends object>(
  schema: Schema,
  fallback: Schema,
  warn: (message: string) => void,
  /** A known bound on `JSON.stringify(schema).length`: at most the warning size, not measured. */
  jsonCharsAtMost?: number,
): Schema {
  if (jsonCharsAtMost !== undefined && jsonCharsAtMost <= WARN_MCP_SCHEMA_CHARS) return schema;
  const size = JSON.stringify(schema).length;
  if (size > MAX_MCP_SCHEMA_CHARS) {
    warn(
      `input schema is ${size} characters of JSON, more than ${MAX_MCP_SCHEMA_CHARS}; the model is shown {"type":"object"}`,
    );
    return fallback;
  }
  if (size > WARN_MCP_SCHEMA_CHARS)
    warn(
      `input schema is ${size} characters of JSON (more than ${WARN_MCP_SCHEMA_CHARS}); it is sent to the model on every turn`,
    );
  return schema;
}
