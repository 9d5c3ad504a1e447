export {
  toAiSdkTools,
  projectAiSdkTools,
  aiSdkToolOutput,
  toAiSdkModelOutput,
  type AiSdkModelOutput,
  type AiSdkToolOutput,
  type AiSdkToolSession,
  type AiSdkToolsOptions,
  type AiSdkToolProjection,
  type AdapterNote,
  type AdapterNoteCode,
} from './to-ai-sdk-tools.js';
export {
  toAnthropicToolResult,
  toAnthropicToolResultContent,
  type AnthropicToolResult,
  type AnthropicImageType,
  type AnthropicToolResultBlock,
} from './to-anthropic-tool-result.js';
export { resolveStrictDialect, type StrictModeInput } from './resolve-strict-dialect.js';
export {
  hoistLocalRefs,
  safeHoistLocalRefs,
  type HoistLocalRefsResult,
} from '../../core/json-schema/hoist-local-refs.js';
export { toStrictSchema, type StrictSchemaResult } from './to-strict-schema.js';
export { restoreOptionalProperties } from './restore-optional-properties.js';
export {
  ANTHROPIC_STRICT_DIALECT,
  OPENAI_STRICT_DIALECT,
  type StrictSchemaDialect,
} from './strict-schema-dialects.js';
export {
  SchemaProblemsError,
  type SchemaProblem,
  type SchemaProblemCode,
} from '../../core/json-schema/schema-problem.js';
export {
  toOpenAiResponsesOutput,
  type OpenAiResponsesFunctionCallOutput,
  type OpenAiResponsesOutputPart,
} from './to-openai-responses-output.js';
export {
  toOpenAiChatToolMessages,
  type OpenAiChatToolResultMessage,
} from './to-openai-chat-tool-messages.js';
export {
  toGeminiFunctionResponse,
  type GeminiFunctionResponsePart,
} from './to-gemini-function-response.js';
