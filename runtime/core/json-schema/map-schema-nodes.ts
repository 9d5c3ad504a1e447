import { isJsonObject, type JsonObject } from '../support/is-json-object.js';
import { formatJsonPointer } from './json-pointer.js';
import { mapSubschemas } from './map-subschemas.js';

/**
 * Rebuild `schema` bottom-up: every subschema is mapped first, then `visit` sees the node with
 * its children already mapped, and the JSON pointer of the node. Returns new objects; the input
 * is not modified. Boolean schemas and non-schema values are passed through untouched.
 */
export function mapSchemaNodes(
  schema: unknown,
  visit: (node: JsonObject, pointer: string) => JsonObject,
  pointer = '',
): unknown {
  if (!isJsonObject(schema)) return schema;
  const mapped = mapSubschemas(schema, (child, tokens) =>
    mapSchemaNodes(child, visit, `${pointer}${formatJsonPointer(tokens)}`),
  );
  return visit(mapped, pointer);
}
