/**
 * Parallel tool calls from `concurrentSafe`: each provider's fragment says "parallel allowed" only
 * when every tool it lists is concurrent-safe, in that provider's own field, and nothing else.
 */
import { describe, expect, test } from 'vitest';
import { allConcurrentSafe } from '../../../../runtime/integrations/providers/all-concurrent-safe.js';
import { projectProviderRequest } from '../../../../runtime/integrations/providers/project-provider-request.js';
import type { ProviderName } from '../../../../runtime/integrations/providers/provider-name.js';
import type { ProviderRequestOptions } from '../../../../runtime/integrations/providers/provider-request.js';
import { modelToolContract } from '../adapters/model-tool-contract-fixture.js';
import { model } from './provider-fixtures.js';

const safe = modelToolContract('Reader', { flags: { concurrentSafe: true } });
const alsoSafe = modelToolContract('Lister', { flags: { concurrentSafe: true } });
const unsafe = modelToolContract('Writer', { flags: { concurrentSafe: false } });
const providerSide = modelToolContract('WebSearch', {
  executionMode: 'provider',
  flags: { concurrentSafe: false },
});

const ALL_SAFE = [safe, alsoSafe];
const ONE_UNSAFE = [safe, unsafe, alsoSafe];

/** The request fields other than `tools`, as sent. */
function parallelFields(
  provider: ProviderName,
  tools: readonly (typeof safe)[],
  options: Partial<ProviderRequestOptions> = {},
): Record<string, unknown> {
  const { request } = projectProviderRequest(provider, tools, { model, ...options });
  const { tools: _listed, ...rest } = request as Record<string, unknown>;
  return rest;
}

describe('allConcurrentSafe', () => {
  test.each([
    { title: 'no tools', tools: [], want: true },
    { title: 'all safe', tools: ALL_SAFE, want: true },
    { title: 'one unsafe', tools: ONE_UNSAFE, want: false },
    { title: 'only unsafe', tools: [unsafe], want: false },
  ])('$title → $want', ({ tools, want }) => {
    expect(allConcurrentSafe(tools)).toBe(want);
  });
});

describe('parallel calls in each fragment (from-flags, the default)', () => {
  test.each([
    { provider: 'anthropic', tools: ALL_SAFE, want: {} },
    {
      provider: 'anthropic',
      tools: ONE_UNSAFE,
      want: { tool_choice: { type: 'auto', disable_parallel_tool_use: true } },
    },
    { provider: 'openai', tools: ALL_SAFE, want: { parallel_tool_calls: true } },
    { provider: 'openai', tools: ONE_UNSAFE, want: { parallel_tool_calls: false } },
    { provider: 'openai-responses', tools: ALL_SAFE, want: { parallel_tool_calls: true } },
    { provider: 'openai-responses', tools: ONE_UNSAFE, want: { parallel_tool_calls: false } },
    // Neither has a switch: nothing is sent, whatever the flags.
    { provider: 'gemini', tools: ALL_SAFE, want: {} },
    { provider: 'gemini', tools: ONE_UNSAFE, want: {} },
    { provider: 'ai-sdk', tools: ALL_SAFE, want: {} },
    { provider: 'ai-sdk', tools: ONE_UNSAFE, want: {} },
  ] as const)('$provider, $tools.length tools → $want', ({ provider, tools, want }) => {
    expect(parallelFields(provider, tools)).toStrictEqual(want);
  });
});

describe('parallel calls: edge cases', () => {
  test.each([
    // A provider-executed tool is not in the request, so its flags do not count.
    {
      title: 'an unsafe provider tool is left out of the decision (anthropic)',
      provider: 'anthropic',
      tools: [safe, providerSide],
      options: {},
      want: {},
    },
    {
      title: 'an unsafe provider tool is left out of the decision (openai)',
      provider: 'openai',
      tools: [safe, providerSide],
      options: {},
      want: { parallel_tool_calls: true },
    },
    // Anthropic removes excluded tools, so the decision is on what remains callable.
    {
      title: 'anthropic: restricting away the unsafe tool allows parallel calls',
      provider: 'anthropic',
      tools: ONE_UNSAFE,
      options: { allowedTools: ['Reader', 'Lister'] },
      want: {},
    },
    {
      title: 'no tools: openai allows parallel calls',
      provider: 'openai',
      tools: [],
      options: {},
      want: { parallel_tool_calls: true },
    },
    {
      title: 'provider-default: anthropic sends nothing',
      provider: 'anthropic',
      tools: ONE_UNSAFE,
      options: { parallelToolCalls: 'provider-default' },
      want: {},
    },
    {
      title: 'provider-default: openai sends nothing',
      provider: 'openai',
      tools: ONE_UNSAFE,
      options: { parallelToolCalls: 'provider-default' },
      want: {},
    },
    {
      title: 'provider-default: openai-responses sends nothing',
      provider: 'openai-responses',
      tools: ONE_UNSAFE,
      options: { parallelToolCalls: 'provider-default' },
      want: {},
    },
  ] as const)('$title', ({ provider, tools, options, want }) => {
    expect(parallelFields(provider, tools, options)).toStrictEqual(want);
  });
});
