/**
 * Host values of unknown shape (a workflow's progress or result, a snippet's return value) shown
 * to the model as JSON text. Never throws: values JSON cannot represent get a readable stand-in.
 */

/**
 * `value` as indented JSON; `undefined` → `undefined`, a bigint → its digits, a cycle →
 * `"[Circular]"`, a function → `"[Function name]"`.
 */
export function toJsonText(value: unknown): string {
  if (value === undefined) return 'undefined';
  const ancestors: object[] = [];
  const text = JSON.stringify(
    value,
    function replacer(this: unknown, _key: string, current: unknown): unknown {
      if (typeof current === 'bigint') return current.toString();
      if (typeof current === 'function') return `[Function ${current.name || 'anonymous'}]`;
      if (typeof current === 'symbol') return current.toString();
      if (current !== null && typeof current === 'object') {
        // `this` is the object holding `current`: drop ancestors that are no longer on the path.
        while (ancestors.length > 0 && ancestors[ancestors.length - 1] !== this) ancestors.pop();
        if (ancestors.includes(current)) return '[Circular]';
        ancestors.push(current);
      }
      return current;
    },
    2,
  );
  return text ?? 'undefined';
}
