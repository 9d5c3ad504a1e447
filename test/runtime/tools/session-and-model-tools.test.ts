/** ReadSessionContext and ListModels through the runtime's call path. */
import { describe, expect, test } from 'vitest';
import { callThroughRuntime } from './host-support/host-tool-calls.js';
import { hostTools } from './host-support/host-tool-entries.js';
import { InMemoryModelCatalog, InMemorySessions } from './host-support/in-memory-host-ports.js';

const { ReadSessionContext, ListModels } = hostTools;

describe('ReadSessionContext', () => {
  test('asks the host for the default 20000 bytes and returns the context as is', async () => {
    const sessions = new InMemorySessions(
      new Map([['s-42', 'user: fix the login bug\nassistant: fixed in auth.ts']]),
    );
    const result = await callThroughRuntime(
      ReadSessionContext,
      { session_id: 's-42' },
      { sessions },
    );
    expect(sessions.requests).toEqual([{ sessionId: 's-42', maxBytes: 20000 }]);
    expect(result).toMatchObject({
      isError: false,
      content: 'user: fix the login bug\nassistant: fixed in auth.ts',
    });
  });

  test('keeps only the most recent max_bytes of a host that returns more, never splitting a character', async () => {
    const transcript = `${'old '.repeat(400)}ééé${'x'.repeat(997)}`;
    const sessions = new InMemorySessions(new Map([['s-1', transcript]]), false);
    const result = await callThroughRuntime(
      ReadSessionContext,
      { session_id: 's-1', max_bytes: 1000 },
      { sessions },
    );
    // The last 1000 bytes start in the second byte of the second "é" (2 bytes each): the cut
    // moves past that character, leaving the third "é" and the 997 "x" (999 bytes).
    expect(result.output).toBe(`é${'x'.repeat(997)}`);
  });

  test('says so when the session has nothing to show', async () => {
    const sessions = new InMemorySessions(new Map([['s-2', '  \n']]));
    await expect(
      callThroughRuntime(ReadSessionContext, { session_id: 's-2' }, { sessions }),
    ).resolves.toMatchObject({
      content: 'Session s-2 has no context to show.',
    });
  });

  test.each([
    {
      case: 'an unknown session',
      input: { session_id: 'nope' },
      errorCode: 'host_error',
      content: '<tool_use_error>No session with id "nope".</tool_use_error>',
    },
  ])('fails for $case', async ({ input, errorCode, content }) => {
    await expect(
      callThroughRuntime(ReadSessionContext, input, { sessions: new InMemorySessions(new Map()) }),
    ).resolves.toMatchObject({ isError: true, errorCode, content });
  });

  test.each([{ max_bytes: 999 }, { max_bytes: 100001 }])(
    'the schema refuses max_bytes $max_bytes',
    async ({ max_bytes }) => {
      await expect(
        callThroughRuntime(
          ReadSessionContext,
          { session_id: 's', max_bytes },
          { sessions: new InMemorySessions(new Map()) },
        ),
      ).resolves.toMatchObject({ isError: true, errorCode: 'invalid_input' });
    },
  );
});

describe('ListModels', () => {
  const catalog = [
    { id: 'claude-sonnet', provider: 'anthropic', description: 'Balanced' },
    { id: 'gpt-mini', provider: 'OpenAI' },
    { id: 'claude-haiku', provider: 'anthropic', description: '' },
  ];

  test.each([
    {
      case: 'every model',
      input: {},
      content:
        '3 models:\n- claude-sonnet (anthropic): Balanced\n- gpt-mini (OpenAI)\n- claude-haiku (anthropic)',
    },
    {
      case: 'one provider, matched without regard to case',
      input: { provider: 'openai' },
      content: '1 model:\n- gpt-mini (OpenAI)',
    },
    {
      case: 'a provider with no models',
      input: { provider: 'mistral' },
      content: 'No models found.',
    },
  ])('lists $case', async ({ input, content }) => {
    await expect(
      callThroughRuntime(ListModels, input, { models: new InMemoryModelCatalog(catalog) }),
    ).resolves.toMatchObject({ isError: false, content });
  });
});
