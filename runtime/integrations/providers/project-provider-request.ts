/**
 * One entry point from the visibility pipeline's tool list (`getTools` → turn filter) to a
 * provider's request fragment.
 */
import type { ModelToolContract } from '../../core/contract.js';
import type { ProviderName } from './provider-name.js';
import {
  composeDeferredList,
  deferredNames,
  TOOL_SEARCH_NAME,
  withoutToolSearch,
} from '../../core/visibility/deferred-tools.js';
import type {
  ProjectionNote,
  ProviderRequest,
  ProviderRequestOptions,
} from './provider-request.js';
import { toAiSdkRequest, type AiSdkToolsFragment } from './to-ai-sdk-request.js';
import { toAnthropicRequest, type AnthropicToolsFragment } from './to-anthropic-request.js';
import { toGeminiRequest, type GeminiToolsFragment } from './to-gemini-request.js';
import { toOpenAiChatRequest, type OpenAiChatToolsFragment } from './to-openai-chat-request.js';
import {
  toOpenAiResponsesRequest,
  type OpenAiResponsesToolsFragment,
} from './to-openai-responses-request.js';

/** The request fields each format's projection sets (`ProviderRequest.request`). */
export interface ProviderFragments {
  readonly anthropic: AnthropicToolsFragment;
  readonly openai: OpenAiChatToolsFragment;
  readonly 'openai-responses': OpenAiResponsesToolsFragment;
  readonly gemini: GeminiToolsFragment;
  readonly 'ai-sdk': AiSdkToolsFragment;
}

/** `contracts` (in the model's order) as `provider`'s request fragment, typed for `provider`. */
export function projectProviderRequest<Provider extends ProviderName>(
  provider: Provider,
  contracts: readonly ModelToolContract[],
  requested: ProviderRequestOptions,
): ProviderRequest<ProviderFragments[Provider]>;
export function projectProviderRequest(
  provider: ProviderName,
  contracts: readonly ModelToolContract[],
  requested: ProviderRequestOptions,
): ProviderRequest {
  // `loading: deferred` manifests are deferred as if the caller had named them.
  const deferred = deferredNames(contracts, requested.deferred);
  const options: ProviderRequestOptions =
    deferred.size === 0 ? requested : { ...requested, deferred };
  // Anthropic and the Responses API search natively; the other formats get the built-in
  // ToolSearch in place of the deferred tools.
  if (provider === 'anthropic') return toAnthropicRequest(withoutToolSearch(contracts), options);
  if (provider === 'openai-responses')
    return toOpenAiResponsesRequest(withoutToolSearch(contracts), options);
  const composed = composeDeferredList(
    contracts,
    options.deferred ?? new Set(),
    options.discovered ?? [],
  );
  const request = projectComposed(provider, composed.tools, options);
  if (composed.unsearchable.length === 0) return request;
  const notes: ProjectionNote[] = composed.unsearchable.map((tool) => ({
    tool,
    code: 'not-deferred',
    message: `${tool} is sent although deferred: no ${TOOL_SEARCH_NAME} tool is registered to find it (feature flag toolSearch)`,
  }));
  return { ...request, notes: [...request.notes, ...notes] };
}

function projectComposed(
  provider: 'openai' | 'gemini' | 'ai-sdk',
  contracts: readonly ModelToolContract[],
  options: ProviderRequestOptions,
): ProviderRequest {
  switch (provider) {
    case 'openai':
      return toOpenAiChatRequest(contracts, options);
    case 'gemini':
      return toGeminiRequest(contracts, options);
    case 'ai-sdk':
      return toAiSdkRequest(contracts, options);
  }
}
