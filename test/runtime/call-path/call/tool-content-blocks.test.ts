/** Media blocks within the result budget, and the text a client without media reads. */
import { describe, expect, test } from 'vitest';
import {
  blocksToText,
  budgetContentBlocks,
} from '../../../../runtime/call-path/call/tool-content-blocks.js';
import type { ToolContentBlock } from '../../../../runtime/core/contract.js';

const image: ToolContentBlock = { type: 'image', mediaType: 'image/png', data: 'A'.repeat(40) };

describe('budgetContentBlocks', () => {
  test.each<[string, ToolContentBlock[], number, unknown, number]>([
    [
      'everything fits',
      [{ type: 'text', text: 'hi' }, image],
      100,
      [{ type: 'text', text: 'hi' }, image],
      0,
    ],
    [
      'an image over the budget is replaced by its description and a note',
      [{ type: 'text', text: 'hi' }, image],
      35,
      [
        { type: 'text', text: 'hi' },
        { type: 'text', text: '[image: image/png, 30 bytes] (lef' },
      ],
      1,
    ],
    [
      'a long text is cut',
      [{ type: 'text', text: 'abcdef' }],
      4,
      [{ type: 'text', text: 'abcd' }],
      1,
    ],
  ])('%s', (_label, blocks, budget, want, warnings) => {
    const budgeted = budgetContentBlocks(blocks, budget);
    expect(budgeted.blocks).toEqual(want);
    expect(budgeted.warnings).toHaveLength(warnings);
  });

  test('blocksToText describes media on their own lines', () => {
    expect(blocksToText([{ type: 'text', text: 'caption' }, image])).toBe(
      'caption\n[image: image/png, 30 bytes]',
    );
  });
});
