import { describe, expect, test } from 'vitest';
import type { ModelProfile } from '../../../../runtime/core/contract.js';
import { resolveStrictDialect } from '../../../../runtime/integrations/adapters/resolve-strict-dialect.js';

function model(firstParty: boolean, provider = 'anthropic'): ModelProfile {
  return {
    id: 'model-under-test',
    provider,
    supportsNativeWebSearch: false,
    supportsPdf: false,
    firstParty,
  };
}

describe('resolveStrictDialect: strict only when eligible, provider anthropic and model first-party', () => {
  test.each([
    // provider, firstParty, eligible, openAiStrict, want
    ['anthropic', true, true, undefined, 'anthropic'],
    ['anthropic', true, false, undefined, undefined],
    ['anthropic', false, true, undefined, undefined],
    ['anthropic', false, false, undefined, undefined],
    ['openai', true, true, undefined, undefined],
    ['openai', false, true, undefined, undefined],
    ['openai', false, false, undefined, undefined],
    ['amazon-bedrock', true, true, undefined, undefined],
    ['google-vertex-anthropic', true, true, undefined, undefined],
    ['Anthropic', true, true, undefined, undefined], // provider names are exact, like the SDK's
    // The OpenAI strict subset is an explicit opt-in, and still needs eligibility.
    ['openai', false, true, true, 'openai'],
    ['openai', true, true, true, 'openai'],
    ['openai', false, false, true, undefined],
    ['anthropic', false, true, true, undefined],
    ['google', true, true, true, undefined],
  ] as const)(
    '%s, firstParty %s, eligible %s, openAiStrict %s → %s',
    (provider, firstParty, eligible, openAiStrict, want) => {
      const dialect = resolveStrictDialect(
        { strict: eligible },
        { provider, model: model(firstParty), openAiStrict },
      );
      expect(dialect?.provider).toBe(want);
    },
  );

  test('the decision reads the request provider, not the provider named in the model profile', () => {
    // A first-party Claude profile served through another provider gets no strict mode.
    expect(
      resolveStrictDialect(
        { strict: true },
        { provider: 'amazon-bedrock', model: model(true, 'anthropic') },
      ),
    ).toBeUndefined();
    expect(
      resolveStrictDialect(
        { strict: true },
        { provider: 'anthropic', model: model(true, 'someone-else') },
      )?.provider,
    ).toBe('anthropic');
  });
});
