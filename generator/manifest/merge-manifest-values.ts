/**
 * The `extends` merge: the base's raw YAML value overlaid with the child's. Mappings merge key by
 * key (recursively); lists, scalars and `null` in the child replace the base's value whole, so a
 * child can shorten a list or clear a field without inheriting stray items.
 *
 * Works on raw YAML values, before validation, so defaults the base never wrote do not count as
 * "set" and the merged value is validated like any manifest.
 */
export function mergeManifestValues(base: unknown, child: unknown): unknown {
  if (!isMapping(base) || !isMapping(child)) return child === undefined ? base : child;
  const merged: Record<string, unknown> = {};
  for (const key of Object.keys(base)) defineValue(merged, key, base[key]);
  for (const key of Object.keys(child)) {
    defineValue(
      merged,
      key,
      Object.hasOwn(merged, key) ? mergeManifestValues(merged[key], child[key]) : child[key],
    );
  }
  return merged;
}

/** Plain assignment would treat a `__proto__` key as the prototype; YAML keys are just data. */
function defineValue(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)
  );
}
