/**
 * What one call through the session produced → the MCP `tools/call` result `serve` sends.
 *
 * Content: the session's converter (`toMcpContent`): the model's text, or its content blocks
 * (images, PDF pages, an upstream server's media) when it carries media, within the result
 * budget. A failure is `isError` with exactly the model's `<tool_use_error>` text.
 * `structuredContent`, when the tool declares an output schema on `tools/list`: a built-in's
 * validated output; for an upstream MCP tool (the gateway), the structured content its server
 * sent, relayed as it came.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolCallResult } from '../../call-path/call/call-tool.js';
import type { ToolEntry } from '../../core/contract.js';
import { toMcpCallToolResult, toMcpContent } from './to-mcp-content.js';

export function toMcpCallResult(
  result: ToolCallResult,
  entry: ToolEntry | undefined,
  declaresOutput: boolean,
): CallToolResult {
  if (entry?.mcp === undefined || result.isError)
    return toMcpCallToolResult(result, { structuredContent: declaresOutput });
  const structured = (result.output as { structuredContent?: unknown } | undefined)
    ?.structuredContent;
  return {
    content: toMcpContent(result),
    ...(declaresOutput &&
    typeof structured === 'object' &&
    structured !== null &&
    !Array.isArray(structured)
      ? { structuredContent: structured as Record<string, unknown> }
      : {}),
  };
}
