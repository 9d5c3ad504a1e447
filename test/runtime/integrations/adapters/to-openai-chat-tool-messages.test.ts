import { expect, test } from 'vitest';
import { toOpenAiChatToolMessages } from '../../../../runtime/integrations/adapters/to-openai-chat-tool-messages.js';

const image = { type: 'image', mediaType: 'image/png', data: 'AAAA' } as const;

test.each([
  { title: 'no results: no messages', results: [], want: [] },
  {
    title: 'text only: one tool message per result, in order',
    results: [
      { callId: 'a', content: 'one' },
      { callId: 'b', content: 'two' },
    ],
    want: [
      { role: 'tool', tool_call_id: 'a', content: 'one' },
      { role: 'tool', tool_call_id: 'b', content: 'two' },
    ],
  },
  {
    title: 'an image: named in its tool message, sent after all tool messages in a user message',
    results: [
      { callId: 'a', content: 'x', blocks: [{ type: 'text', text: 'see:' }, image] },
      { callId: 'b', content: 'two' },
    ],
    want: [
      { role: 'tool', tool_call_id: 'a', content: 'see:\n[image: image/png, 3 bytes]' },
      { role: 'tool', tool_call_id: 'b', content: 'two' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Image from tool call a:' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
        ],
      },
    ],
  },
  {
    title: 'a PDF: its description only (a tool message takes text)',
    results: [
      {
        callId: 'a',
        content: 'x',
        blocks: [{ type: 'document', mediaType: 'application/pdf', data: 'JVBE' }],
      },
    ],
    want: [{ role: 'tool', tool_call_id: 'a', content: '[document: application/pdf, 3 bytes]' }],
  },
] as const)('$title', ({ results, want }) => {
  expect(toOpenAiChatToolMessages(results)).toEqual(want);
});
