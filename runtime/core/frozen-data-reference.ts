/**
 * The plain definition of what `frozen-data.ts` computes with its fast paths, kept beside it as
 * the named reference (test/runtime/core/frozen-data.test.ts holds them equal on generated values,
 * cycles and shared subtrees included). Slow on purpose: it walks everything a value reaches,
 * once per node asked about.
 */

/**
 * Whether `value` is data: a string, a number, a boolean, `undefined` or `null`, or a plain
 * object or array (prototype `Object.prototype` or `null`) from which only such values can be
 * reached, through any path, cycles included. What `isFrozenData` says of a value once
 * `deepFreeze` or `freezeJsonTree` has frozen it.
 */
export function isDataReference(value: unknown): boolean {
  if (value === null) return true;
  if (typeof value !== 'object')
    return ['string', 'number', 'boolean', 'undefined'].includes(typeof value);
  const seen = new Set<object>();
  const pending: object[] = [value];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    const prototype = Object.getPrototypeOf(node);
    if (!Array.isArray(node) && prototype !== Object.prototype && prototype !== null) return false;
    for (const child of Object.values(node)) {
      if (typeof child === 'object' && child !== null) pending.push(child);
      else if (!isDataReference(child)) return false;
    }
  }
  return true;
}

/** Every object `value` reaches (itself included), each once. */
export function reachableObjects(value: unknown): object[] {
  const seen = new Set<object>();
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    pending.push(...Object.values(node));
  }
  return [...seen];
}
