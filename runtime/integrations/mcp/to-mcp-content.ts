/**
 * A call result as MCP `tools/call` content (`CallToolResult`), for the MCP server: text as
 * `text` blocks, images and audio as `image` / `audio` blocks, a PDF document and MCP resources
 * as embedded `resource` blocks (bytes as `blob`), a resource without content as a
 * `resource_link`. A failed call is `isError: true` with our exact text.
 */
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/sdk/types.js';
import type { ToolCallResult } from '../../call-path/call/call-tool.js';
import type { ToolContentBlock } from '../../core/contract.js';

/** One of our blocks as an MCP content block. */
export function toMcpContentBlock(block: ToolContentBlock): ContentBlock {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
    case 'audio':
      return { type: block.type, data: block.data, mimeType: block.mediaType };
    case 'document':
      return {
        type: 'resource',
        resource: {
          uri: `tool-contracts:document/${encodeURIComponent(block.title ?? 'document')}`,
          mimeType: block.mediaType,
          blob: block.data,
        },
      };
    case 'resource': {
      const mimeType = block.mediaType === undefined ? {} : { mimeType: block.mediaType };
      if (block.text !== undefined)
        return { type: 'resource', resource: { uri: block.uri, text: block.text, ...mimeType } };
      if (block.data !== undefined)
        return { type: 'resource', resource: { uri: block.uri, blob: block.data, ...mimeType } };
      return { type: 'resource_link', uri: block.uri, name: block.uri, ...mimeType };
    }
  }
}

/** The content blocks of `result`: its media blocks when it has them, else its text. */
export function toMcpContent(result: Pick<ToolCallResult, 'content' | 'blocks'>): ContentBlock[] {
  if (result.blocks !== undefined) return result.blocks.map(toMcpContentBlock);
  return [{ type: 'text', text: result.content }];
}

export interface McpCallToolResultOptions {
  /**
   * Also send the handler's validated output as `structuredContent` (for a tool that declares
   * an `outputSchema` on `tools/list`); only on success. Default: false.
   */
  readonly structuredContent?: boolean;
}

/** `result` as the answer to `tools/call`. */
export function toMcpCallToolResult(
  result: ToolCallResult,
  options: McpCallToolResultOptions = {},
): CallToolResult {
  const structured =
    options.structuredContent === true &&
    !result.isError &&
    typeof result.output === 'object' &&
    result.output !== null &&
    !Array.isArray(result.output);
  return {
    content: toMcpContent(result),
    ...(structured ? { structuredContent: result.output as Record<string, unknown> } : {}),
    ...(result.isError ? { isError: true } : {}),
  };
}
