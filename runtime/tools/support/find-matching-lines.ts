/**
 * The line-matching core of Grep: which lines of a text match a regular expression. Per line by
 * default; with `multiline`, over the whole text, where a match marks every line it spans.
 */

/** Lines of `text` without their terminators (`\n` or `\r\n`); a final terminator adds no line. */
export function splitTextLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

/**
 * Zero-based indices of the matching lines of `lines` (ascending). `pattern` is used as is for
 * single-line matching (no `g` flag, so `test` keeps no state); for `multiline` a global copy
 * is run over `lines` joined with `\n`.
 */
export function findMatchingLines(
  lines: readonly string[],
  pattern: RegExp,
  multiline: boolean,
): number[] {
  if (!multiline) {
    const matched: number[] = [];
    lines.forEach((line, index) => {
      if (pattern.test(line)) matched.push(index);
    });
    return matched;
  }
  const text = lines.join('\n');
  const lineStarts: number[] = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1))
    lineStarts.push(index + 1);
  const lineOf = (offset: number): number => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((lineStarts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  const global = new RegExp(
    pattern.source,
    pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
  );
  const matched = new Set<number>();
  for (let match = global.exec(text); match !== null; match = global.exec(text)) {
    const first = lineOf(match.index);
    const last = lineOf(match.index + Math.max(match[0].length - 1, 0));
    for (let line = first; line <= last; line += 1) matched.add(line);
    // An empty match would be found again at the same place forever.
    if (match[0].length === 0) global.lastIndex += 1;
  }
  return [...matched].sort((left, right) => left - right);
}
