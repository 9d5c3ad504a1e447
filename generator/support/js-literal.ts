/**
 * Source text for JavaScript literals in generated code.
 *
 * Every string the generator prints into a `.ts`/`.js` file goes through here, so that any
 * manifest text (quotes, backticks, `${`, `*\/`, line separators, lone surrogates) comes back
 * as exactly the same string when the module is imported, and can never end the literal early.
 */

/**
 * A string literal: `JSON.stringify` (which, since ES2019, also escapes lone surrogates) plus
 * U+2028/U+2029, which are legal inside a JS string but break a "one field per line" layout
 * and confuse tools that split lines on them.
 */
export function jsString(value: string): string {
  return JSON.stringify(value)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A literal for any JSON value, on one line. `undefined` is not a JSON value and is refused. */
export function jsJson(value: unknown): string {
  if (typeof value === 'string') return jsString(value);
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`not a JSON number: ${value}`);
    return Object.is(value, -0) ? '0' : String(value);
  }
  if (Array.isArray(value)) return `[${value.map(jsJson).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(
      ([, v]) => v !== undefined,
    );
    if (entries.length === 0) return '{}';
    return `{ ${entries.map(([key, v]) => `${jsPropertyKey(key)}: ${jsJson(v)}`).join(', ')} }`;
  }
  throw new TypeError(`not a JSON value: ${typeof value}`);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * An object-literal key. Plain identifiers stay bare; anything else is a quoted string.
 * `__proto__` is written computed (`["__proto__"]`): as a plain or quoted key it would set the
 * object's prototype instead of creating a property.
 */
export function jsPropertyKey(key: string): string {
  if (key === '__proto__') return `[${jsString(key)}]`;
  return IDENTIFIER.test(key) ? key : jsString(key);
}

/**
 * Text for a line comment or JSDoc: line breaks become spaces, `*\/` cannot close a comment,
 * and lone surrogates (which UTF-8 cannot encode) are spelled as `\uXXXX`.
 */
export function commentText(value: string): string {
  return wellFormed(value)
    .replace(/\r\n|[\r\n\u2028\u2029]/g, ' ')
    .replace(/\*\//g, '*\\/');
}

/**
 * Replace lone surrogates by their `\uXXXX` spelling. Output files are UTF-8, which has no
 * encoding for a lone surrogate: written raw, it would silently become U+FFFD on disk and the
 * file would never compare equal to what the generator produced in memory.
 */
export function wellFormed(value: string): string {
  return value.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Whether `value` can be written as UTF-8 and read back unchanged. */
export function isWellFormed(value: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);
}
