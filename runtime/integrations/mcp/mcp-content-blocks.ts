/**
 * An MCP `tools/call` result's content as our content blocks, media kept: `image` and `audio`
 * stay media, an embedded `resource` keeps its text or bytes (an image or PDF resource becomes
 * an image or document block), a `resource_link` keeps where it is. The content is a server's,
 * so nothing is trusted: a block without the fields its type needs becomes its JSON as text.
 */
import type { ToolContentBlock } from '../../core/contract.js';
import { isJsonObject } from '../../core/support/is-json-object.js';
import type { McpCallResult } from './mcp-tool-descriptor.js';

function text(value: unknown): ToolContentBlock {
  return { type: 'text', text: JSON.stringify(value) ?? String(value) };
}

function fromResource(resource: Record<string, unknown>): ToolContentBlock | undefined {
  const uri = resource.uri;
  if (typeof uri !== 'string') return undefined;
  const mediaType = typeof resource.mimeType === 'string' ? resource.mimeType : undefined;
  if (typeof resource.text === 'string')
    return { type: 'resource', uri, text: resource.text, ...(mediaType ? { mediaType } : {}) };
  if (typeof resource.blob === 'string') {
    if (mediaType?.startsWith('image/')) return { type: 'image', mediaType, data: resource.blob };
    if (mediaType === 'application/pdf')
      return { type: 'document', mediaType, data: resource.blob, title: uri };
    return { type: 'resource', uri, data: resource.blob, ...(mediaType ? { mediaType } : {}) };
  }
  return { type: 'resource', uri, ...(mediaType ? { mediaType } : {}) };
}

function fromBlock(block: unknown): ToolContentBlock {
  if (!isJsonObject(block)) return text(block);
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? { type: 'text', text: block.text } : text(block);
    case 'image':
    case 'audio':
      return typeof block.data === 'string' && typeof block.mimeType === 'string'
        ? { type: block.type, mediaType: block.mimeType, data: block.data }
        : text(block);
    case 'resource':
      return (
        (isJsonObject(block.resource) ? fromResource(block.resource) : undefined) ?? text(block)
      );
    case 'resource_link':
      return (
        fromResource({ uri: block.uri, ...(block.mimeType ? { mimeType: block.mimeType } : {}) }) ??
        text(block)
      );
    default:
      return text(block);
  }
}

/** The result's content as blocks, in order (no content: the structured content as JSON text). */
export function mcpContentBlocks(result: McpCallResult): readonly ToolContentBlock[] {
  const blocks = Array.isArray(result.content) ? result.content : [];
  if (blocks.length === 0)
    return result.structuredContent === undefined ? [] : [text(result.structuredContent)];
  return blocks.map(fromBlock);
}
