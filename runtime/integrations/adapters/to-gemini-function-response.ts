/**
 * A call result as a Gemini `functionResponse` part: `response` holds `{output: text}`, or
 * `{error: text}` for a failed call, and media travel as `parts` of `inlineData` (images and
 * PDFs; Gemini's multimodal function responses). Other media are their text description.
 */
import type { ToolCallResult } from '../../call-path/call/call-tool.js';
import { blocksToText } from '../../call-path/call/tool-content-blocks.js';

/** The part of a `user` content that answers one `functionCall`. */
export interface GeminiFunctionResponsePart {
  readonly functionResponse: {
    /** The `functionCall`'s id, when it had one. */
    readonly id?: string;
    /** The name the call used (the sent name). */
    readonly name: string;
    readonly response: { readonly output: string } | { readonly error: string };
    readonly parts?: {
      readonly inlineData: { readonly mimeType: string; readonly data: string };
    }[];
  };
}

const INLINE_TYPES = /^(image\/(png|jpeg|webp|heic|heif)|application\/pdf)$/;

/** The `functionResponse` part for a call of `name` (as sent) with `id`. */
export function toGeminiFunctionResponse(
  call: { readonly name: string; readonly id?: string | undefined },
  result: Pick<ToolCallResult, 'content' | 'blocks' | 'isError'>,
): GeminiFunctionResponsePart {
  const media = (result.blocks ?? []).flatMap((block) =>
    (block.type === 'image' || block.type === 'document') && INLINE_TYPES.test(block.mediaType)
      ? [{ inlineData: { mimeType: block.mediaType, data: block.data } }]
      : [],
  );
  const text = result.blocks === undefined ? result.content : blocksToText(result.blocks);
  return {
    functionResponse: {
      ...(call.id === undefined ? {} : { id: call.id }),
      name: call.name,
      response: result.isError ? { error: text } : { output: text },
      ...(media.length === 0 ? {} : { parts: media }),
    },
  };
}
