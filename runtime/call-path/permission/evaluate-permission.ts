/**
 * The permission decision for one call, from the tool's contract and the session's rules.
 *
 * Contract fields read here: `permission.permission` (rules may name it: `file.write` covers
 * Write and Edit), `capability` (rules may target `capability:<glob>`), `permission.riskLevel`
 * (what `acceptEdits` lets through), `permission.patternSources`
 * (which input values rules match), `permission.alwaysAllowPatternSources` (what an "always
 * allow" answer records), `permission.denyPriority`, `permission.alwaysAsk`,
 * `permission.askOptions.allowAlways`, `permission.needsApproval`, `metadata.allowedInPlanMode`,
 * and the hooks `resolvePermissionCapability` / `resolvePermissionRulePolicy`.
 *
 * Order of the checks (the first that decides wins):
 * - `denyPriority: beforeAsk` (default): deny rules → plan mode → `alwaysAsk` → ask rules →
 *   allow rules → mode → capability;
 * - `denyPriority: afterAsk`: plan mode → `alwaysAsk` → ask rules → deny rules → allow rules →
 *   mode → capability.
 * When the tool's `resolvePermissionRulePolicy` is `uncertain` (it cannot name everything the
 * call runs), allow rules are skipped, and a pattern deny rule for the tool makes the call ask.
 * When it is `beyondAllowRules` (a redirection writes a file), allow rules are skipped only.
 * Its `patternSyntax` says how `*` in the rules' patterns matches (`text` for Bash).
 * `alwaysAsk` asks in every mode, yolo included; plan mode refuses every call that is not
 * read-only (after `resolvePermissionCapability`) unless the tool is `allowedInPlanMode`.
 *
 * `acceptEdits` allows, without asking, a call that edits the workspace (scope `workspace`, after
 * `resolvePermissionCapability`) at low or medium risk — Write and Edit included, although they
 * are `destructive` (they overwrite): accepting file edits is what the mode is for, and both
 * refuse to touch a file the model has not read. High-risk calls and calls outside the workspace
 * go on to the ordinary checks and ask when they need approval.
 */
import type { PermissionCapability, PermissionRulePolicy, ToolEntry } from '../../core/contract.js';
import {
  matchesRulePattern,
  ruleAppliesToTool,
  type PatternSyntax,
  type ParsedRule,
  type RuleSubjectTool,
} from '../../core/rules/parse-permission-rule.js';
import { ruleSubjectNames } from '../../core/rules/rule-subject-names.js';

export type PermissionMode = 'default' | 'acceptEdits' | 'plan' | 'yolo';

/** The session's mode and rules. Absent rule lists mean "no rules". */
export interface PermissionSettings {
  readonly mode: PermissionMode;
  readonly allow?: readonly ParsedRule[];
  readonly deny?: readonly ParsedRule[];
  readonly ask?: readonly ParsedRule[];
}

/** Which check decided. */
export type PermissionReason =
  | 'denyRule'
  | 'planMode'
  | 'alwaysAsk'
  | 'askRule'
  | 'allowRule'
  /** The tool could not name everything the call runs while a pattern deny rule is in force. */
  | 'uncertainCommand'
  | 'yoloMode'
  | 'acceptEditsMode'
  | 'noApprovalNeeded'
  | 'approvalRequired';

export interface PermissionDecision {
  readonly decision: 'allow' | 'deny' | 'ask';
  readonly reason: PermissionReason;
  /** The rule that decided (`denyRule`, `askRule`, `allowRule`). */
  readonly rule?: ParsedRule;
  /**
   * For `ask` when the tool lets the user "always allow" (and does not `alwaysAsk`): the allow
   * rules that answer would record, one exact rule per value of `alwaysAllowPatternSources`
   * (the bare tool name when it has none).
   */
  readonly alwaysAllowSuggestion?: readonly ParsedRule[];
  /**
   * For `ask`: what the approval prompt shows — the permission's name, why the tool needs it
   * (`permission.reason`), and the call's risk.
   */
  readonly approval?: {
    readonly permission: string;
    readonly reason: string;
    readonly riskLevel: PermissionCapability['riskLevel'];
  };
  /** The call's capability (declared, or recomputed by `resolvePermissionCapability`). */
  readonly capability: PermissionCapability;
}

/** Decide whether `input` may be passed to `entry` under `settings`. */
export function evaluatePermission(
  entry: ToolEntry,
  input: unknown,
  settings: PermissionSettings,
): PermissionDecision {
  const { permission, metadata } = entry;
  const capability: PermissionCapability = entry.resolvePermissionCapability?.(input) ?? {
    readOnly: metadata.readOnly,
    riskLevel: permission.riskLevel,
    needsApproval: permission.needsApproval,
    sideEffectScope: permission.sideEffectScope,
  };
  const policy = entry.resolvePermissionRulePolicy?.(input);
  const sourceValues = patternSourceValues(entry, input, policy);
  const values = permission.patternSources.flatMap((source) => sourceValues[source] ?? []);
  const subject: RuleSubjectTool = {
    names: ruleSubjectNames(metadata),
    permission: permission.permission,
    capability: entry.capability,
  };
  const syntax = policy?.patternSyntax ?? 'path';
  const forTool = (rules: readonly ParsedRule[] | undefined) =>
    (rules ?? []).filter((rule) => ruleAppliesToTool(rule, subject));

  const decide = (
    decision: PermissionDecision['decision'],
    reason: PermissionReason,
    rule?: ParsedRule,
  ): PermissionDecision => ({
    decision,
    reason,
    ...(rule === undefined ? {} : { rule }),
    ...(decision === 'ask'
      ? {
          approval: {
            permission: permission.permission,
            reason: permission.reason,
            riskLevel: capability.riskLevel,
          },
        }
      : {}),
    ...(decision === 'ask' && permission.askOptions.allowAlways && !permission.alwaysAsk
      ? { alwaysAllowSuggestion: alwaysAllowSuggestion(entry, sourceValues) }
      : {}),
    capability,
  });

  const denyCheck = (): PermissionDecision | undefined => {
    const rule = firstRuleMatchingAny(forTool(settings.deny), values, syntax);
    return rule === undefined ? undefined : decide('deny', 'denyRule', rule);
  };
  const planCheck = (): PermissionDecision | undefined =>
    settings.mode === 'plan' && !capability.readOnly && !metadata.allowedInPlanMode
      ? decide('deny', 'planMode')
      : undefined;
  const askCheck = (): PermissionDecision | undefined => {
    if (permission.alwaysAsk) return decide('ask', 'alwaysAsk');
    const rule = firstRuleMatchingAny(forTool(settings.ask), values, syntax);
    return rule === undefined ? undefined : decide('ask', 'askRule', rule);
  };

  const ordered =
    permission.denyPriority === 'afterAsk'
      ? [planCheck, askCheck, denyCheck]
      : [denyCheck, planCheck, askCheck];
  for (const check of ordered) {
    const decided = check();
    if (decided !== undefined) return decided;
  }
  // In doubt (the tool cannot name everything the call runs): no allow rule allows it, and with a
  // pattern deny rule in force no mode lets it through unasked.
  if (policy?.uncertain !== undefined) {
    if (forTool(settings.deny).some((rule) => rule.match.kind !== 'tool'))
      return decide('ask', 'uncertainCommand');
  } else if (policy?.beyondAllowRules === undefined) {
    // A redirection that writes to a file is beyond every allow rule: the mode decides.
    const allowRule = ruleCoveringAll(forTool(settings.allow), values, syntax);
    if (allowRule !== undefined) return decide('allow', 'allowRule', allowRule);
  }
  if (settings.mode === 'yolo') return decide('allow', 'yoloMode');
  if (settings.mode === 'acceptEdits' && acceptsEdit(capability))
    return decide('allow', 'acceptEditsMode');
  if (!capability.needsApproval) return decide('allow', 'noApprovalNeeded');
  return decide('ask', 'approvalRequired');
}

/** `acceptEdits`: a workspace edit below high risk. */
function acceptsEdit(capability: PermissionCapability): boolean {
  return capability.sideEffectScope === 'workspace' && capability.riskLevel !== 'high';
}

/**
 * The values permission rules are compared with, per input field: the tool's
 * `resolvePermissionRulePolicy` (Bash splits a compound command), else the fields named by
 * `patternSources` and `alwaysAllowPatternSources` as they appear in the input.
 */
function patternSourceValues(
  entry: ToolEntry,
  input: unknown,
  policy: PermissionRulePolicy | undefined,
): Readonly<Record<string, readonly string[]>> {
  const values: Record<string, readonly string[]> = {};
  for (const source of [
    ...entry.permission.patternSources,
    ...entry.permission.alwaysAllowPatternSources,
  ]) {
    values[source] = policy?.matchValues[source] ?? fieldValues(input, source);
  }
  return values;
}

function fieldValues(input: unknown, field: string): readonly string[] {
  if (typeof input !== 'object' || input === null || !Object.hasOwn(input, field)) return [];
  const value = (input as Record<string, unknown>)[field];
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

/** Deny and ask: a bare-name rule, or a pattern rule matching any one value. */
function firstRuleMatchingAny(
  rules: readonly ParsedRule[],
  values: readonly string[],
  syntax: PatternSyntax,
): ParsedRule | undefined {
  return rules.find(
    (rule) =>
      rule.match.kind === 'tool' ||
      values.some((value) => matchesRulePattern(rule.match, value, syntax)),
  );
}

/**
 * Allow: a bare-name rule, or pattern rules that together cover every value — a compound
 * command is allowed only when each of its parts is.
 */
function ruleCoveringAll(
  rules: readonly ParsedRule[],
  values: readonly string[],
  syntax: PatternSyntax,
): ParsedRule | undefined {
  const bare = rules.find((rule) => rule.match.kind === 'tool');
  if (bare !== undefined) return bare;
  if (values.length === 0) return undefined;
  let first: ParsedRule | undefined;
  for (const value of values) {
    const rule = rules.find((candidate) => matchesRulePattern(candidate.match, value, syntax));
    if (rule === undefined) return undefined;
    first ??= rule;
  }
  return first;
}

function alwaysAllowSuggestion(
  entry: ToolEntry,
  sourceValues: Readonly<Record<string, readonly string[]>>,
): readonly ParsedRule[] {
  const name = entry.metadata.name;
  const values = [
    ...new Set(
      entry.permission.alwaysAllowPatternSources.flatMap((source) => sourceValues[source] ?? []),
    ),
  ];
  if (entry.permission.alwaysAllowPatternSources.length === 0)
    return [{ text: name, toolName: name, match: { kind: 'tool' } }];
  return values.map((value) => ({
    text: `${name}(${value})`,
    toolName: name,
    match: { kind: 'exact', value },
  }));
}
