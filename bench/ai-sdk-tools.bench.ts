/**
 * What the adapter layer costs per model turn, side by side, on the real built-in tools:
 * - toAiSdkTools for Anthropic (no projection), with ref hoisting, and with the OpenAI strict
 *   projection of every eligible schema (all 39 marked eligible, to measure the projection);
 * - the SDK's own tool preparation in generateText (MockLanguageModelV3, no network), for scale.
 *
 * Run: node --import tsx bench/ai-sdk-tools.bench.ts
 */
import { generateText } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { builtInTools } from '../generated/index.js';
import { toAiSdkTools } from '../runtime/adapters/index.js';
import type { ModelProfile } from '../runtime/contract.js';
import { computeVisibleTools } from '../runtime/visibility/get-tools.js';

const RUNS = 200;

async function median(run: () => unknown): Promise<number> {
  const samples: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((left, right) => left - right);
  return samples[Math.floor(samples.length / 2)]!;
}

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

const rows: [string, number][] = [
  [
    'toAiSdkTools, anthropic (39 tools)',
    await median(() => toAiSdkTools(contracts, { provider: 'anthropic', model: claude })),
  ],
  [
    '  + requiresDefsRefs',
    await median(() =>
      toAiSdkTools(contracts, { provider: 'anthropic', model: claude, requiresDefsRefs: true }),
    ),
  ],
  [
    '  openai strict, all 39 eligible',
    await median(() =>
      toAiSdkTools(allEligible, { provider: 'openai', model: gpt, openAiStrict: true }),
    ),
  ],
  [
    'generateText, tools prepared by the SDK',
    await median(() => generateText({ model, tools: anthropicTools, prompt: 'hi' })),
  ],
];
const width = Math.max(...rows.map(([label]) => label.length));
console.log(`median of ${RUNS} runs, ${contracts.length} provider-visible built-in tools`);
for (const [label, ms] of rows)
  console.log(`${label.padEnd(width)}  ${ms.toFixed(3).padStart(8)} ms`);
