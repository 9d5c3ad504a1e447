/**
 * `callTool` as `tool-contracts` exports it: the same results as the call path it imports on the
 * first call (runtime/call-path/call/call-tool.ts), for a success, a refusal and an unknown tool.
 */
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { callTool as callToolNow } from '../../../../runtime/call-path/call/call-tool.js';
import { callTool } from '../../../../runtime/call-path/call/call-tool-on-demand.js';
import { fixtureContext, fixtureRuntime, fixtureTool } from './fixture-tool.js';

const echo = fixtureTool('Echo', z.object({ text: z.string() }).strict(), {
  handler: async (input: { text: string }) => ({ ok: true, output: input.text }),
});
const runtime = fixtureRuntime([echo]);

describe('callTool imported on demand', () => {
  test.each([
    { case: 'a success', call: { id: 'c1', name: 'Echo', input: { text: 'hi' } } },
    { case: 'a refused input', call: { id: 'c2', name: 'Echo', input: { txt: 'hi' } } },
    { case: 'an unknown tool', call: { id: 'c3', name: 'Echoo', input: {} } },
  ])('$case: the same result as the call path itself', async ({ call }) => {
    const context = await fixtureContext();
    const direct = await callToolNow(runtime, call, context);
    expect(await callTool(runtime, call, context)).toEqual(direct);
    expect(direct.callId).toBe(call.id);
  });

  test('calls at once share one import and each gets its own result', async () => {
    const context = await fixtureContext();
    const results = await Promise.all(
      ['a', 'b', 'c'].map((text) => callTool(runtime, { name: 'Echo', input: { text } }, context)),
    );
    expect(results.map((result) => [result.isError, result.content])).toEqual([
      [false, 'a'],
      [false, 'b'],
      [false, 'c'],
    ]);
  });
});
