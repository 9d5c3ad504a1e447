/**
 * What one call through the session produced → the MCP `tools/call` result `serve` sends.
 *
 * - A failure (validation, permission, the tool's own, timeout, cancellation): `isError` with
 *   one text block holding exactly the text the model would read (`<tool_use_error>…`).
 * - A built-in's success: one text block with the model's text (after the result budget), and
 *   when the tool declares an object output, the validated output as `structuredContent`.
 * - An upstream MCP tool's success (the gateway): the model's text (budgeted) plus the
 *   server's image, audio and resource blocks as they came, and its `structuredContent` when
 *   its server declared an output schema.
 */
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/sdk/types.js';
import type { ToolCallResult } from '../call/call-tool.js';
import type { ToolEntry } from '../contract.js';

const RELAYED_BLOCK_TYPES: ReadonlySet<string> = new Set([
  'image',
  'audio',
  'resource',
  'resource_link',
]);

export function toMcpCallResult(
  result: ToolCallResult,
  entry: ToolEntry | undefined,
  declaresOutput: boolean,
): CallToolResult {
  const text: ContentBlock = { type: 'text', text: result.content };
  if (result.isError) return { content: [text], isError: true };
  if (entry?.mcp !== undefined) {
    const upstream = (result.output ?? {}) as { content?: unknown; structuredContent?: unknown };
    const media = (Array.isArray(upstream.content) ? upstream.content : []).filter(
      (block): block is ContentBlock =>
        typeof block === 'object' &&
        block !== null &&
        RELAYED_BLOCK_TYPES.has(String((block as { type?: unknown }).type)),
    );
    return {
      content: [text, ...media],
      ...(declaresOutput && isPlainObject(upstream.structuredContent)
        ? { structuredContent: upstream.structuredContent }
        : {}),
    };
  }
  return {
    content: [text],
    ...(declaresOutput && isPlainObject(result.output) ? { structuredContent: result.output } : {}),
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
