/**
 * A call result as the OpenAI Responses API's `function_call_output` input item: `output` is the
 * text, or, when the result carries media, a list of `input_text` / `input_image` /
 * `input_file` parts (images and PDFs as data URLs). Audio and a resource without text go as
 * their text description (`[audio: audio/wav, 1200 bytes]`).
 */
import type { ToolCallResult } from '../../call-path/call/call-tool.js';
import { mediaFallbackText } from '../../call-path/call/tool-content-blocks.js';
import type { ToolContentBlock } from '../../core/contract.js';

/** One part of a `function_call_output` list. */
export type OpenAiResponsesOutputPart =
  | { readonly type: 'input_text'; readonly text: string }
  | { readonly type: 'input_image'; readonly image_url: string; readonly detail: 'auto' }
  | { readonly type: 'input_file'; readonly file_data: string; readonly filename: string };

/** The input item that answers the `function_call` with `call_id`. */
export interface OpenAiResponsesFunctionCallOutput {
  readonly type: 'function_call_output';
  readonly call_id: string;
  readonly output: string | OpenAiResponsesOutputPart[];
}

function toPart(block: ToolContentBlock): OpenAiResponsesOutputPart {
  if (block.type === 'image')
    return {
      type: 'input_image',
      image_url: `data:${block.mediaType};base64,${block.data}`,
      detail: 'auto',
    };
  if (block.type === 'document' && block.mediaType === 'application/pdf')
    return {
      type: 'input_file',
      file_data: `data:application/pdf;base64,${block.data}`,
      filename: `${block.title ?? 'document'}.pdf`,
    };
  return { type: 'input_text', text: mediaFallbackText(block) };
}

/** The `function_call_output` item for the call `callId`. */
export function toOpenAiResponsesOutput(
  callId: string,
  result: Pick<ToolCallResult, 'content' | 'blocks'>,
): OpenAiResponsesFunctionCallOutput {
  return {
    type: 'function_call_output',
    call_id: callId,
    output: result.blocks === undefined ? result.content : result.blocks.map(toPart),
  };
}
