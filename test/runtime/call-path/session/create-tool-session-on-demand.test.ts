/**
 * `createToolSession` as `@tool-contracts/runtime` exports it: it imports the session module
 * on its first use, and the session it makes answers as one made directly does, for a success,
 * a refusal and an unknown tool.
 */
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { createToolSession as createToolSessionNow } from '../../../../runtime/call-path/session/create-tool-session.js';
import { createToolSession } from '../../../../runtime/call-path/session/create-tool-session-on-demand.js';
import { createToolSession as createToolSessionOfEntry } from '../../../../runtime/index.js';
import { createToolRuntime } from '../../../../runtime/core/tool-runtime.js';
import { fixtureTool } from '../call/fixture-tool.js';
import { temporaryDirectory } from '../../../support/temporary-directory.js';

const echo = fixtureTool('Echo', z.object({ text: z.string() }).strict(), {
  handler: async (input: { text: string }) => ({ ok: true, output: input.text }),
});

function runtime() {
  return createToolRuntime({
    builtInTools: [echo],
    sortedProviderToolNames: new Set(),
    gate: { ports: {}, features: {}, hostKind: 'terminal', sessionKind: 'main' },
    logger: { warn: () => {} },
  });
}

describe('createToolSession imported on demand', () => {
  test('the main entry exports the on-demand function', () => {
    expect(createToolSessionOfEntry).toBe(createToolSession);
  });

  test.each([
    { case: 'a success', name: 'Echo', input: { text: 'hi' } },
    { case: 'a refused input', name: 'Echo', input: { txt: 'hi' } },
    { case: 'an unknown tool', name: 'Echoo', input: {} },
  ])('$case: the same result as a session made directly', async ({ name, input }) => {
    const workingDirectory = await temporaryDirectory('session-on-demand-');
    const sessions = await Promise.all(
      [createToolSession, createToolSessionNow].map((create) =>
        create({ runtime: runtime(), workingDirectory }),
      ),
    );
    const [onDemand, direct] = await Promise.all(
      sessions.map(async (session) => {
        const result = await session.call(name, input);
        await session.close();
        return [result.isError, result.content];
      }),
    );
    expect(onDemand).toEqual(direct);
  });
});
