/**
 * Compare by UTF-16 code units, like `Array.prototype.sort` without a comparator. Not
 * `localeCompare`: its result depends on the ICU data and locale of the process (case and
 * punctuation such as `_` and `-` sort differently across locales), so two machines could send
 * the same tools in different orders and invalidate each other's prompt cache, or write the same
 * generated file in two orders.
 */
export function compareCodeUnits(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
