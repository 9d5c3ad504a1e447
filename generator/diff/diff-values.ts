/** Small value helpers of `diff`: canonical comparison and short descriptions for messages. */

/** JSON with object keys sorted: two values are the same exactly when these texts are equal. */
export function canonicalText(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'undefined';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort((left, right) => (left < right ? -1 : left > right ? 1 : 0))
        .map((key) => [key, sortKeys(record[key])]),
    );
  }
  return value;
}

/** Maximum length of a value quoted in a message. */
const MAX_SHOWN = 40;

/** A value for a message: `"text"`, `42`, `[a, b]`, `(none)`; long texts are cut with `…`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return '(none)';
  const text = typeof value === 'string' ? JSON.stringify(value) : canonicalText(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
}
