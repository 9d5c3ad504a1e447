import { expect, test } from 'vitest';
import { toOpenAiResponsesOutput } from '../../../../runtime/integrations/adapters/to-openai-responses-output.js';

test.each([
  { title: 'text', result: { content: 'hello' }, want: 'hello' },
  {
    title: 'an image: an input_image data URL',
    result: { content: 'x', blocks: [{ type: 'image', mediaType: 'image/png', data: 'AAAA' }] },
    want: [{ type: 'input_image', image_url: 'data:image/png;base64,AAAA', detail: 'auto' }],
  },
  {
    title: 'a PDF: an input_file named after its title',
    result: {
      content: 'x',
      blocks: [{ type: 'document', mediaType: 'application/pdf', data: 'JVBE', title: 'spec' }],
    },
    want: [
      { type: 'input_file', file_data: 'data:application/pdf;base64,JVBE', filename: 'spec.pdf' },
    ],
  },
  {
    title: 'text and audio: the audio as its description',
    result: {
      content: 'x',
      blocks: [
        { type: 'text', text: 'page 1' },
        { type: 'audio', mediaType: 'audio/wav', data: 'AAAA' },
      ],
    },
    want: [
      { type: 'input_text', text: 'page 1' },
      { type: 'input_text', text: '[audio: audio/wav, 3 bytes]' },
    ],
  },
] as const)('$title', ({ result, want }) => {
  expect(toOpenAiResponsesOutput('call_1', result)).toEqual({
    type: 'function_call_output',
    call_id: 'call_1',
    output: want,
  });
});
