import type { JsonSchema } from '../../core/contract.js';
import { resolveLocalRef } from '../../core/json-schema/json-pointer.js';
import { acceptsNull } from '../../core/json-schema/nullable-schema.js';
import { typeList } from '../../core/json-schema/type-list.js';
import { isJsonObject } from '../../core/support/is-json-object.js';

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
  if (!isJsonObject(node)) return value;
  const ref = node['$ref'];
  if (typeof ref === 'string' && ref.startsWith('#') && hops < MAX_REF_HOPS)
    return restore(value, resolveLocalRef(root, ref), root, hops + 1);
  const union = node['anyOf'] ?? node['oneOf'];
  if (Array.isArray(union)) {
    const branch = union.find((candidate) => fits(value, candidate, root));
    return branch === undefined ? value : restore(value, branch, root, hops);
  }
  if (Array.isArray(value)) {
    const items = node['items'];
    return isJsonObject(items) ? value.map((item) => restore(item, items, root, hops)) : value;
  }
  if (!isJsonObject(value)) return value;
  const properties = isJsonObject(node['properties']) ? node['properties'] : {};
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
  return isJsonObject(resolved) && acceptsNull(resolved);
}

/** Whether `value` could be meant for `branch`: its type, and for objects, no unknown keys. */
function fits(value: unknown, branch: unknown, root: JsonSchema): boolean {
  const resolved = resolveRef(branch, root);
  if (resolved === true) return true;
  if (!isJsonObject(resolved)) return false;
  if ('const' in resolved) return Object.is(resolved['const'], value);
  if (Array.isArray(resolved['enum'])) return resolved['enum'].includes(value);
  const nested = resolved['anyOf'] ?? resolved['oneOf'];
  if (Array.isArray(nested)) return nested.some((candidate) => fits(value, candidate, root));
  const types = typeList(resolved['type']);
  if (!types.some((type) => hasType(value, type))) return false;
  if (isJsonObject(value) && isJsonObject(resolved['properties'])) {
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
      return isJsonObject(value);
    default:
      return false;
  }
}

function resolveRef(schema: unknown, root: JsonSchema): unknown {
  let node = schema;
  for (
    let hops = 0;
    hops < MAX_REF_HOPS && isJsonObject(node) && typeof node['$ref'] === 'string';
    hops += 1
  ) {
    if (!node['$ref'].startsWith('#')) return node;
    node = resolveLocalRef(root, node['$ref']);
  }
  return node;
}
