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

/** Characters of context kept on each side of the part of a text that changed. */
const CONTEXT = 12;

/**
 * `from → to` for a message. Two texts are shown around the part that differs (`…against" →
 * "…against, e.g. \"src/**\""`), so a long description with one word changed still says which.
 */
export function describeChange(from: unknown, to: unknown): string {
  if (typeof from !== 'string' || typeof to !== 'string')
    return `${describeValue(from)} → ${describeValue(to)}`;
  let prefix = 0;
  while (prefix < from.length && prefix < to.length && from[prefix] === to[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < from.length - prefix &&
    suffix < to.length - prefix &&
    from[from.length - 1 - suffix] === to[to.length - 1 - suffix]
  )
    suffix++;
  const start = Math.max(0, prefix - CONTEXT);
  const excerpt = (text: string): string => {
    const end = Math.min(text.length, text.length - suffix + CONTEXT);
    return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
  };
  return `${describeValue(excerpt(from))} → ${describeValue(excerpt(to))}`;
}
