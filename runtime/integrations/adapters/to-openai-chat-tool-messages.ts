/**
 * Call results as OpenAI Chat Completions messages. A `tool` message takes text only, so each
 * result is one `tool` message with its text (media named as `[image: image/png, 68 bytes]`),
 * and the images of the batch follow in one `user` message of `image_url` parts (data URLs),
 * each after a text part naming the call it belongs to. Without images, only `tool` messages.
 */
import type { ToolCallResult } from '../../call-path/call/call-tool.js';
import { blocksToText } from '../../call-path/call/tool-content-blocks.js';

/** The messages that answer one assistant message's `tool_calls`. */
export type OpenAiChatToolResultMessage =
  | { readonly role: 'tool'; readonly tool_call_id: string; readonly content: string }
  | {
      readonly role: 'user';
      readonly content: (
        | { readonly type: 'text'; readonly text: string }
        | { readonly type: 'image_url'; readonly image_url: { readonly url: string } }
      )[];
    };

/** One `tool` message per result (in order), then a `user` message with their images, if any. */
export function toOpenAiChatToolMessages(
  results: readonly (Pick<ToolCallResult, 'content' | 'blocks'> & { readonly callId: string })[],
): OpenAiChatToolResultMessage[] {
  const messages: OpenAiChatToolResultMessage[] = results.map((result) => ({
    role: 'tool',
    tool_call_id: result.callId,
    content: result.blocks === undefined ? result.content : blocksToText(result.blocks),
  }));
  const images = results.flatMap((result) =>
    (result.blocks ?? []).flatMap((block) =>
      block.type === 'image'
        ? [
            { type: 'text' as const, text: `Image from tool call ${result.callId}:` },
            {
              type: 'image_url' as const,
              image_url: { url: `data:${block.mediaType};base64,${block.data}` },
            },
          ]
        : [],
    ),
  );
  return images.length === 0 ? messages : [...messages, { role: 'user', content: images }];
}
