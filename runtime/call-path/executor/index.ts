export {
  executeToolBatch,
  type ExecutedToolCall,
  type ToolBatchContext,
  type ToolBatchResult,
  type ToolBatchRuntime,
} from './execute-tool-batch.js';
export {
  authorizationTraceSteps,
  authorizeToolCall,
  type ApprovalAnswer,
  type ApprovalRequest,
  type Authorization,
  type AuthorizeOptions,
  type PermissionOutcome,
  type RequestApproval,
} from './authorize-tool-call.js';
export {
  approvalDeclinedMessage,
  approvalUnavailableMessage,
  deniedByRuleMessage,
  deniedInPlanModeMessage,
  MANUAL_RECOVERY_NOTE,
  turnEndedMessage,
  userInteractionUnavailableMessage,
} from './executor-messages.js';
export { planToolBatch, type BatchStep } from './plan-tool-batch.js';
export {
  DEFAULT_MAX_ATTEMPTS,
  defaultBackoffMs,
  mayRetryAutomatically,
  recoveryGuidance,
  TRANSIENT_ERROR_CODES,
  UNCERTAIN_OUTCOME_ERROR_CODES,
  type RecoveryGuidance,
  type RetryOptions,
} from './recovery-policy.js';
export { resolveCallEffects, type CallEffects } from './resolve-call-effects.js';
