/**
 * Content blocks of a call result (`ToolContentBlock`): the text a client that cannot take a
 * kind of media reads instead, and the result budget applied to blocks.
 */
import type { ToolContentBlock } from '../../core/contract.js';
import { utf8ByteLength, utf8Head } from './utf8-slice.js';

/** Whether any block is media (not plain text). */
export function hasMedia(blocks: readonly ToolContentBlock[]): boolean {
  return blocks.some((block) => block.type !== 'text');
}

/** Bytes of base64 data in `data` once decoded (approximate: padding ignored). */
function decodedBytes(data: string): number {
  return Math.floor((data.length * 3) / 4);
}

/**
 * What a client that cannot take `block` reads instead: the text itself for text (and a text
 * resource), else a bracketed line naming the media: `[image: image/png, 68 bytes]`.
 */
export function mediaFallbackText(block: ToolContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'audio':
      return `[${block.type}: ${block.mediaType}, ${decodedBytes(block.data)} bytes]`;
    case 'document':
      return `[document${block.title === undefined ? '' : ` ${block.title}`}: ${block.mediaType}, ${decodedBytes(block.data)} bytes]`;
    case 'resource':
      if (block.text !== undefined) return block.text;
      return `[resource: ${block.uri}${block.mediaType === undefined ? '' : `, ${block.mediaType}`}]`;
  }
}

/** The blocks as one text, one block per line (for clients without media). */
export function blocksToText(blocks: readonly ToolContentBlock[]): string {
  return blocks.map(mediaFallbackText).join('\n');
}

/** Bytes a block puts in front of the model: its text, or its base64 data. */
export function blockBytes(block: ToolContentBlock): number {
  switch (block.type) {
    case 'text':
      return utf8ByteLength(block.text);
    case 'resource':
      return utf8ByteLength(block.text ?? block.data ?? block.uri);
    default:
      return block.data.length;
  }
}

/**
 * The blocks within `maxModelBytes` (the contract's `resultBudget.maxModelBytes`), in order:
 * a text block that does not fit is cut; a media block that does not fit is replaced by its
 * fallback text with a note, so the model learns what it did not get.
 */
export function budgetContentBlocks(
  blocks: readonly ToolContentBlock[],
  maxModelBytes: number,
): { readonly blocks: readonly ToolContentBlock[]; readonly warnings: readonly string[] } {
  let left = maxModelBytes;
  const kept: ToolContentBlock[] = [];
  const warnings: string[] = [];
  for (const block of blocks) {
    const bytes = blockBytes(block);
    if (bytes <= left) {
      kept.push(block);
      left -= bytes;
      continue;
    }
    if (block.type === 'text') {
      const text = utf8Head(block.text, Math.max(0, left));
      if (text !== '') kept.push({ type: 'text', text });
      left -= utf8ByteLength(text);
      warnings.push(`a text block was cut to the result budget of ${maxModelBytes} bytes`);
      continue;
    }
    const note = `${mediaFallbackText(block)} (left out: over the result budget of ${maxModelBytes} bytes)`;
    const text = utf8Head(note, Math.max(0, left));
    if (text !== '') kept.push({ type: 'text', text });
    left -= utf8ByteLength(text);
    warnings.push(
      `a ${block.type} block was left out: over the result budget of ${maxModelBytes} bytes`,
    );
  }
  return { blocks: kept, warnings };
}
