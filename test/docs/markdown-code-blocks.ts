/** The fenced code blocks of a Markdown guide, for the tests that check them. */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface CodeBlock {
  /** The guide's path relative to `root`. */
  readonly guide: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  /** The fence's info string (`ts`, `sh`, …); empty for a block without one. */
  readonly language: string;
  readonly text: string;
}

export function codeBlocks(root: string, guide: string): CodeBlock[] {
  const lines = readFileSync(path.join(root, guide), 'utf8').split('\n');
  const blocks: CodeBlock[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const open = /^```(\S*)$/.exec(lines[index]!);
    if (open === null) continue;
    const end = lines.indexOf('```', index + 1);
    if (end === -1) throw new Error(`${guide}:${index + 1}: a code block is never closed`);
    blocks.push({
      guide,
      line: index + 1,
      language: open[1]!,
      text: lines.slice(index + 1, end).join('\n'),
    });
    index = end;
  }
  return blocks;
}
