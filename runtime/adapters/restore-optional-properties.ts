import type { JsonSchema } from '../contract.js';
import { localRefPointer, parseJsonPointer, resolveJsonPointer } from './json-pointer.js';
import { isSchemaObject } from './schema-keywords.js';
import { acceptsNull } from './nullable-schema.js';

/**
 * Undo the one change a `requireAllProperties` strict projection makes to what the model sends:
 * an optional property had to become required and nullable, so the model sends `null` where it
 * means "not given". Every such `null` is removed, guided by the *original* schema: a property
 * that is optional there and whose schema does not itself accept `null`. Everything else,
 * including a `null` the original accepts, is kept as sent. The result is a new value; the input
 * is not modified.
 *
 * Unions are followed into the first branch that fits the value's type and keys; `$ref`s are
 * followed within `schema`.
 */
export function restoreOptionalProperties(value: unknown, schema: JsonSchema): unknown {
  return restore(value, schema, schema, 0);
}

/** Refs can loop (`#` inside the root); a value is finite, but a ref chain need not be. */
const MAX_REF_HOPS = 64;

function restore(value: unknown, node: unknown, root: JsonSchema, hops: number): unknown {
  if (!isSchemaObject(node)) return value;
  const ref = node['$ref'];
  if (typeof ref === 'string' && hops < MAX_REF_HOPS) {
    const pointer = localRefPointer(ref);
    if (pointer !== undefined) {
      try {
        return restore(value, resolveJsonPointer(root, parseJsonPointer(pointer)), root, hops + 1);
      } catch {
        return value;
      }
    }
  }
  const union = node['anyOf'] ?? node['oneOf'];
  if (Array.isArray(union)) {
    const branch = union.find((candidate) => fits(value, candidate, root));
    return branch === undefined ? value : restore(value, branch, root, hops);
  }
  if (Array.isArray(value)) {
    const items = node['items'];
    return isSchemaObject(items) ? value.map((item) => restore(item, items, root, hops)) : value;
  }
  if (!isPlainObject(value)) return value;
  const properties = isSchemaObject(node['properties']) ? node['properties'] : {};
  const required = new Set(Array.isArray(node['required']) ? node['required'] : []);
  const entries: [string, unknown][] = [];
  for (const [name, item] of Object.entries(value)) {
    const propertySchema = Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (
      item === null &&
      propertySchema !== undefined &&
      !required.has(name) &&
      !nullAllowed(propertySchema, root)
    ) {
      continue;
    }
    entries.push([
      name,
      propertySchema === undefined ? item : restore(item, propertySchema, root, hops),
    ]);
  }
  return Object.fromEntries(entries);
}

function nullAllowed(schema: unknown, root: JsonSchema): boolean {
  if (schema === true) return true;
  const resolved = resolveRef(schema, root);
  return isSchemaObject(resolved) && acceptsNull(resolved);
}

/** Whether `value` could be meant for `branch`: its type, and for objects, no unknown keys. */
function fits(value: unknown, branch: unknown, root: JsonSchema): boolean {
  const resolved = resolveRef(branch, root);
  if (resolved === true) return true;
  if (!isSchemaObject(resolved)) return false;
  if ('const' in resolved) return Object.is(resolved['const'], value);
  if (Array.isArray(resolved['enum'])) return resolved['enum'].includes(value);
  const nested = resolved['anyOf'] ?? resolved['oneOf'];
  if (Array.isArray(nested)) return nested.some((candidate) => fits(value, candidate, root));
  const types =
    typeof resolved['type'] === 'string'
      ? [resolved['type']]
      : Array.isArray(resolved['type'])
        ? resolved['type']
        : [];
  if (!types.some((type) => hasType(value, type))) return false;
  if (isPlainObject(value) && isSchemaObject(resolved['properties'])) {
    const properties = resolved['properties'];
    const open = resolved['additionalProperties'] !== false;
    return open || Object.keys(value).every((key) => Object.hasOwn(properties, key));
  }
  return true;
}

function hasType(value: unknown, type: unknown): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return Number.isInteger(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isPlainObject(value);
    default:
      return false;
  }
}

function resolveRef(schema: unknown, root: JsonSchema): unknown {
  let node = schema;
  for (
    let hops = 0;
    hops < MAX_REF_HOPS && isSchemaObject(node) && typeof node['$ref'] === 'string';
    hops += 1
  ) {
    const pointer = localRefPointer(node['$ref']);
    if (pointer === undefined) return node;
    try {
      node = resolveJsonPointer(root, parseJsonPointer(pointer));
    } catch {
      return node;
    }
  }
  return node;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
