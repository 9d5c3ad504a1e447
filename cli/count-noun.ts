/** `1 tool`, `2 tools`, `0 files`: a count with its noun, singular exactly when the count is 1. */
export function count(value: number, noun: string): string {
  return `${value} ${noun}${value === 1 ? '' : 's'}`;
}
