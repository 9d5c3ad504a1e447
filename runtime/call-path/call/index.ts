// `callTool` itself is not exported here: it has no permission step. Run calls through a
// `ToolSession` (runtime/session/) or `executeToolBatch`.
export type {
  AuthorizeCall,
  AuthorizeCallRequest,
  CallableRegistry,
  CallableRuntime,
  CallAuthorization,
  CallToolContext,
  ToolCall,
  ToolCallResult,
} from './call-tool.js';
export {
  buildToolCallContext,
  type ToolCallHost,
  type ToolCallScope,
} from './build-tool-call-context.js';
export {
  hostHookApplies,
  matchHostHooks,
  type HostToolHook,
  type PreToolHook,
  type PreToolHookDecision,
} from './host-tool-hooks.js';
export {
  applyResultBudget,
  artifactPathFor,
  type ArtifactRetention,
  type BudgetedContent,
  type ToolResultArtifact,
} from './apply-result-budget.js';
export { capOutputBytes } from './cap-output-bytes.js';
export { artifactExpires, cleanupArtifacts, type ArtifactCleanup } from './cleanup-artifacts.js';
export { formatInputValidationError, parameterName } from './format-input-validation-error.js';
export {
  InvalidInputSchemaError,
  JsonSchemaAdmission,
  sharedJsonSchemaAdmission,
} from './json-schema-admission.js';
export { parseToolInput } from './parse-tool-input.js';
export { resolveCallTimeout, type CallTimeout } from './resolve-call-timeout.js';
export { killProcessGroups, runHandler, type HandlerRunOutcome } from './run-handler.js';
export { MAX_TOOL_NAME_SUGGESTIONS, suggestToolNames } from './suggest-tool-names.js';
export {
  traceRecord,
  type ToolTraceEvent,
  type ToolTraceStep,
  type ToolTracer,
  type TraceRecord,
} from './trace-tool-call.js';
export { translateAjvErrors } from './translate-ajv-errors.js';
export {
  translateZod3Issue,
  translateZod3Issues,
  type IssueTranslationContext,
} from './translate-zod3-issue.js';
export { validateToolInput, type InputValidation } from './validate-tool-input.js';
export type { Zod4Issue } from './zod4-issue.js';
export { ZOD4_ISSUE_KEY_ORDER } from './zod4-issue.js';
