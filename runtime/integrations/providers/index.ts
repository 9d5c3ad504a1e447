/**
 * What each provider is sent: request fragments built from the one visibility pipeline, their
 * bytes, tokens and fingerprint, strict decisions, the prefix report and deferred loading.
 */
export { compareToolPrefix, type PrefixChange } from './compare-tool-prefix.js';
export {
  measureRequest,
  requestFingerprint,
  type RequestMeasure,
  type ToolMeasure,
} from './measure-request.js';
export { MODEL_VIEW_CONTEXTS, MODEL_VIEW_DATE, renderModelViews } from './model-view.js';
export { projectProviderRequest, type ProviderFragments } from './project-provider-request.js';
export type { AnthropicToolDefinition, AnthropicToolsFragment } from './to-anthropic-request.js';
export type { OpenAiChatFunctionTool, OpenAiChatToolsFragment } from './to-openai-chat-request.js';
export type {
  OpenAiResponsesFunctionTool,
  OpenAiResponsesToolsFragment,
} from './to-openai-responses-request.js';
export type { GeminiFunctionDeclaration, GeminiToolsFragment } from './to-gemini-request.js';
export type { AiSdkToolsFragment, AiSdkToolView } from './to-ai-sdk-request.js';
export { isProviderName, PROVIDER_NAMES, type ProviderName } from './provider-name.js';
export type {
  ProjectionNote,
  ProviderRequest,
  ProviderRequestOptions,
  SentTool,
} from './provider-request.js';
export {
  resolveToolCallName,
  resolveToolReferences,
  type ProviderToolCall,
  type ResolvedToolCall,
} from './resolve-tool-call-name.js';
export {
  ANTHROPIC_STRICT_REQUEST_LIMITS,
  decideStrict,
  type StrictDecision,
  type StrictReason,
} from './strict-decisions.js';
export { tokenCounterFor, toolUseOverhead, type TokenCounter } from './token-counter.js';
export {
  autoDeferredMcpTools,
  composeDeferredList,
  deferredNames,
  searchableTools,
  searchDeferredTools,
  TOOL_SEARCH_NAME,
} from '../../core/visibility/deferred-tools.js';
// Types the API above names.
export type { ModelViewContext } from './model-view.js';
export type { AnthropicToolSearchTool } from './to-anthropic-request.js';
export type {
  OpenAiResponsesNamespaceTool,
  OpenAiToolSearchTool,
} from './to-openai-responses-request.js';
export type { GeminiSchema } from './to-gemini-openapi-schema.js';
export type { ProjectionNoteCode } from './provider-request.js';
export type { RequestLimitName, StrictOptions, StrictRequestLimits } from './strict-decisions.js';
export type { DeferredList, SearchableTool } from '../../core/visibility/deferred-tools.js';
