/**
 * The approval gate of one call: the permission decision, then — only when it is `ask` — the
 * tool's `prepareApproval` hook and the host's approval prompt.
 *
 * - `deny`: refused, with the rule (or plan mode) named in the model-facing text.
 * - `allow`: run. `prepareApproval` is never called, so nothing can turn an allow into an ask.
 * - `ask`: `prepareApproval` may answer `allow` (run without asking), attach a preview, or leave
 *   the ask unchanged. Its `allow` is not honoured when the ask came from one of the user's own
 *   ask rules: the tool may vouch for its input, not overrule the user. A hook that throws leaves
 *   the ask unchanged (the user is asked; a warning says why there is no preview).
 *   Then the host's `requestApproval` decides. Without an approver, or when the host says the
 *   session has no interactive user, the call is refused at once instead of waiting for an
 *   answer that never comes; an approver that throws refuses too (no answer is not a yes).
 */
import type { PermissionCapability, ToolCallContext, ToolEntry } from '../../core/contract.js';
import {
  evaluatePermission,
  type PermissionDecision,
  type PermissionReason,
  type PermissionSettings,
} from '../permission/evaluate-permission.js';
import type { ParsedRule } from '../../core/rules/parse-permission-rule.js';
import type { ToolTraceStep } from '../call/trace-tool-call.js';
import {
  approvalDeclinedMessage,
  approvalUnavailableMessage,
  deniedByRuleMessage,
  deniedInPlanModeMessage,
} from './executor-messages.js';

/** What the host's approval prompt is given. */
export interface ApprovalRequest {
  /** Canonical name of the tool. */
  readonly tool: string;
  readonly callId: string;
  /** The input that will run (validated, resolved, after the host's pre-tool hook). */
  readonly input: unknown;
  /** What the tool's `prepareApproval` wants the user to see (a script, a diff). */
  readonly preview?: string;
  /** The permission asked for: its name, why the tool needs it, and this call's risk. */
  readonly permission: {
    readonly name: string;
    readonly reason: string;
    readonly riskLevel: PermissionCapability['riskLevel'];
  };
  /** Why the executor asks: the tool always asks, an ask rule matched, or it needs approval. */
  readonly askReason: PermissionReason;
  /** The ask rule that matched, as written. */
  readonly rule?: string;
  /**
   * Rules an "always allow" answer would record; absent when the tool does not offer it
   * (`askOptions.allowAlways: false`, or `alwaysAsk`).
   */
  readonly alwaysAllowSuggestion?: readonly ParsedRule[];
}

/** The host's answer. `always` records `alwaysAllowSuggestion` (when offered) as allow rules. */
export type ApprovalAnswer =
  | { readonly decision: 'allow'; readonly always?: boolean }
  | { readonly decision: 'deny'; readonly message?: string };

/** Asks the user; resolves with their answer. */
export type RequestApproval = (request: ApprovalRequest) => Promise<ApprovalAnswer>;

/** How a call was let through or stopped, for the host. */
export interface PermissionOutcome {
  /** What `evaluatePermission` decided. */
  readonly decision: PermissionDecision['decision'];
  readonly reason: PermissionReason;
  /** The rule that decided, as written. */
  readonly rule?: string;
  /** For an ask: who let it through (the tool's `prepareApproval`, or the user). */
  readonly approvedBy?: 'prepareApproval' | 'user';
  /** For an ask: the preview the user was shown. */
  readonly preview?: string;
}

export type Authorization =
  | {
      readonly ok: true;
      readonly outcome: PermissionOutcome;
      /** Allow rules the user asked to remember ("always allow"). */
      readonly remember: readonly ParsedRule[];
      readonly warnings: readonly string[];
    }
  | {
      readonly ok: false;
      readonly outcome: PermissionOutcome;
      readonly errorCode: 'permission_denied' | 'approval_declined' | 'approval_unavailable';
      /** What the model reads, inside `<tool_use_error>`. */
      readonly message: string;
      readonly warnings: readonly string[];
    };

export interface AuthorizeOptions {
  readonly settings: PermissionSettings;
  readonly callId: string;
  /** Context handed to `prepareApproval` (it may read host ports, e.g. the current run's script). */
  readonly hookContext: ToolCallContext;
  readonly requestApproval?: RequestApproval;
  /** `false`: nobody can answer a prompt. Default: true. */
  readonly interactive?: boolean;
}

/** Decide whether `input` may be passed to `entry` now. */
export async function authorizeToolCall(
  entry: ToolEntry,
  input: unknown,
  options: AuthorizeOptions,
): Promise<Authorization> {
  const toolName = entry.metadata.name;
  const decision = evaluatePermission(entry, input, options.settings);
  const outcome: PermissionOutcome = {
    decision: decision.decision,
    reason: decision.reason,
    ...(decision.rule === undefined ? {} : { rule: decision.rule.text }),
  };
  if (decision.decision === 'allow') return { ok: true, outcome, remember: [], warnings: [] };
  if (decision.decision === 'deny') {
    return {
      ok: false,
      outcome,
      errorCode: 'permission_denied',
      message:
        decision.rule === undefined
          ? deniedInPlanModeMessage(toolName)
          : deniedByRuleMessage(toolName, decision.rule.text),
      warnings: [],
    };
  }

  const warnings: string[] = [];
  let preview: string | undefined;
  if (entry.prepareApproval !== undefined) {
    try {
      const prepared = await entry.prepareApproval(input, options.hookContext);
      if (prepared.decision === 'allow' && decision.reason !== 'askRule')
        return {
          ok: true,
          outcome: { ...outcome, approvedBy: 'prepareApproval' },
          remember: [],
          warnings,
        };
      if (prepared.decision === 'ask') preview = prepared.preview;
    } catch (error) {
      warnings.push(
        `prepareApproval of ${toolName} threw; asking without a preview: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  const asked: PermissionOutcome = { ...outcome, ...(preview === undefined ? {} : { preview }) };
  const approval = decision.approval ?? {
    permission: entry.permission.permission,
    reason: entry.permission.reason,
    riskLevel: decision.capability.riskLevel,
  };

  if (options.requestApproval === undefined || options.interactive === false) {
    return {
      ok: false,
      outcome: asked,
      errorCode: 'approval_unavailable',
      message: approvalUnavailableMessage(toolName, approval.permission),
      warnings,
    };
  }
  let answer: ApprovalAnswer;
  try {
    answer = await options.requestApproval({
      tool: toolName,
      callId: options.callId,
      input,
      ...(preview === undefined ? {} : { preview }),
      permission: {
        name: approval.permission,
        reason: approval.reason,
        riskLevel: approval.riskLevel,
      },
      askReason: decision.reason,
      ...(decision.rule === undefined ? {} : { rule: decision.rule.text }),
      ...(decision.alwaysAllowSuggestion === undefined
        ? {}
        : { alwaysAllowSuggestion: decision.alwaysAllowSuggestion }),
    });
  } catch (error) {
    // No answer is not a yes.
    warnings.push(
      `requestApproval failed for ${toolName}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return {
      ok: false,
      outcome: asked,
      errorCode: 'approval_unavailable',
      message: approvalUnavailableMessage(toolName, approval.permission),
      warnings,
    };
  }
  if (answer.decision === 'deny') {
    return {
      ok: false,
      outcome: asked,
      errorCode: 'approval_declined',
      message: approvalDeclinedMessage(toolName, answer.message),
      warnings,
    };
  }
  return {
    ok: true,
    outcome: { ...asked, approvedBy: 'user' },
    remember: answer.always === true ? (decision.alwaysAllowSuggestion ?? []) : [],
    warnings,
  };
}

/**
 * What an authorization records in the call's trace: the `permission` step, and after an ask the
 * `approval` step, each with the error code it ended the call with.
 */
export function authorizationTraceSteps(authorization: Authorization): readonly ToolTraceStep[] {
  const { outcome } = authorization;
  const errorCode = authorization.ok ? undefined : authorization.errorCode;
  const permission: ToolTraceStep = {
    step: 'permission',
    decision: outcome.decision,
    reason: outcome.reason,
    ...(outcome.rule === undefined ? {} : { rule: outcome.rule }),
    ...(errorCode === 'permission_denied' ? { errorCode } : {}),
  };
  if (outcome.decision !== 'ask') return [permission];
  const approval: ToolTraceStep =
    errorCode === undefined
      ? {
          step: 'approval',
          outcome: 'approved',
          ...(outcome.approvedBy === undefined ? {} : { approvedBy: outcome.approvedBy }),
        }
      : {
          step: 'approval',
          outcome: errorCode === 'approval_declined' ? 'declined' : 'unavailable',
          errorCode,
        };
  return [permission, approval];
}
