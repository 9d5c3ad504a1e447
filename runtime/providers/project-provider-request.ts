/**
 * One entry point from the visibility pipeline's tool list (`getTools` → turn filter) to a
 * provider's request fragment.
 */
import type { ModelToolContract } from '../contract.js';
import type { ProviderName } from './provider-name.js';
import { composeDeferredList, deferredNames } from './tool-search.js';
import type { ProviderRequest, ProviderRequestOptions } from './provider-request.js';
import { toAiSdkRequest } from './to-ai-sdk-request.js';
import { toAnthropicRequest } from './to-anthropic-request.js';
import { toGeminiRequest } from './to-gemini-request.js';
import { toOpenAiChatRequest } from './to-openai-chat-request.js';
import { toOpenAiResponsesRequest } from './to-openai-responses-request.js';

/** `contracts` (in the model's order) as `provider`'s request fragment. */
export function projectProviderRequest(
  provider: ProviderName,
  contracts: readonly ModelToolContract[],
  requested: ProviderRequestOptions,
): ProviderRequest {
  // `loading: deferred` manifests are deferred as if the caller had named them.
  const deferred = deferredNames(contracts, requested.deferred);
  const options: ProviderRequestOptions =
    deferred.size === 0 ? requested : { ...requested, deferred };
  // Formats without a native tool search: the built-in ToolSearch stands in for deferred tools.
  const composed =
    options.deferred === undefined || provider === 'anthropic' || provider === 'openai-responses'
      ? contracts
      : composeDeferredList(contracts, options.deferred, options.discovered ?? []);
  switch (provider) {
    case 'anthropic':
      return toAnthropicRequest(contracts, options);
    case 'openai':
      return toOpenAiChatRequest(composed, options);
    case 'openai-responses':
      return toOpenAiResponsesRequest(contracts, options);
    case 'gemini':
      return toGeminiRequest(composed, options);
    case 'ai-sdk':
      return toAiSdkRequest(composed, options);
  }
}
