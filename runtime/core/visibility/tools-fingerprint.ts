/**
 * A stable fingerprint of what the model sees, so a host can tell when its prompt prefix (and
 * with it the provider's prompt cache) changed.
 */
import { sha256Hex } from '../support/lazy-crypto.js';

/**
 * JSON with object keys sorted by code unit at every level (arrays keep their order), so two
 * equal values always give the same bytes whatever order their keys were built in. `undefined`
 * properties are left out, as `JSON.stringify` does.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  // A null prototype makes a `__proto__` key (legal in JSON Schema property names) an own property.
  const sorted: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(value).sort())
    sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
  return sorted;
}

/** Lower-case hex SHA-256 of the canonical JSON of `contracts` (order matters, as for the model). */
export function toolsFingerprint(contracts: readonly unknown[]): string {
  return sha256Hex(canonicalJson(contracts));
}
