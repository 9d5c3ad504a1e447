/**
 * The line-matching core of Grep: which lines of a text match a pattern. Per line by default;
 * with `multiline`, over the whole text, where a match marks every line it spans. The engine is
 * the caller's ({@link LineMatcher}): the linear-time one, or JavaScript's for the patterns only
 * it can run (off the main thread, see `backtracking-line-search.ts`, which gives its match
 * ranges to {@link linesSpannedBy}).
 */

/** What line matching needs of a compiled pattern. */
export interface LineMatcher {
  /** Whether `line` contains a match. */
  test(line: string): boolean;
  /** Each match in `text` as `[start, end)` string offsets, left to right. */
  matches(text: string): Iterable<readonly [number, number]>;
}

/** Lines of `text` without their terminators (`\n` or `\r\n`); a final terminator adds no line. */
export function splitTextLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

/** Zero-based indices of the matching lines of `lines` (ascending). */
export function findMatchingLines(
  lines: readonly string[],
  matcher: LineMatcher,
  multiline: boolean,
): number[] {
  if (!multiline) {
    const matched: number[] = [];
    lines.forEach((line, index) => {
      if (matcher.test(line)) matched.push(index);
    });
    return matched;
  }
  const text = lines.join('\n');
  return linesSpannedBy(text, matcher.matches(text));
}

/**
 * The lines (zero-based, ascending) of `text` (lines joined with `\n`) that the `[start, end)`
 * ranges cover; an empty range marks the line it is on.
 */
export function linesSpannedBy(
  text: string,
  ranges: Iterable<readonly [number, number]>,
): number[] {
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
  const matched = new Set<number>();
  for (const [start, end] of ranges) {
    const first = lineOf(start);
    const last = lineOf(start + Math.max(end - start - 1, 0));
    for (let line = first; line <= last; line += 1) matched.add(line);
  }
  return [...matched].sort((left, right) => left - right);
}
