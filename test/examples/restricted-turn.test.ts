/**
 * examples/restricted-turn.ts: a cron turn in restrict mode sends the same tool list as an
 * interactive turn on every provider, and the session refuses a call to a restricted tool,
 * naming the tools allowed now, without running it.
 */
import { createToolRuntime, createToolSession, type ModelProfile } from '@tool-contracts/runtime';
import { PROVIDER_NAMES, projectProviderRequest } from '@tool-contracts/runtime/providers';
import { builtInTools } from '@tool-contracts/tools';
import { SORTED_PROVIDER_TOOL_NAMES } from '@tool-contracts/tools/provider-order';
import { describe, expect, onTestFinished, test } from 'vitest';
import { planCronTurn } from '../../examples/restricted-turn.js';
import { exampleWorkspace } from './workspace.js';

const model: ModelProfile = {
  id: 'claude-sonnet-4-6',
  provider: 'anthropic',
  firstParty: true,
  supportsNativeWebSearch: false,
  supportsPdf: true,
};

async function cronSession(root: string) {
  const runtime = createToolRuntime({
    builtInTools,
    sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
    gate: { ports: { cron: true }, features: {}, hostKind: 'terminal', sessionKind: 'main' },
  });
  const session = await createToolSession({ runtime, workingDirectory: root, model });
  onTestFinished(async () => {
    await session.close();
  });
  return session;
}

describe('a cron turn in restrict mode', () => {
  test.each(PROVIDER_NAMES)(
    '%s: the tool list is the interactive turn’s, byte for byte',
    async (provider) => {
      const workspace = await exampleWorkspace();
      const session = await cronSession(workspace.root);
      const turn = planCronTurn(session, provider, model);
      const interactive = projectProviderRequest(provider, session.tools(), { model });
      expect(session.tools().map((tool) => tool.name)).toContain('CronCreate');
      expect(JSON.stringify(turn.request.tools)).toBe(JSON.stringify(interactive.request.tools));
    },
  );

  test('a call to CronCreate is refused before it runs, naming the tools allowed now', async () => {
    const workspace = await exampleWorkspace();
    const session = await cronSession(workspace.root);
    const turn = planCronTurn(session, 'anthropic', model);
    const names = session.tools().map((tool) => tool.name);
    const restricted = names.filter((name) => /^Cron(Create|Delete|Update)$/.test(name));
    expect(restricted).toContain('CronCreate');
    expect(
      turn.notes.filter((note) => note.code === 'restricted-by-refusal').map((note) => note.tool),
    ).toEqual(restricted);
    const batch = await turn.run([
      { id: 'toolu_1', name: 'CronCreate', input: { cron: '0 * * * *', prompt: 'again' } },
      { id: 'toolu_2', name: 'Read', input: { file_path: workspace.notes } },
    ]);
    const allowed = names.filter((name) => !restricted.includes(name));
    expect(batch.results[0]).toMatchObject({
      isError: true,
      errorCode: 'tool_restricted',
      content: `<tool_use_error>Error: CronCreate is not available in a cron turn. Tools you can call now: ${allowed.join(', ')}.</tool_use_error>`,
    });
    expect(batch.results[1]!.isError).toBe(false);
  });
});
