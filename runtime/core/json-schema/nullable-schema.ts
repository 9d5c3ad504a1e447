/**
 * Nullability of a schema node: the strict projections make optional properties nullable, and
 * `restoreOptionalProperties` has to tell a `null` the schema means from one it was given.
 */
import { isJsonObject, type JsonObject } from '../support/is-json-object.js';
import { typeList } from './type-list.js';

/** The schema that also accepts `null` (unchanged when it already does). */
export function makeNullable(schema: unknown): unknown {
  if (!isJsonObject(schema) || acceptsNull(schema)) return schema;
  const types = typeList(schema['type']);
  if (Array.isArray(schema['anyOf']))
    return { ...schema, anyOf: [...schema['anyOf'], { type: 'null' }] };
  if (types.length > 0 && !('const' in schema) && !('$ref' in schema)) {
    const enumValues = schema['enum'];
    return {
      ...schema,
      type: [...types, 'null'],
      ...(Array.isArray(enumValues) ? { enum: [...enumValues, null] } : {}),
    };
  }
  return { anyOf: [schema, { type: 'null' }] };
}

/** Whether `schema` says outright that `null` is a valid value (refs are not followed). */
export function acceptsNull(schema: JsonObject): boolean {
  if ('const' in schema) return schema['const'] === null;
  if (Array.isArray(schema['enum'])) return schema['enum'].includes(null);
  const union = schema['anyOf'] ?? schema['oneOf'];
  if (Array.isArray(union))
    return union.some((branch) => isJsonObject(branch) && acceptsNull(branch));
  return typeList(schema['type']).includes('null');
}
