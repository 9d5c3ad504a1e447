/** Call results in the Anthropic Messages `tool_result` shape, media as media. */
import { describe, expect, test } from 'vitest';
import { toAnthropicToolResult } from '../../../../runtime/integrations/adapters/to-anthropic-tool-result.js';
import type { ToolContentBlock } from '../../../../runtime/core/contract.js';

describe('toAnthropicToolResult', () => {
  test.each<[string, { content: string; blocks?: ToolContentBlock[]; isError: boolean }, unknown]>([
    [
      'text is a plain string',
      { content: 'hi', isError: false },
      { type: 'tool_result', tool_use_id: 'toolu_1', content: 'hi' },
    ],
    [
      'an error is marked',
      { content: '<tool_use_error>no</tool_use_error>', isError: true },
      {
        type: 'tool_result',
        tool_use_id: 'toolu_1',
        content: '<tool_use_error>no</tool_use_error>',
        is_error: true,
      },
    ],
    [
      'an image is an image block with a base64 source',
      {
        content: '{…}',
        blocks: [{ type: 'image', mediaType: 'image/png', data: 'AAAA' }],
        isError: false,
      },
      {
        type: 'tool_result',
        tool_use_id: 'toolu_1',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
        ],
      },
    ],
    [
      'a PDF is a document block',
      {
        content: '{…}',
        blocks: [{ type: 'document', mediaType: 'application/pdf', data: 'JVBE', title: 'a.pdf' }],
        isError: false,
      },
      {
        type: 'tool_result',
        tool_use_id: 'toolu_1',
        content: [
          {
            type: 'document',
            source: { type: 'base64', media_type: 'application/pdf', data: 'JVBE' },
            title: 'a.pdf',
          },
        ],
      },
    ],
    [
      'audio and unsupported images fall back to text',
      {
        content: '',
        blocks: [
          { type: 'audio', mediaType: 'audio/wav', data: 'AAAAAAAA' },
          { type: 'image', mediaType: 'image/svg+xml', data: 'AAAA' },
          { type: 'text', text: 'caption' },
        ],
        isError: false,
      },
      {
        type: 'tool_result',
        tool_use_id: 'toolu_1',
        content: [
          { type: 'text', text: '[audio: audio/wav, 6 bytes]' },
          { type: 'text', text: '[image: image/svg+xml, 3 bytes]' },
          { type: 'text', text: 'caption' },
        ],
      },
    ],
  ])('%s', (_label, result, want) => {
    expect(toAnthropicToolResult('toolu_1', result)).toEqual(want);
  });
});
