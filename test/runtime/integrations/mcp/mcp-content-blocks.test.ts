/** An MCP server's content as our blocks: media kept, malformed blocks as their JSON text. */
import { describe, expect, test } from 'vitest';
import { mcpContentBlocks } from '../../../../runtime/integrations/mcp/mcp-content-blocks.js';

describe('mcpContentBlocks', () => {
  test.each<[string, unknown[], unknown]>([
    ['text', [{ type: 'text', text: 'hi' }], [{ type: 'text', text: 'hi' }]],
    [
      'image and audio stay media',
      [
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
        { type: 'audio', data: 'BBBB', mimeType: 'audio/wav' },
      ],
      [
        { type: 'image', mediaType: 'image/png', data: 'AAAA' },
        { type: 'audio', mediaType: 'audio/wav', data: 'BBBB' },
      ],
    ],
    [
      'an image resource becomes an image, a PDF resource a document',
      [
        { type: 'resource', resource: { uri: 'x:a', mimeType: 'image/jpeg', blob: 'CCCC' } },
        { type: 'resource', resource: { uri: 'x:b', mimeType: 'application/pdf', blob: 'DDDD' } },
      ],
      [
        { type: 'image', mediaType: 'image/jpeg', data: 'CCCC' },
        { type: 'document', mediaType: 'application/pdf', data: 'DDDD', title: 'x:b' },
      ],
    ],
    [
      'a text resource and a resource link',
      [
        { type: 'resource', resource: { uri: 'x:t', text: 'body', mimeType: 'text/plain' } },
        { type: 'resource_link', uri: 'x:l', name: 'l' },
      ],
      [
        { type: 'resource', uri: 'x:t', text: 'body', mediaType: 'text/plain' },
        { type: 'resource', uri: 'x:l' },
      ],
    ],
    [
      'malformed blocks become their JSON as text',
      [{ type: 'image', data: 3 }, 'loose', { type: 'video' }],
      [
        { type: 'text', text: '{"type":"image","data":3}' },
        { type: 'text', text: '"loose"' },
        { type: 'text', text: '{"type":"video"}' },
      ],
    ],
  ])('%s', (_label, content, want) => {
    expect(mcpContentBlocks({ content })).toEqual(want);
  });

  test('no content: the structured content as JSON text', () => {
    expect(mcpContentBlocks({ structuredContent: { n: 1 } })).toEqual([
      { type: 'text', text: '{"n":1}' },
    ]);
  });
});
