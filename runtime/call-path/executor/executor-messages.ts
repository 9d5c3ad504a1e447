/**
 * The model-facing texts of calls the executor stopped or annotated, built in one place so tests
 * and documentation can quote them exactly. Each says what happened and what to do instead; the
 * model reads it inside `<tool_use_error>` (`toolUseError`).
 */

/** A deny rule matched: `… because the rule "Bash(rm:*)" denies this call.` */
export function deniedByRuleMessage(toolName: string, ruleText: string): string {
  return `Permission denied: ${toolName} was not run because the rule "${ruleText}" denies this call.`;
}

/** Plan mode refused a call that may change something. */
export function deniedInPlanModeMessage(toolName: string): string {
  return `Permission denied: ${toolName} was not run because plan mode allows only read-only calls. Finish the plan and let the user leave plan mode first.`;
}

/** The user answered "no" to the approval prompt (optionally saying why). */
export function approvalDeclinedMessage(toolName: string, message?: string): string {
  const said = message === undefined || message.trim() === '' ? '' : ` The user said: ${message}`;
  return `The user declined to run ${toolName}; it was not run.${said}`;
}

/** The call needs approval and nobody can give it (no approver, or no interactive user). */
export function approvalUnavailableMessage(toolName: string, permission: string): string {
  return `${toolName} needs the user's approval (permission "${permission}") and nobody can approve it in this session; it was not run. Continue without it, or report what you need.`;
}

/** A tool that needs a person to answer, in a session without one: fail at once, never hang. */
export function userInteractionUnavailableMessage(toolName: string): string {
  return `${toolName} needs an answer from the user and this session has no interactive user; it was not run. Continue without it, or report what you need.`;
}

/** A call after a terminal call (`stopTurnOnSuccess`) that succeeded. */
export function turnEndedMessage(toolName: string, endedBy: string): string {
  return `${toolName} was not run: ${endedBy} succeeded and ended the turn.`;
}

/** Appended to the failure of a `recovery: manual` tool whose effects are uncertain. */
export const MANUAL_RECOVERY_NOTE =
  'This call may have partly taken effect before it failed; do not retry blindly: check the current state first.';

/** Put `note` on its own line at the end of `content`, inside `<tool_use_error>` when it has one. */
export function appendNote(content: string, note: string): string {
  const closing = '</tool_use_error>';
  return content.endsWith(closing)
    ? `${content.slice(0, -closing.length)}\n${note}${closing}`
    : `${content}\n${note}`;
}
