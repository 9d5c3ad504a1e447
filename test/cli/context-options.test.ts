/**
 * The model the context flags describe: first-party (Anthropic strict tool use is sent) only
 * where the flags say so, never merely because the provider is `anthropic`.
 */
import { describe, expect, test } from 'vitest';
import { hasModelOptions, modelFromOptions } from '../../cli/context-options.js';
import { decideStrict } from '../../runtime/integrations/providers/strict-decisions.js';
import { modelToolContract } from '../runtime/integrations/adapters/model-tool-contract-fixture.js';

describe('modelFromOptions: firstParty', () => {
  test.each([
    { flags: {}, want: true },
    { flags: { provider: 'anthropic' }, want: true },
    { flags: { provider: 'anthropic', model: 'claude-sonnet-4-5' }, want: true },
    { flags: { provider: 'anthropic', model: 'glm-4.6' }, want: false },
    { flags: { provider: 'anthropic', model: 'glm-4.6', 'first-party': true }, want: true },
    { flags: { provider: 'anthropic', model: 'Claude-Opus' }, want: false },
    { flags: { provider: 'openai', model: 'gpt-5' }, want: false },
    // Strict tool use is Anthropic's: the flag says nothing about another provider's model.
    { flags: { provider: 'openai', model: 'gpt-5', 'first-party': true }, want: false },
    { flags: { provider: 'gemini', 'first-party': true }, want: false },
  ] as const)('$flags → $want', ({ flags, want }) => {
    expect(modelFromOptions(flags).firstParty).toBe(want);
  });

  test('--first-party alone counts as a model flag', () => {
    expect(hasModelOptions({ 'first-party': true })).toBe(true);
  });

  test.each([
    { flags: { model: 'glm-4.6' }, strict: false, reason: 'not-first-party' },
    { flags: { model: 'glm-4.6', 'first-party': true }, strict: true, reason: 'strict' },
  ] as const)(
    'a strict-eligible tool on anthropic with $flags is sent strict: $strict',
    ({ flags, strict, reason }) => {
      const tool = modelToolContract('Lookup', { strict: true });
      const [decision] = decideStrict([tool], {
        provider: 'anthropic',
        model: modelFromOptions({ provider: 'anthropic', ...flags }),
      });
      expect(decision).toMatchObject({ strict, reason });
    },
  );
});
