/**
 * One MCP tool descriptor (an entry of a `tools/list` result) → the raw value of a manifest that
 * states the same contract: its name (sanitised to the provider pattern when it must be), title,
 * description (handlebars braces escaped, so it is sent as written), flags from the annotations
 * (hints, as the runtime reads them: `readOnlyHint`, `destructiveHint`, `idempotentHint`), the
 * other annotations, `execution`, `_meta`, and both schemas converted exactly (or with a warning
 * per construct, see {@link schemaNodeFromJsonSchema}). What every tool of a server shares
 * (scope, approval, budget, timeout, cancellation, permission) lives in the server's abstract
 * template, which the manifest extends: {@link mcpServerTemplate}.
 */
import type { SchemaNode } from './manifest-schema.js';
import {
  schemaNodeFromJsonSchema,
  type ConversionWarning,
} from './schema-node-from-json-schema.js';

export interface McpImportWarning extends ConversionWarning {
  /** The tool's original name. */
  readonly tool: string;
}

export interface ImportedTool {
  /** The original name, as the server lists it. */
  readonly original: string;
  /** The manifest's name (the original when it fits `^[A-Za-z0-9_-]{1,64}$`). */
  readonly name: string;
  readonly manifest: Record<string, unknown>;
  readonly warnings: McpImportWarning[];
}

/** The name of a server's abstract template, e.g. `McpEverything` for `everything`. */
export function mcpTemplateName(server: string): string {
  const words = server.split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
  return `Mcp${words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('')}`.slice(0, 64);
}

/** The abstract template every imported tool of `server` extends. */
export function mcpServerTemplate(server: string): Record<string, unknown> {
  return {
    name: mcpTemplateName(server),
    abstract: true,
    capability: `mcp.${server}`,
    flags: { readOnly: false, sideEffectScope: 'network', needsApproval: true },
    permission: {
      permission: `mcp.${server}`,
      reason: `Calls a tool of the MCP server "${server}"`,
    },
    resultBudget: { maxModelBytes: 50000, strategy: 'truncate' },
    timeout: { kind: 'bounded', defaultMs: 30000, maxMs: 600000 },
    cancellation: { supported: true, cleanup: 'abortSignal' },
  };
}

const NAME = /^[A-Za-z0-9_-]{1,64}$/;

export function manifestFromMcpTool(
  server: string,
  descriptor: unknown,
  index: number,
): ImportedTool | { readonly error: string } {
  if (typeof descriptor !== 'object' || descriptor === null || Array.isArray(descriptor))
    return { error: `tools[${index}] is not an object` };
  const tool = descriptor as Record<string, unknown>;
  const original = tool['name'];
  if (typeof original !== 'string' || original === '')
    return { error: `tools[${index}] has no name` };
  const warnings: McpImportWarning[] = [];
  const warn = (pointer: string, message: string) =>
    warnings.push({ tool: original, pointer: `/tools/${index}${pointer}`, message });
  let name = original;
  if (!NAME.test(name)) {
    name = original.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
    warn(
      '/name',
      `the name ${JSON.stringify(original)} does not fit ^[A-Za-z0-9_-]{1,64}$; the manifest is named ${JSON.stringify(name)} (calls still reach ${JSON.stringify(original)})`,
    );
  }
  const annotations = isObject(tool['annotations']) ? tool['annotations'] : {};
  const readOnly = annotations['readOnlyHint'] === true;
  const flags: Record<string, unknown> = { readOnly };
  if (!readOnly && annotations['destructiveHint'] === true) flags['destructive'] = true;
  // As the runtime reads a server's hints: a read-only tool is idempotent too.
  if (readOnly || annotations['idempotentHint'] === true) flags['idempotent'] = true;
  const description =
    typeof tool['description'] === 'string' && tool['description'].trim() !== ''
      ? tool['description']
      : undefined;
  const title =
    typeof tool['title'] === 'string' && tool['title'] !== ''
      ? tool['title']
      : typeof annotations['title'] === 'string'
        ? annotations['title']
        : undefined;
  const manifest: Record<string, unknown> = {
    name,
    extends: mcpTemplateName(server),
    // `purpose` defaults to the title.
    ...(title === undefined ? { purpose: purposeOf(title, description, original) } : { title }),
    description: escapeTemplate(description ?? original),
    // The template says readOnly: false.
    ...(Object.keys(flags).length === 1 && !readOnly ? {} : { flags }),
  };
  if (typeof annotations['openWorldHint'] === 'boolean')
    manifest['annotations'] = { openWorldHint: annotations['openWorldHint'] };
  const execution = tool['execution'];
  if (isObject(execution) && typeof execution['taskSupport'] === 'string')
    manifest['execution'] = { taskSupport: execution['taskSupport'] };
  if (isObject(tool['_meta'])) manifest['_meta'] = tool['_meta'];
  const input = schemaNodeFromJsonSchema(tool['inputSchema'] ?? { type: 'object' });
  for (const warning of input.warnings) warn(`/inputSchema${warning.pointer}`, warning.message);
  manifest['input'] = withoutDefaults(input.node);
  if (tool['outputSchema'] !== undefined) {
    const output = schemaNodeFromJsonSchema(tool['outputSchema']);
    for (const warning of output.warnings) warn(`/outputSchema${warning.pointer}`, warning.message);
    manifest['output'] = withoutDefaults(output.node);
  }
  return { original, name, manifest, warnings };
}

/**
 * The node as a manifest author writes it: without what the language assumes anyway (an object's
 * `additionalProperties: false`, empty `properties` and `required`).
 */
function withoutDefaults(node: SchemaNode): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (node.type === 'object') {
      if (key === 'additionalProperties' && value === false) continue;
      if (key === 'required' && Array.isArray(value) && value.length === 0) continue;
      if (key === 'properties' && Object.keys(value as object).length === 0) continue;
    }
    let kept: unknown = value;
    if (key === 'items' || key === 'additionalProperties')
      kept = isObject(value) ? withoutDefaults(value as unknown as SchemaNode) : value;
    else if (key === 'anyOf') kept = (value as SchemaNode[]).map(withoutDefaults);
    else if (key === 'properties') {
      const properties: Record<string, unknown> = {};
      for (const [name, child] of Object.entries(value as Record<string, SchemaNode>))
        Object.defineProperty(properties, name, {
          value: withoutDefaults(child),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      kept = properties;
    }
    Object.defineProperty(out, key, {
      value: kept,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

function purposeOf(
  title: string | undefined,
  description: string | undefined,
  name: string,
): string {
  if (title !== undefined) return title;
  if (description === undefined) return name;
  const first = description
    .trim()
    .split(/\n|(?<=\.)\s/)[0]!
    .trim();
  return first.length <= 120 ? first : `${first.slice(0, 117)}...`;
}

/** Handlebars reads `{{` as a tag; `\{{` is a literal `{{`, so the description is sent as written. */
function escapeTemplate(text: string): string {
  return text.replace(/\{\{/g, '\\{{');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
