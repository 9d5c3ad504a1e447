/**
 * What the model sees, as committed files: for each default context and each request format,
 * the exact request fragment, so a reviewer's diff shows what a model will be sent and `check`
 * catches drift. Written to `generated/model-view/<context>/<format>.json` by `generate`.
 *
 * Deterministic: the month WebSearch names is fixed (January 2026, `MODEL_VIEW_DATE`), nothing
 * depends on the machine, and the JSON is pretty-printed with two spaces (the bytes sent are the
 * compact form of the same value).
 */
import type { ModelProfile, ToolEntry } from '../contract.js';
import { createToolRuntime } from '../tool-runtime.js';
import type { RegistrationGateInput } from '../visibility/registration-gate.js';
import { projectProviderRequest } from './project-provider-request.js';
import { PROVIDER_NAMES } from './provider-name.js';

/** The date the views are rendered at (only its month is read: WebSearch's description). */
export const MODEL_VIEW_DATE = new Date(Date.UTC(2026, 0, 15));

interface ModelViewContext {
  readonly name: string;
  readonly gate: RegistrationGateInput;
  readonly model: ModelProfile;
}

const firstPartyModel: ModelProfile = {
  id: 'unspecified',
  provider: 'anthropic',
  supportsNativeWebSearch: false,
  supportsPdf: false,
  firstParty: true,
};

/** The contexts `list` shows by default, and the two other session kinds people ask about. */
export const MODEL_VIEW_CONTEXTS: readonly ModelViewContext[] = [
  {
    name: 'main',
    gate: { ports: {}, features: {}, hostKind: 'terminal', sessionKind: 'main' },
    model: firstPartyModel,
  },
  {
    name: 'main-native-search-pdf',
    gate: { ports: {}, features: {}, hostKind: 'terminal', sessionKind: 'main' },
    model: { ...firstPartyModel, supportsNativeWebSearch: true, supportsPdf: true },
  },
  {
    name: 'subagent-explore',
    gate: {
      ports: {},
      features: {},
      hostKind: 'terminal',
      sessionKind: 'subagent',
      toolset: 'explore',
    },
    model: firstPartyModel,
  },
  {
    name: 'workflow-actor',
    gate: { ports: {}, features: {}, hostKind: 'terminal', sessionKind: 'workflowActor' },
    model: firstPartyModel,
  },
];

/** Project-relative path → file text, in path order. */
export function renderModelViews(
  builtInTools: readonly ToolEntry[],
  sortedProviderToolNames: ReadonlySet<string>,
): Map<string, string> {
  const files = new Map<string, string>();
  for (const context of MODEL_VIEW_CONTEXTS) {
    const runtime = createToolRuntime({
      builtInTools,
      sortedProviderToolNames,
      gate: context.gate,
      logger: { warn: () => {} },
      clock: () => MODEL_VIEW_DATE,
    });
    const tools = runtime.getTools({ model: context.model });
    for (const provider of PROVIDER_NAMES) {
      const formats =
        provider === 'gemini' ? (['json-schema', 'openapi'] as const) : ([undefined] as const);
      for (const geminiSchema of formats) {
        const request = projectProviderRequest(provider, tools, {
          model:
            provider === 'openai' || provider === 'openai-responses'
              ? { ...context.model, provider: 'openai', firstParty: false }
              : context.model,
          ...(geminiSchema === undefined ? {} : { geminiSchema }),
        });
        const name = geminiSchema === 'openapi' ? 'gemini-openapi' : provider;
        files.set(
          `generated/model-view/${context.name}/${name}.json`,
          `${JSON.stringify(request.request, null, 2)}\n`,
        );
      }
    }
  }
  return new Map([...files].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0)));
}
