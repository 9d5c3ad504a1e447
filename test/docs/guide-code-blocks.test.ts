/**
 * Every code block of the host and provider guides is compiled or run, so none can drift:
 * - a `ts` block is an excerpt of a file in `examples/` (the same lines, whatever their
 *   indentation): those files are type-checked with the project and run by `test/examples/`;
 * - a `sh` block is a `tool-contracts list` command, run here, which must succeed;
 * - a `text` block is a refusal the runtime makes, checked against `restrictedToolContent`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { run as runList } from '../../cli/list-command.js';
import { restrictedToolContent } from '../../runtime/core/visibility/turn-filter.js';
import { codeBlocks } from './markdown-code-blocks.js';

const ROOT = path.join(import.meta.dirname, '..', '..');
const GUIDES = ['docs/embedding.md', 'docs/providers.md'];

const BLOCKS = GUIDES.flatMap((guide) => codeBlocks(ROOT, guide));
const EXAMPLES = readdirSync(path.join(ROOT, 'examples'))
  .filter((file) => file.endsWith('.ts'))
  .map((file) => ({
    file: `examples/${file}`,
    lines: readFileSync(path.join(ROOT, 'examples', file), 'utf8')
      .split('\n')
      .map((line) => line.trim()),
  }));

function excerptOf(text: string): string | undefined {
  const wanted = text.split('\n').map((line) => line.trim());
  return EXAMPLES.find(({ lines }) =>
    lines.some((_, start) => wanted.every((line, offset) => lines[start + offset] === line)),
  )?.file;
}

test('the guides have code blocks, each in a language this test checks', () => {
  expect(BLOCKS.length).toBeGreaterThan(5);
  for (const block of BLOCKS)
    expect(`${block.guide}:${block.line} ${block.language}`).toMatch(/ (ts|sh|text)$/);
});

describe.each(BLOCKS.filter((block) => block.language === 'ts'))('$guide:$line (ts)', (block) => {
  test('is an excerpt of a file in examples/', () => {
    expect(excerptOf(block.text)).toMatch(/^examples\//);
  });
});

describe.each(BLOCKS.filter((block) => block.language === 'sh'))('$guide:$line (sh)', (block) => {
  test('runs and succeeds', async () => {
    const [command, subcommand, ...args] = block.text.trim().split(/\s+/);
    expect([command, subcommand]).toEqual(['tool-contracts', 'list']);
    const err: string[] = [];
    const code = await runList(args, {
      out: () => {},
      err: (text) => err.push(text),
      cwd: ROOT,
      color: false,
    });
    expect({ code, err: err.join('\n') }).toEqual({ code: 0, err: '' });
  });
});

describe.each(BLOCKS.filter((block) => block.language === 'text'))(
  '$guide:$line (text)',
  (block) => {
    test('is the refusal the runtime makes (the list of tools elided)', () => {
      const made = restrictedToolContent('CronCreate', 'a cron turn', ['Read', 'Bash', '…']);
      expect(block.text).toBe(made);
    });
  },
);
