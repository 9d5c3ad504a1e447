/**
 * Set `target[key] = value` as an own, enumerable property without triggering the `__proto__`
 * setter: a JSON object may have a key called `__proto__` (a property of a tool's input, say),
 * and plain assignment would change the prototype instead.
 */
export function defineEntry(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
