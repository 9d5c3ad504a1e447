/**
 * Call results as MCP `tools/call` content: text as text, media as media, errors as `isError`
 * with our exact text; the output is checked against the MCP SDK's own result schema.
 */
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, test } from 'vitest';
import type { ToolCallResult } from '../../../../runtime/call-path/call/call-tool.js';
import type { ToolContentBlock } from '../../../../runtime/core/contract.js';
import {
  toMcpCallToolResult,
  toMcpContent,
  toMcpContentBlock,
} from '../../../../runtime/integrations/mcp/to-mcp-content.js';

const base: ToolCallResult = {
  content: 'hello',
  isError: false,
  artifactPaths: [],
  artifacts: [],
  callId: 'c',
  warnings: [],
};

describe('toMcpContentBlock', () => {
  test.each<[string, ToolContentBlock, unknown]>([
    ['text', { type: 'text', text: 'hi' }, { type: 'text', text: 'hi' }],
    [
      'image',
      { type: 'image', mediaType: 'image/png', data: 'AAAA' },
      { type: 'image', data: 'AAAA', mimeType: 'image/png' },
    ],
    [
      'audio',
      { type: 'audio', mediaType: 'audio/wav', data: 'AAAA' },
      { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
    ],
    [
      'a PDF document',
      { type: 'document', mediaType: 'application/pdf', data: 'JVBE', title: 'a b.pdf' },
      {
        type: 'resource',
        resource: {
          uri: 'tool-contracts:document/a%20b.pdf',
          mimeType: 'application/pdf',
          blob: 'JVBE',
        },
      },
    ],
    [
      'a text resource',
      { type: 'resource', uri: 'file:///a.md', mediaType: 'text/markdown', text: '# A' },
      {
        type: 'resource',
        resource: { uri: 'file:///a.md', text: '# A', mimeType: 'text/markdown' },
      },
    ],
    [
      'a binary resource',
      { type: 'resource', uri: 'file:///a.bin', data: 'AAAA' },
      { type: 'resource', resource: { uri: 'file:///a.bin', blob: 'AAAA' } },
    ],
    [
      'a resource without content',
      { type: 'resource', uri: 'file:///far' },
      { type: 'resource_link', uri: 'file:///far', name: 'file:///far' },
    ],
  ])('%s', (_label, block, want) => {
    expect(toMcpContentBlock(block)).toEqual(want);
  });
});

describe('toMcpCallToolResult', () => {
  test.each<[string, ToolCallResult, { structuredContent?: boolean }, unknown]>([
    ['text', base, {}, { content: [{ type: 'text', text: 'hello' }] }],
    [
      'an error keeps our exact text',
      {
        ...base,
        isError: true,
        errorCode: 'permission_denied',
        content: '<tool_use_error>no</tool_use_error>',
      },
      {},
      { content: [{ type: 'text', text: '<tool_use_error>no</tool_use_error>' }], isError: true },
    ],
    [
      'media blocks replace the text',
      { ...base, blocks: [{ type: 'image', mediaType: 'image/png', data: 'AAAA' }] },
      {},
      { content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] },
    ],
    [
      'structured content for an object output, on request',
      { ...base, output: { n: 1 } },
      { structuredContent: true },
      { content: [{ type: 'text', text: 'hello' }], structuredContent: { n: 1 } },
    ],
    [
      'no structured content for a string output',
      { ...base, output: 'hello' },
      { structuredContent: true },
      { content: [{ type: 'text', text: 'hello' }] },
    ],
  ])('%s', (_label, result, options, want) => {
    const mcp = toMcpCallToolResult(result, options);
    expect(mcp).toEqual(want);
    expect(CallToolResultSchema.safeParse(mcp).success).toBe(true);
  });

  test('toMcpContent of a text result is one text block', () => {
    expect(toMcpContent(base)).toEqual([{ type: 'text', text: 'hello' }]);
  });
});
