/**
 * Parallel tool calls stay on: no fragment forbids them because some tool is not
 * `concurrentSafe` (the executor orders the calls by their flags). Only a host that asks for
 * serial calls (`parallelToolCalls: false`) gets the provider's switch, in its own field.
 */
import { describe, expect, test } from 'vitest';
import { projectProviderRequest } from '../../../../runtime/integrations/providers/project-provider-request.js';
import type { ProviderName } from '../../../../runtime/integrations/providers/provider-name.js';
import type { ProviderRequestOptions } from '../../../../runtime/integrations/providers/provider-request.js';
import { modelToolContract } from '../adapters/model-tool-contract-fixture.js';
import { model, sessionContracts } from './provider-fixtures.js';

const safe = modelToolContract('Reader', { flags: { concurrentSafe: true } });
const alsoSafe = modelToolContract('Lister', { flags: { concurrentSafe: true } });
const unsafe = modelToolContract('Writer', { flags: { concurrentSafe: false } });

const ALL_SAFE = [safe, alsoSafe];
const ONE_UNSAFE = [safe, unsafe, alsoSafe];
const PROVIDERS = ['anthropic', 'openai', 'openai-responses', 'gemini', 'ai-sdk'] as const;

/** The request fields other than `tools`, as sent. */
function parallelFields(
  provider: ProviderName,
  tools: readonly (typeof safe)[],
  options: Partial<ProviderRequestOptions> = {},
): Record<string, unknown> {
  const { request } = projectProviderRequest(provider, tools, { model, ...options });
  const { tools: _listed, ...rest } = request as unknown as Record<string, unknown>;
  return rest;
}

describe('by default nothing about parallel calls is sent, whatever the flags', () => {
  test.each(
    PROVIDERS.flatMap((provider) =>
      [ALL_SAFE, ONE_UNSAFE, []].map((tools) => ({ provider, tools })),
    ),
  )('$provider, $tools.length tools → {}', ({ provider, tools }) => {
    expect(parallelFields(provider, tools)).toStrictEqual({});
  });

  test.each(PROVIDERS)(
    '%s: the default main-session list (Bash, Write, Edit are not concurrent-safe) allows parallel calls',
    (provider) => {
      const tools = sessionContracts();
      expect(tools.some((tool) => !tool.flags.concurrentSafe)).toBe(true);
      const body = JSON.stringify(projectProviderRequest(provider, tools, { model }).request);
      expect(body).not.toContain('disable_parallel_tool_use');
      expect(body).not.toContain('parallel_tool_calls');
    },
  );
});

describe('serial calls when the host asks (parallelToolCalls: false)', () => {
  test.each([
    {
      provider: 'anthropic',
      want: { tool_choice: { type: 'auto', disable_parallel_tool_use: true } },
    },
    { provider: 'openai', want: { parallel_tool_calls: false } },
    { provider: 'openai-responses', want: { parallel_tool_calls: false } },
    // Neither fragment has a switch: nothing is sent; the executor still orders the calls.
    { provider: 'gemini', want: {} },
    { provider: 'ai-sdk', want: {} },
  ] as const)(
    '$provider → $want, even when every tool is concurrent-safe',
    ({ provider, want }) => {
      expect(parallelFields(provider, ALL_SAFE, { parallelToolCalls: false })).toStrictEqual(want);
      expect(parallelFields(provider, ONE_UNSAFE, { parallelToolCalls: false })).toStrictEqual(
        want,
      );
    },
  );

  test.each(PROVIDERS)('%s: parallelToolCalls: true is the same as the default', (provider) => {
    expect(parallelFields(provider, ONE_UNSAFE, { parallelToolCalls: true })).toStrictEqual(
      parallelFields(provider, ONE_UNSAFE),
    );
  });

  test('openai: serial and a turn restriction are both sent, each in its own field', () => {
    expect(
      parallelFields('openai', ONE_UNSAFE, { parallelToolCalls: false, allowedTools: ['Reader'] }),
    ).toStrictEqual({
      tool_choice: {
        type: 'allowed_tools',
        allowed_tools: {
          mode: 'auto',
          tools: [{ type: 'function', function: { name: 'Reader' } }],
        },
      },
      parallel_tool_calls: false,
    });
  });
});
