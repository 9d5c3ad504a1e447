/**
 * Where JSON Schema (draft 2020-12, plus the draft-07 spellings MCP servers still send) keeps
 * subschemas. Walks must be keyword-aware: a property *named* `definitions` or `$ref`, or a `$ref`
 * key inside an `enum`, `const`, `default` or `examples` value, is data, not schema.
 */

/** Keywords whose value is one subschema. */
export const SINGLE_SUBSCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'additionalProperties',
  'additionalItems',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'contains',
  'not',
  'if',
  'then',
  'else',
  // `items` is a schema in 2020-12 and may be an array of schemas in draft-07 (handled below).
  'items',
]);

/** Keywords whose value is an array of subschemas. */
export const SUBSCHEMA_ARRAY_KEYWORDS: ReadonlySet<string> = new Set([
  'allOf',
  'anyOf',
  'oneOf',
  'prefixItems',
  'items',
]);

/** Keywords whose value maps names to subschemas. */
export const SUBSCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
]);

/** A schema object (boolean schemas `true`/`false` are schemas too, but have no keywords). */
export type SchemaObject = { readonly [keyword: string]: unknown };

export function isSchemaObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A subschema of `schema`, with the reference tokens that lead to it from `schema`. */
export interface Subschema {
  readonly tokens: readonly string[];
  readonly schema: unknown;
}

/** The direct subschemas of `schema`, in key order (deterministic for a given input). */
export function directSubschemas(schema: SchemaObject): Subschema[] {
  const found: Subschema[] = [];
  for (const [keyword, value] of Object.entries(schema)) {
    if (Array.isArray(value) && SUBSCHEMA_ARRAY_KEYWORDS.has(keyword)) {
      value.forEach((item, index) =>
        found.push({ tokens: [keyword, String(index)], schema: item }),
      );
    } else if (SUBSCHEMA_MAP_KEYWORDS.has(keyword) && isSchemaObject(value)) {
      for (const [name, item] of Object.entries(value))
        found.push({ tokens: [keyword, name], schema: item });
    } else if (
      SINGLE_SUBSCHEMA_KEYWORDS.has(keyword) &&
      (isSchemaObject(value) || typeof value === 'boolean')
    ) {
      found.push({ tokens: [keyword], schema: value });
    }
  }
  return found;
}

/**
 * Rebuild `schema` with every direct subschema replaced by `map(subschema, tokens)`; every other
 * keyword is kept as it is, in its place.
 */
export function mapSubschemas(
  schema: SchemaObject,
  map: (subschema: unknown, tokens: readonly string[]) => unknown,
): Record<string, unknown> {
  // Entries + Object.fromEntries: a key named `__proto__` stays an own property.
  const entries: [string, unknown][] = [];
  for (const [keyword, value] of Object.entries(schema)) {
    if (Array.isArray(value) && SUBSCHEMA_ARRAY_KEYWORDS.has(keyword)) {
      entries.push([keyword, value.map((item, index) => map(item, [keyword, String(index)]))]);
    } else if (SUBSCHEMA_MAP_KEYWORDS.has(keyword) && isSchemaObject(value)) {
      entries.push([
        keyword,
        Object.fromEntries(
          Object.entries(value).map(([name, item]) => [name, map(item, [keyword, name])]),
        ),
      ]);
    } else if (
      SINGLE_SUBSCHEMA_KEYWORDS.has(keyword) &&
      (isSchemaObject(value) || typeof value === 'boolean')
    ) {
      entries.push([keyword, map(value, [keyword])]);
    } else {
      entries.push([keyword, value]);
    }
  }
  return Object.fromEntries(entries);
}
