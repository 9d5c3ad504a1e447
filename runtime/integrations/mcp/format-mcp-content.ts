/** What the model reads of an MCP call result: its content blocks as text. */
import type { McpCallResult } from './mcp-tool-descriptor.js';

/**
 * Text blocks verbatim, other blocks as a bracketed line naming what they are, one block per
 * line. With no content, the structured content as JSON. This is the text for clients that
 * cannot take media; media travel as blocks (`mcpContentBlocks`, the entry's `formatModelBlocks`).
 */
export function formatMcpContent(result: McpCallResult): string {
  const blocks = Array.isArray(result.content) ? result.content : [];
  if (blocks.length === 0) {
    return result.structuredContent === undefined ? '' : JSON.stringify(result.structuredContent);
  }
  return blocks.map(formatBlock).join('\n');
}

function formatBlock(block: unknown): string {
  if (typeof block !== 'object' || block === null) return JSON.stringify(block) ?? '';
  const record = block as Record<string, unknown>;
  switch (record.type) {
    case 'text':
      return typeof record.text === 'string' ? record.text : '';
    case 'image':
    case 'audio':
      return `[${record.type}: ${typeof record.mimeType === 'string' ? record.mimeType : 'unknown type'}]`;
    case 'resource': {
      const resource = (record.resource ?? {}) as Record<string, unknown>;
      if (typeof resource.text === 'string') return resource.text;
      return `[resource: ${String(resource.uri ?? 'unknown')}]`;
    }
    case 'resource_link':
      return `[resource: ${String(record.uri ?? 'unknown')}]`;
    default:
      return JSON.stringify(block);
  }
}
