/** Code-unit order, independent of the process locale (reports must be byte-identical everywhere). */
export function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
