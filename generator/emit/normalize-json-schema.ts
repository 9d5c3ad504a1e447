/**
 * The normalisation of SPEC §4, applied to what zod-to-json-schema produces:
 *
 * 1. drop `$schema`, `$id`, `$ref`, `$defs` and `definitions` from every node;
 * 2. a node with `anyOf` and no `oneOf` gets it renamed to `oneOf` (run
 *    {@link findUnionOverlaps} first: `oneOf` rejects a value that matches two branches),
 *    unless it carries {@link KEEP_ANY_OF} (a union the manifest declares `exclusive: false`);
 * 3. a node without `type` gets the type implied by `properties` (object), `items` (array),
 *    or its `enum` / `const` values;
 * 4. the root gets `$schema` = draft 2020-12.
 *
 * Pure: returns a new schema and leaves the argument alone.
 */
import { DRAFT_2020_12 } from '../../runtime/core/json-schema/draft-2020-12.js';
import { mapSchemaNodes } from '../../runtime/core/json-schema/map-schema-nodes.js';
import { defineEntry } from '../../runtime/core/support/define-entry.js';
import type { JsonObject } from '../../runtime/core/support/is-json-object.js';

const DROPPED_KEYWORDS = new Set(['$schema', '$id', '$ref', '$defs', 'definitions']);

/**
 * Set by `annotateJsonSchema` on the `anyOf` node of a union with `exclusive: false`: it stays
 * `anyOf` (its branches may overlap); the mark itself is dropped.
 */
export const KEEP_ANY_OF = 'x-tool-contracts-keep-anyOf';

export function normalizeJsonSchema(schema: JsonObject): JsonObject {
  const body = mapSchemaNodes(schema, normalizeNode) as JsonObject;
  return { $schema: DRAFT_2020_12, ...body };
}

function normalizeNode(node: JsonObject): JsonObject {
  const renameAnyOf = 'anyOf' in node && !('oneOf' in node) && node[KEEP_ANY_OF] !== true;
  const normalized: JsonObject = {};
  const implied = 'type' in node ? undefined : impliedType(node);
  if (implied !== undefined) normalized['type'] = implied;
  for (const [key, value] of Object.entries(node)) {
    if (DROPPED_KEYWORDS.has(key) || key === KEEP_ANY_OF) continue;
    defineEntry(normalized, key === 'anyOf' && renameAnyOf ? 'oneOf' : key, value);
  }
  return normalized;
}

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

/** The `type` a node's other keywords imply, or `undefined` when they imply none. */
export function impliedType(node: JsonObject): JsonType | JsonType[] | undefined {
  if ('properties' in node) return 'object';
  if ('items' in node) return 'array';
  const values = Array.isArray(node['enum'])
    ? (node['enum'] as unknown[])
    : 'const' in node
      ? [node['const']]
      : undefined;
  if (values === undefined || values.length === 0) return undefined;
  const types: JsonType[] = [];
  for (const value of values) {
    const type = jsonTypeOf(value);
    if (!types.includes(type)) types.push(type);
  }
  // An integer is a number: [1, 2.5] is `number`, not `["integer", "number"]`.
  const merged = types.includes('number') ? types.filter((type) => type !== 'integer') : types;
  return merged.length === 1 ? merged[0] : merged;
}

/** JSON Schema type of a JSON value (`integer` for whole numbers). */
export function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    default:
      return 'object';
  }
}
