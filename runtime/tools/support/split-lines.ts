/**
 * A text's lines as `node:readline` (with `crlfDelay: Infinity`) yields them: `\r\n`, `\n` and a
 * lone `\r` end a line; a final line terminator starts no further line; an empty text has none.
 * Read uses it for files it reads in one piece, and readline for larger ones, with one result.
 */
const LINE_TERMINATOR = /\r\n|\n|\r/;

export function splitLines(text: string): string[] {
  if (text.length === 0) return [];
  const lines = text.split(LINE_TERMINATOR);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}
