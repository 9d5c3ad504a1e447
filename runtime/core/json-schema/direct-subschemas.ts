import type { JsonObject } from '../support/is-json-object.js';
import { isJsonObject } from '../support/is-json-object.js';
import { isSchema, subschemaKind } from './subschema-keywords.js';

/** A subschema of a schema, with the reference tokens that lead to it (`['properties', 'a']`). */
export interface Subschema {
  readonly tokens: readonly string[];
  /** An object or a boolean schema. */
  readonly schema: unknown;
}

/**
 * The direct subschemas of `schema`, in key order (deterministic for a given input). Values in
 * a subschema place that are not schemas (a `dependencies` list of names, a number under `not`)
 * are not listed.
 */
export function directSubschemas(schema: JsonObject): Subschema[] {
  const found: Subschema[] = [];
  for (const [keyword, value] of Object.entries(schema)) {
    const kind = subschemaKind(keyword);
    if (kind === undefined) continue;
    if (Array.isArray(value)) {
      if (kind === 'schema-list' || kind === 'schema-or-list') {
        value.forEach((item, index) => {
          if (isSchema(item)) found.push({ tokens: [keyword, String(index)], schema: item });
        });
      }
    } else if (kind === 'schema-map') {
      if (isJsonObject(value)) {
        for (const [name, item] of Object.entries(value))
          if (isSchema(item)) found.push({ tokens: [keyword, name], schema: item });
      }
    } else if (kind !== 'schema-list' && isSchema(value)) {
      found.push({ tokens: [keyword], schema: value });
    }
  }
  return found;
}
