/**
 * The JSON Schema node that describes a place in an instance (a value the schema judges), by
 * the place's path (`['edits', 0, 'old_string']`). Zod 3 issues leave out facts the model needs
 * (which regular expression failed, which values an enum allows); the model-facing schema has
 * them.
 */
import type { JsonSchema } from '../contract.js';
import { isJsonObject } from '../support/is-json-object.js';

/** A place in an instance: property names and array indexes, from the root. */
export type InstancePath = readonly (string | number)[];

/**
 * The schema node at `path`, following `properties`, `additionalProperties`, `items` and
 * `prefixItems`; through a `oneOf` / `anyOf` only when exactly one branch has the next step.
 * `undefined` when the path leaves the schema or is ambiguous.
 */
export function jsonSchemaNodeAt(schema: JsonSchema, path: InstancePath): JsonSchema | undefined {
  let node: JsonSchema | undefined = schema;
  for (const segment of path) {
    if (node === undefined) return undefined;
    node = childNode(node, segment);
  }
  return node;
}

function childNode(node: JsonSchema, segment: string | number): JsonSchema | undefined {
  const direct = directChild(node, segment);
  if (direct !== undefined) return direct;
  const branches = [node['oneOf'], node['anyOf']].flatMap((list) =>
    Array.isArray(list) ? list : [],
  );
  const matches = branches.filter(isJsonObject).map((branch) => directChild(branch, segment));
  const found = matches.filter((match) => match !== undefined);
  return found.length === 1 ? found[0] : undefined;
}

function directChild(node: JsonSchema, segment: string | number): JsonSchema | undefined {
  if (typeof segment === 'number') {
    const prefixItems = node['prefixItems'];
    if (Array.isArray(prefixItems) && isJsonObject(prefixItems[segment]))
      return prefixItems[segment];
    return isJsonObject(node['items']) ? node['items'] : undefined;
  }
  const properties = node['properties'];
  if (
    isJsonObject(properties) &&
    Object.hasOwn(properties, segment) &&
    isJsonObject(properties[segment])
  ) {
    return properties[segment];
  }
  return isJsonObject(node['additionalProperties']) ? node['additionalProperties'] : undefined;
}

/** The JSON type(s) a schema node declares, `string | null` style, or `undefined` when it has none. */
export function declaredJsonType(node: JsonSchema | undefined): string | undefined {
  const type = node?.['type'];
  if (typeof type === 'string') return type;
  if (Array.isArray(type) && type.every((entry) => typeof entry === 'string'))
    return type.join(' | ');
  return undefined;
}
