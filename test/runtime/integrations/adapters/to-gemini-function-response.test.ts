import { expect, test } from 'vitest';
import { toGeminiFunctionResponse } from '../../../../runtime/integrations/adapters/to-gemini-function-response.js';

test.each([
  {
    title: 'text, with the call id',
    call: { name: 'Read', id: 'fc_1' },
    result: { content: 'hello', isError: false },
    want: { id: 'fc_1', name: 'Read', response: { output: 'hello' } },
  },
  {
    title: 'a failed call: under error; no id when the call had none',
    call: { name: 'Edit' },
    result: { content: '<tool_use_error>no</tool_use_error>', isError: true },
    want: { name: 'Edit', response: { error: '<tool_use_error>no</tool_use_error>' } },
  },
  {
    title: 'an image and a PDF inline; audio only described',
    call: { name: 'Read', id: 'fc_2' },
    result: {
      content: 'x',
      isError: false,
      blocks: [
        { type: 'image', mediaType: 'image/png', data: 'AAAA' },
        { type: 'document', mediaType: 'application/pdf', data: 'JVBE' },
        { type: 'audio', mediaType: 'audio/wav', data: 'AAAA' },
      ],
    },
    want: {
      id: 'fc_2',
      name: 'Read',
      response: {
        output:
          '[image: image/png, 3 bytes]\n[document: application/pdf, 3 bytes]\n[audio: audio/wav, 3 bytes]',
      },
      parts: [
        { inlineData: { mimeType: 'image/png', data: 'AAAA' } },
        { inlineData: { mimeType: 'application/pdf', data: 'JVBE' } },
      ],
    },
  },
] as const)('$title', ({ call, result, want }) => {
  expect(toGeminiFunctionResponse(call, result)).toEqual({ functionResponse: want });
});
