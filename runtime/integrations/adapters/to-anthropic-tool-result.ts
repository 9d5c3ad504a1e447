/**
 * A call result in the Anthropic Messages `tool_result` shape: a plain string for text, content
 * blocks when it carries media (`image` with a base64 source; a PDF as a `document` block).
 * Anthropic tool results take no audio, so audio (and a resource without text) is its text
 * description (`[audio: audio/wav, 1200 bytes]`).
 */
import type { ToolCallResult } from '../../call-path/call/call-tool.js';
import { mediaFallbackText } from '../../call-path/call/tool-content-blocks.js';
import type { ToolContentBlock } from '../../core/contract.js';

/** The image types Anthropic takes. */
export type AnthropicImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** A content block of an Anthropic `tool_result`. */
export type AnthropicToolResultBlock =
  | { readonly type: 'text'; readonly text: string }
  | {
      readonly type: 'image';
      readonly source: {
        readonly type: 'base64';
        readonly media_type: AnthropicImageType;
        readonly data: string;
      };
    }
  | {
      readonly type: 'document';
      readonly source: {
        readonly type: 'base64';
        readonly media_type: 'application/pdf';
        readonly data: string;
      };
      readonly title?: string;
    };

/** The `tool_result` block a user message carries back for `tool_use_id`. */
export interface AnthropicToolResult {
  readonly type: 'tool_result';
  readonly tool_use_id: string;
  /** A fresh array, so it can be handed to the SDK's (mutable) parameter types. */
  readonly content: string | AnthropicToolResultBlock[];
  readonly is_error?: true;
}

const IMAGE_TYPES: ReadonlySet<string> = new Set<AnthropicImageType>([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
]);

function isAnthropicImageType(mediaType: string): mediaType is AnthropicImageType {
  return IMAGE_TYPES.has(mediaType);
}

function toAnthropicBlock(block: ToolContentBlock): AnthropicToolResultBlock {
  if (block.type === 'image' && isAnthropicImageType(block.mediaType))
    return {
      type: 'image',
      source: { type: 'base64', media_type: block.mediaType, data: block.data },
    };
  if (block.type === 'document' && block.mediaType === 'application/pdf')
    return {
      type: 'document',
      source: { type: 'base64', media_type: 'application/pdf', data: block.data },
      ...(block.title === undefined ? {} : { title: block.title }),
    };
  return { type: 'text', text: mediaFallbackText(block) };
}

/** The `content` of a `tool_result`: the text, or blocks when the result has media. */
export function toAnthropicToolResultContent(
  result: Pick<ToolCallResult, 'content' | 'blocks'>,
): string | AnthropicToolResultBlock[] {
  return result.blocks === undefined ? result.content : result.blocks.map(toAnthropicBlock);
}

/** The whole `tool_result` block for the call `toolUseId`. */
export function toAnthropicToolResult(
  toolUseId: string,
  result: Pick<ToolCallResult, 'content' | 'blocks' | 'isError'>,
): AnthropicToolResult {
  return {
    type: 'tool_result',
    tool_use_id: toolUseId,
    content: toAnthropicToolResultContent(result),
    ...(result.isError ? { is_error: true } : {}),
  };
}
