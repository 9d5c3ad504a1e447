/**
 * Visit the subschemas of a JSON Schema, and only those.
 *
 * `properties` is a map of schemas but `default`, `const`, `enum` and `examples` hold values:
 * a property called `$ref`, or a default value with a `properties` key, is data and must not
 * be rewritten. This module is the one place that knows which keywords hold schemas.
 */

/** A JSON Schema object; `true`/`false` schemas are passed through untouched. */
export type JsonSchemaNode = { [key: string]: unknown };

/** Keywords whose value is one subschema. */
const SINGLE = new Set([
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
]);
/** Keywords whose value is a list of subschemas (`items` may be either, draft 7 tuples). */
const LIST = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
/** Keywords whose value maps names to subschemas. */
const MAP = new Set([
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'dependentSchemas',
]);

export function isSchemaObject(value: unknown): value is JsonSchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Rebuild `schema` bottom-up: every subschema is mapped first, then `visit` sees the node with
 * its children already mapped, and the JSON pointer of the node. Returns new objects; the input
 * is not modified.
 */
export function mapSchemaNodes(
  schema: unknown,
  visit: (node: JsonSchemaNode, pointer: string) => JsonSchemaNode,
  pointer = '',
): unknown {
  if (!isSchemaObject(schema)) return schema;
  const mapped: JsonSchemaNode = {};
  for (const [key, value] of Object.entries(schema)) {
    const at = `${pointer}/${escapePointer(key)}`;
    if (SINGLE.has(key) || (key === 'items' && !Array.isArray(value))) {
      defineEntry(mapped, key, mapSchemaNodes(value, visit, at));
    } else if ((LIST.has(key) || key === 'items') && Array.isArray(value)) {
      defineEntry(
        mapped,
        key,
        value.map((item, index) => mapSchemaNodes(item, visit, `${at}/${index}`)),
      );
    } else if (MAP.has(key) && isSchemaObject(value)) {
      const children: JsonSchemaNode = {};
      for (const [name, child] of Object.entries(value)) {
        defineEntry(children, name, mapSchemaNodes(child, visit, `${at}/${escapePointer(name)}`));
      }
      defineEntry(mapped, key, children);
    } else {
      defineEntry(mapped, key, value);
    }
  }
  return visit(mapped, pointer);
}

/** Every subschema with its pointer, parents before children. */
export function* schemaNodes(schema: unknown, pointer = ''): Generator<[JsonSchemaNode, string]> {
  if (!isSchemaObject(schema)) return;
  yield [schema, pointer];
  for (const [key, value] of Object.entries(schema)) {
    const at = `${pointer}/${escapePointer(key)}`;
    if (SINGLE.has(key) || (key === 'items' && !Array.isArray(value))) {
      yield* schemaNodes(value, at);
    } else if ((LIST.has(key) || key === 'items') && Array.isArray(value)) {
      for (const [index, item] of value.entries()) yield* schemaNodes(item, `${at}/${index}`);
    } else if (MAP.has(key) && isSchemaObject(value)) {
      for (const [name, child] of Object.entries(value))
        yield* schemaNodes(child, `${at}/${escapePointer(name)}`);
    }
  }
}

/** RFC 6901: `~` → `~0`, `/` → `~1`. */
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Assign without triggering the `__proto__` setter. */
export function defineEntry(target: JsonSchemaNode, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
