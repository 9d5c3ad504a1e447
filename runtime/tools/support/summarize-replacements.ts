/**
 * The structured diff summary Edit returns: one hunk per replaced occurrence, in line numbers of
 * the old and the new file, reduced to the lines that really changed.
 */

/** Lines touched by one replacement (1-based; a count of 0 means none on that side). */
export interface ReplacementHunk {
  readonly oldStart: number;
  readonly oldLines: number;
  readonly newStart: number;
  readonly newLines: number;
}

function splitLines(block: string): string[] {
  if (block === '') return [];
  const lines = block.split('\n');
  if (block.endsWith('\n')) lines.pop();
  return lines;
}

function lineNumberAt(text: string, index: number): number {
  let line = 1;
  for (let position = text.indexOf('\n'); position !== -1 && position < index; position = text.indexOf('\n', position + 1)) {
    line += 1;
  }
  return line;
}

/**
 * Hunks for replacing `oldString` by `newString` at each of `indices` (ascending, non-overlapping
 * positions in `content`). Each hunk covers the whole lines around a match; lines that read the
 * same before and after (the common leading and trailing lines) are left out.
 */
export function summarizeReplacements(
  content: string,
  oldString: string,
  newString: string,
  indices: readonly number[],
): ReplacementHunk[] {
  const hunks: ReplacementHunk[] = [];
  let lineDelta = 0;
  for (const index of indices) {
    const lineStart = content.lastIndexOf('\n', index - 1) + 1;
    const matchEnd = index + oldString.length;
    const nextBreak = content.indexOf('\n', matchEnd);
    const lineEnd = nextBreak === -1 ? content.length : nextBreak + 1;
    const prefix = content.slice(lineStart, index);
    const suffix = content.slice(matchEnd, lineEnd);
    const oldLines = splitLines(prefix + oldString + suffix);
    const newLines = splitLines(prefix + newString + suffix);
    let leading = 0;
    while (leading < oldLines.length && leading < newLines.length && oldLines[leading] === newLines[leading]) leading += 1;
    let trailing = 0;
    while (
      trailing < oldLines.length - leading &&
      trailing < newLines.length - leading &&
      oldLines[oldLines.length - 1 - trailing] === newLines[newLines.length - 1 - trailing]
    ) {
      trailing += 1;
    }
    const oldStart = lineNumberAt(content, index) + leading;
    const removed = oldLines.length - leading - trailing;
    const added = newLines.length - leading - trailing;
    hunks.push({ oldStart, oldLines: removed, newStart: oldStart + lineDelta, newLines: added });
    lineDelta += added - removed;
  }
  return hunks;
}
