import { isJsonObject, type JsonObject } from '../support/is-json-object.js';
import { isSchema, subschemaKind } from './subschema-keywords.js';

/**
 * Rebuild `schema` with every direct subschema (the places {@link directSubschemas} lists)
 * replaced by `map(subschema, tokens)`; every other keyword and value is kept as it is, in its
 * place. Returns a new object; a key named `__proto__` stays an own property.
 */
export function mapSubschemas(
  schema: JsonObject,
  map: (subschema: unknown, tokens: readonly string[]) => unknown,
): JsonObject {
  const entries: [string, unknown][] = [];
  for (const [keyword, value] of Object.entries(schema)) {
    const kind = subschemaKind(keyword);
    if (kind === undefined) {
      entries.push([keyword, value]);
    } else if (Array.isArray(value)) {
      entries.push([
        keyword,
        kind === 'schema-list' || kind === 'schema-or-list'
          ? value.map((item, index) =>
              isSchema(item) ? map(item, [keyword, String(index)]) : item,
            )
          : value,
      ]);
    } else if (kind === 'schema-map') {
      entries.push([
        keyword,
        isJsonObject(value)
          ? Object.fromEntries(
              Object.entries(value).map(([name, item]) => [
                name,
                isSchema(item) ? map(item, [keyword, name]) : item,
              ]),
            )
          : value,
      ]);
    } else if (kind !== 'schema-list' && isSchema(value)) {
      entries.push([keyword, map(value, [keyword])]);
    } else {
      entries.push([keyword, value]);
    }
  }
  return Object.fromEntries(entries);
}
