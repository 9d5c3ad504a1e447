/**
 * `kebab(name)` of docs/architecture.md: split CamelCase, `_` and `-` into lower-case words joined
 * by `-`. `WebFetch` → `web-fetch`, `submit_result` → `submit-result`, `js` → `js`.
 *
 * A run of capitals stays one word unless it is followed by a lower-case letter, which starts the
 * next word (`HTTPFetch` → `http-fetch`), so acronyms do not explode into single letters.
 */
export function kebabCase(name: string): string {
  return name
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.toLowerCase())
    .join('-');
}
