/**
 * Look-ups by issue path: the JSON Schema node that describes a place in the input, and the
 * value found there. Zod 3 issues leave out facts the model needs (which regular expression
 * failed, which values an enum allows); the model-facing schema has them.
 */
import type { JsonSchema } from '../contract.js';
import type { IssuePath } from './zod4-issue.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The schema node at `path`, following `properties`, `additionalProperties`, `items` and
 * `prefixItems`; through a `oneOf` / `anyOf` only when exactly one branch has the next step.
 * `undefined` when the path leaves the schema or is ambiguous.
 */
export function jsonSchemaNodeAt(schema: JsonSchema, path: IssuePath): JsonSchema | undefined {
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
  const matches = branches.filter(isRecord).map((branch) => directChild(branch, segment));
  const found = matches.filter((match) => match !== undefined);
  return found.length === 1 ? found[0] : undefined;
}

function directChild(node: JsonSchema, segment: string | number): JsonSchema | undefined {
  if (typeof segment === 'number') {
    const prefixItems = node['prefixItems'];
    if (Array.isArray(prefixItems) && isRecord(prefixItems[segment])) return prefixItems[segment];
    return isRecord(node['items']) ? node['items'] : undefined;
  }
  const properties = node['properties'];
  if (isRecord(properties) && Object.hasOwn(properties, segment) && isRecord(properties[segment])) {
    return properties[segment];
  }
  return isRecord(node['additionalProperties']) ? node['additionalProperties'] : undefined;
}

/** The JSON type(s) a schema node declares, `string | null` style, or `undefined` when it has none. */
export function declaredJsonType(node: JsonSchema | undefined): string | undefined {
  const type = node?.['type'];
  if (typeof type === 'string') return type;
  if (Array.isArray(type) && type.every((entry) => typeof entry === 'string'))
    return type.join(' | ');
  return undefined;
}

/** Whether `path` names a place in `value` that holds something (an own property or an index). */
export function hasValueAt(value: unknown, path: IssuePath): boolean {
  let current: unknown = value;
  for (const segment of path) {
    if (typeof segment === 'number') {
      if (!Array.isArray(current) || segment >= current.length) return false;
      current = current[segment];
    } else {
      if (!isRecord(current) || !Object.hasOwn(current, segment)) return false;
      current = current[segment];
    }
  }
  return current !== undefined;
}

/** The value at `path` in `value`, or `undefined`. */
export function valueAt(value: unknown, path: IssuePath): unknown {
  let current: unknown = value;
  for (const segment of path) {
    if (typeof segment === 'number') {
      current = Array.isArray(current) ? current[segment] : undefined;
    } else {
      current = isRecord(current) && Object.hasOwn(current, segment) ? current[segment] : undefined;
    }
  }
  return current;
}
