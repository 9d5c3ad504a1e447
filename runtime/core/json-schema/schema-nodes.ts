import { isJsonObject, type JsonObject } from '../support/is-json-object.js';
import { directSubschemas } from './direct-subschemas.js';
import { formatJsonPointer } from './json-pointer.js';

/** Every schema object in `schema` with its JSON pointer, parents before children, in key order. */
export function* schemaNodes(schema: unknown, pointer = ''): Generator<[JsonObject, string]> {
  if (!isJsonObject(schema)) return;
  yield [schema, pointer];
  for (const child of directSubschemas(schema))
    yield* schemaNodes(child.schema, `${pointer}${formatJsonPointer(child.tokens)}`);
}
