/**
 * `cat -n` numbering, shared by Read (whole slices) and Edit (the snippet around a change): the
 * 1-based line number right-aligned in six columns, a tab, then the line.
 */
export function formatNumberedLine(lineNumber: number, text: string): string {
  return `${String(lineNumber).padStart(6, ' ')}\t${text}`;
}
