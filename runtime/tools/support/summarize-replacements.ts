/**
 * The structured diff summary Edit returns: one hunk per run of replacements that share lines, in
 * line numbers of the old and the new file, reduced to the lines that really changed.
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
  for (
    let position = text.indexOf('\n');
    position !== -1 && position < index;
    position = text.indexOf('\n', position + 1)
  ) {
    line += 1;
  }
  return line;
}

/** Start of the line holding `index` (`lastIndexOf` with a negative start would look at 0). */
function lineStartOf(text: string, index: number): number {
  return index === 0 ? 0 : text.lastIndexOf('\n', index - 1) + 1;
}

/** End of the line holding `index - 1`, past its line break (the text's end for the last line). */
function lineEndAfter(text: string, index: number): number {
  const nextBreak = text.indexOf('\n', index);
  return nextBreak === -1 ? text.length : nextBreak + 1;
}

/**
 * Hunks for replacing `oldString` by `newString` at each of `indices` (ascending, non-overlapping
 * positions in `content`). A hunk covers the whole lines around its matches; matches whose lines
 * overlap (two on one line, or one ending in a line break and the next on the following line)
 * share one hunk, because replacing them one by one would count the same line twice. Lines that
 * read the same before and after (the common leading and trailing lines) are left out.
 */
export function summarizeReplacements(
  content: string,
  oldString: string,
  newString: string,
  indices: readonly number[],
): ReplacementHunk[] {
  const hunks: ReplacementHunk[] = [];
  let lineDelta = 0;
  for (let first = 0; first < indices.length;) {
    const blockStart = lineStartOf(content, indices[first]!);
    let last = first;
    let blockEnd = lineEndAfter(content, indices[last]! + oldString.length);
    while (last + 1 < indices.length && lineStartOf(content, indices[last + 1]!) < blockEnd) {
      last += 1;
      blockEnd = lineEndAfter(content, indices[last]! + oldString.length);
    }
    let replaced = '';
    let position = blockStart;
    for (let match = first; match <= last; match += 1) {
      replaced += content.slice(position, indices[match]) + newString;
      position = indices[match]! + oldString.length;
    }
    replaced += content.slice(position, blockEnd);
    const oldLines = splitLines(content.slice(blockStart, blockEnd));
    const newLines = splitLines(replaced);
    let leading = 0;
    while (
      leading < oldLines.length &&
      leading < newLines.length &&
      oldLines[leading] === newLines[leading]
    )
      leading += 1;
    let trailing = 0;
    while (
      trailing < oldLines.length - leading &&
      trailing < newLines.length - leading &&
      oldLines[oldLines.length - 1 - trailing] === newLines[newLines.length - 1 - trailing]
    ) {
      trailing += 1;
    }
    const oldStart = lineNumberAt(content, blockStart) + leading;
    const removed = oldLines.length - leading - trailing;
    const added = newLines.length - leading - trailing;
    hunks.push({ oldStart, oldLines: removed, newStart: oldStart + lineDelta, newLines: added });
    lineDelta += added - removed;
    first = last + 1;
  }
  return hunks;
}
