/**
 * Which keywords of a JSON Schema hold subschemas: draft 2020-12, plus the draft-07 / 2019-09
 * spellings MCP servers still send (`definitions`, `dependencies`, `additionalItems`, array
 * `items`). This table is the one place that knows it; every walk over a schema goes through it
 * (`directSubschemas`, `mapSubschemas`, `mapSchemaNodes`, `schemaNodes`), so a property *named*
 * `$ref` or `definitions`, or a `properties` key inside a `default`, `const`, `enum` or
 * `examples` value, is never mistaken for schema.
 */
import { isJsonObject, type JsonObject } from '../support/is-json-object.js';

/**
 * - `schema`: the value is one subschema (`not: {…}`);
 * - `schema-list`: an array of subschemas (`anyOf: [{…}, {…}]`);
 * - `schema-map`: an object whose values are subschemas (`properties: {a: {…}}`); in
 *   `dependencies` a value may also be a list of property names, which is not a schema;
 * - `schema-or-list`: either (`items`: one schema in 2020-12, a tuple in draft-07).
 *
 * Only objects and booleans are schemas: anything else in such a place is left as it is.
 */
export type SubschemaKind = 'schema' | 'schema-list' | 'schema-map' | 'schema-or-list';

export const SUBSCHEMA_KEYWORDS: ReadonlyMap<string, SubschemaKind> = new Map<
  string,
  SubschemaKind
>([
  ['additionalProperties', 'schema'],
  ['additionalItems', 'schema'],
  ['unevaluatedProperties', 'schema'],
  ['unevaluatedItems', 'schema'],
  ['propertyNames', 'schema'],
  ['contains', 'schema'],
  ['contentSchema', 'schema'],
  ['not', 'schema'],
  ['if', 'schema'],
  ['then', 'schema'],
  ['else', 'schema'],
  ['allOf', 'schema-list'],
  ['anyOf', 'schema-list'],
  ['oneOf', 'schema-list'],
  ['prefixItems', 'schema-list'],
  ['properties', 'schema-map'],
  ['patternProperties', 'schema-map'],
  ['dependentSchemas', 'schema-map'],
  ['dependencies', 'schema-map'],
  ['$defs', 'schema-map'],
  ['definitions', 'schema-map'],
  ['items', 'schema-or-list'],
]);

/** Keywords whose entries mean something only through a `$ref`: `$defs`, draft-07 `definitions`. */
export const DEFINITION_KEYWORDS: ReadonlySet<string> = new Set(['$defs', 'definitions']);

/** How `keyword` holds subschemas, or `undefined` when its value is not schema. */
export function subschemaKind(keyword: string): SubschemaKind | undefined {
  return SUBSCHEMA_KEYWORDS.get(keyword);
}

/** Whether `value` can be a schema: an object (not an array, not `null`) or a boolean. */
export function isSchema(value: unknown): value is boolean | JsonObject {
  return typeof value === 'boolean' || isJsonObject(value);
}
