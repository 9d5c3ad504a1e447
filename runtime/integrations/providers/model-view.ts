/**
 * What the model sees, as committed files: for each default context and each request format,
 * the exact request fragment, so a reviewer's diff shows what a model will be sent and `check`
 * catches drift. Written to `generated/model-view/<context>/<format>.json` by `generate`.
 *
 * Deterministic: the month WebSearch names is fixed (January 2026, `MODEL_VIEW_DATE`), nothing
 * depends on the machine, and the JSON is pretty-printed with two spaces (the bytes sent are the
 * compact form of the same value).
 */
import type { ModelProfile, ModelToolContract, ToolEntry } from '../../core/contract.js';
import { createToolRuntime } from '../../core/tool-runtime.js';
import type { RegistrationGateInput } from '../../core/visibility/registration-gate.js';
import { projectProviderRequest } from './project-provider-request.js';
import { PROVIDER_NAMES, type ProviderName } from './provider-name.js';
import type { ProviderRequest } from './provider-request.js';

/** The date the views are rendered at (only its month is read: WebSearch's description). */
export const MODEL_VIEW_DATE = new Date(Date.UTC(2026, 0, 15));

export interface ModelViewContext {
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

/** One request format of the views: a provider, and for Gemini which schema form. */
export interface ModelViewFormat {
  /** The file name without `.json`: the provider, or `gemini-openapi`. */
  readonly name: string;
  readonly provider: ProviderName;
  readonly geminiSchema?: 'json-schema' | 'openapi';
}

/** Every format a view is rendered in (and `diff` compares), in file order within a context. */
export const MODEL_VIEW_FORMATS: readonly ModelViewFormat[] = PROVIDER_NAMES.flatMap(
  (provider): ModelViewFormat[] =>
    provider === 'gemini'
      ? [
          { name: 'gemini', provider, geminiSchema: 'json-schema' },
          { name: 'gemini-openapi', provider, geminiSchema: 'openapi' },
        ]
      : [{ name: provider, provider }],
);

/** `tools` as `format` sends them, for `model` (an OpenAI model for the OpenAI formats). */
export function modelViewRequest(
  format: ModelViewFormat,
  tools: readonly ModelToolContract[],
  model: ModelProfile,
): ProviderRequest {
  return projectProviderRequest(format.provider, tools, {
    model:
      format.provider === 'openai' || format.provider === 'openai-responses'
        ? { ...model, provider: 'openai', firstParty: false }
        : model,
    ...(format.geminiSchema === undefined ? {} : { geminiSchema: format.geminiSchema }),
  });
}

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
    for (const format of MODEL_VIEW_FORMATS) {
      const request = modelViewRequest(format, tools, context.model);
      files.set(
        `generated/model-view/${context.name}/${format.name}.json`,
        `${JSON.stringify(request.request, null, 2)}\n`,
      );
    }
  }
  return new Map([...files].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0)));
}
