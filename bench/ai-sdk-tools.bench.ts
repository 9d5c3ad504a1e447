/**
 * What the adapter layer costs per model turn, side by side, on the real built-in tools:
 * - toAiSdkTools for Anthropic (no projection), with ref hoisting, and with the OpenAI strict
 *   projection of every eligible schema (all 39 marked eligible, to measure the projection);
 * - the SDK's own tool preparation in generateText (MockLanguageModelV3, no network), for scale.
 * Each against toAiSdkTools for Anthropic, in interleaved rounds (support/compare-interleaved.ts):
 * the synchronous adapter called synchronously, generateText awaited (and the adapter with it).
 *
 * Run: node --import tsx bench/ai-sdk-tools.bench.ts
 */
import { generateText } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { builtInTools } from '../generated/index.js';
import { toAiSdkTools } from '../runtime/integrations/adapters/index.js';
import type { ModelProfile } from '../runtime/core/contract.js';
import { computeVisibleTools } from '../runtime/core/visibility/get-tools.js';
import { compareAsync, compareSync, type Comparison } from './support/compare-interleaved.js';
import { median, medianRatio } from './support/round-ratios.js';

const OPTIONS = { rounds: 21, warmUp: 3, sampleMs: 20 } as const;

const contracts = computeVisibleTools({
  entries: builtInTools,
  model: {
    id: 'any',
    provider: 'anthropic',
    supportsNativeWebSearch: true,
    supportsPdf: true,
    firstParty: true,
  },
  descriptionSettings: { currentMonth: 'November 2026', dynamicWorkflows: true },
  embeddedSearch: false,
  order: {
    sortedNames: new Set(),
    registrationOrder: builtInTools.map((entry) => entry.metadata.name),
  },
});
const allEligible = contracts.map((contract) => ({ ...contract, strict: true }));
const claude: ModelProfile = {
  id: 'claude',
  provider: 'anthropic',
  supportsNativeWebSearch: true,
  supportsPdf: true,
  firstParty: true,
};
const gpt: ModelProfile = {
  id: 'gpt',
  provider: 'openai',
  supportsNativeWebSearch: true,
  supportsPdf: true,
  firstParty: false,
};

const model = new MockLanguageModelV3({
  doGenerate: async () => ({
    content: [{ type: 'text' as const, text: 'ok' }],
    finishReason: { unified: 'stop' as const, raw: undefined },
    usage: {
      inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 1, text: 1, reasoning: 0 },
    },
    warnings: [],
  }),
});
const anthropicTools = toAiSdkTools(contracts, { provider: 'anthropic', model: claude });

const plain = () => toAiSdkTools(contracts, { provider: 'anthropic', model: claude });
const rows: [string, Comparison][] = [
  [
    '+ requiresDefsRefs',
    await compareSync(
      {
        ours: () =>
          toAiSdkTools(contracts, { provider: 'anthropic', model: claude, requiresDefsRefs: true }),
        anchor: plain,
      },
      OPTIONS,
    ),
  ],
  [
    'openai strict, all eligible',
    await compareSync(
      {
        ours: () =>
          toAiSdkTools(allEligible, { provider: 'openai', model: gpt, openAiStrict: true }),
        anchor: plain,
      },
      OPTIONS,
    ),
  ],
  [
    // generateText is asynchronous: both sides awaited.
    'generateText, tools prepared by the SDK',
    await compareAsync(
      {
        ours: () => generateText({ model, tools: anthropicTools, prompt: 'hi' }),
        anchor: async () => plain(),
      },
      OPTIONS,
    ),
  ],
];
const width = Math.max(...rows.map(([label]) => label.length));
console.log(
  `${contracts.length} provider-visible built-in tools; against toAiSdkTools for anthropic (median of per-round ratios, interleaved rounds)`,
);
for (const [label, comparison] of rows)
  console.log(
    `${label.padEnd(width)}  ${median(comparison.ours).toFixed(3).padStart(8)} ms  vs ${median(comparison.anchor).toFixed(3)} ms  ${medianRatio(comparison.ours, comparison.anchor).toFixed(2)}x`,
  );
console.log('Command: node --import tsx bench/ai-sdk-tools.bench.ts');
