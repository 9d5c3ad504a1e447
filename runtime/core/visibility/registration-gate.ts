/**
 * The registration gate (SPEC §5.2): which tools a runtime registers, as one pure function.
 *
 * Every path that registers or refreshes tools calls {@link resolveRegistrationGate}, so two
 * paths can never derive the gate differently (the article's agent had two copies; the refresh
 * copy forgot that an absent dynamic-workflows flag means "on" and leaked a disabled tool).
 *
 * The gate reads each tool's `availability` (ports, features, session kinds, `supersededBy`).
 * The only tool names written here are the fixed sets the article defines for session kinds:
 * the explore toolset and RespondToCoordinator's add-back in sub-agent sessions.
 */
import { ruleSubjectNames } from '../rules/rule-subject-names.js';
import type { FeatureFlag, HostPort, SessionKind, ToolEntry } from '../contract.js';
import { FEATURE_FLAGS } from '../contract.js';
import {
  ruleAppliesToTool,
  safeParsePermissionRule,
  type ParsedRule,
  type PermissionRuleProblem,
  type RuleSubjectTool,
} from '../rules/parse-permission-rule.js';
import { filterSearchBranch } from './search-branch-filter.js';

/** Everything the gate depends on. */
export interface RegistrationGateInput {
  /** Host ports injected (`true`); absent means not injected. */
  readonly ports: Partial<Record<HostPort, boolean>>;
  /** Feature flags as configured; absent flags take their defaults ({@link resolveFeatureFlags}). */
  readonly features: Partial<Record<FeatureFlag, boolean>>;
  /** `terminal` (TUI, `-p`) or `protocol` (desktop, web: flags must be stated). */
  readonly hostKind: 'terminal' | 'protocol';
  /** Session allowlist: only these tools (names or aliases). `undefined` means no restriction. */
  readonly allowlist?: readonly string[] | undefined;
  /** Session denylist: never these tools (names or aliases). Applies to MCP tools too. */
  readonly denylist?: readonly string[] | undefined;
  /**
   * Disallowed-tool rules (`--disallowedTools`). A bare name (`WebFetch`) unregisters the tool;
   * a rule with a pattern (`Bash(rm:*)`) keeps the tool and becomes a deny rule in
   * {@link RegistrationGateResult.permissionRules}.
   */
  readonly disallowedTools?: readonly string[] | undefined;
  readonly sessionKind: SessionKind;
  /** Sub-agent toolset. `explore` keeps only {@link EXPLORE_TOOLSET}. Default: `default`. */
  readonly toolset?: 'default' | 'explore' | undefined;
  /** Embedded search branch: tools with `supersededBy` give way. Default: true. */
  readonly embeddedSearch?: boolean | undefined;
}

/** Why a tool was not registered. */
export type RegistrationSkipReason =
  | 'disallowed'
  | 'denylist'
  | 'sessionKind'
  | 'missingPort'
  | 'featureOff'
  | 'allowlist'
  | 'toolset'
  | 'superseded';

export interface SkippedTool {
  readonly name: string;
  readonly reason: RegistrationSkipReason;
  /** The port, flag, session kind or superseding tool involved, when there is one. */
  readonly detail?: string;
}

export interface RegistrationGateResult {
  /** Tools to register, in registration order (the input order). */
  readonly registered: ToolEntry[];
  /** Every other tool, in registration order, with the first reason that kept it out. */
  readonly skipped: SkippedTool[];
  /** Pattern rules from `disallowedTools`, for the permission layer as deny rules. */
  readonly permissionRules: ParsedRule[];
  /** Entries of `disallowedTools` that are not rules. */
  readonly ruleProblems: PermissionRuleProblem[];
  /** Every feature flag with its default applied. */
  readonly features: Readonly<Record<FeatureFlag, boolean>>;
}

/** The explore toolset of sub-agents (article: `subagent/explore-tools.ts`). */
export const EXPLORE_TOOLSET: ReadonlySet<string> = new Set([
  'Bash',
  'Glob',
  'Grep',
  'Read',
  'WebFetch',
  'WebSearch',
  'TodoWrite',
]);

/** Added back in every sub-agent session, whatever the allowlist or toolset says. */
export const SUBAGENT_ADD_BACK: ReadonlySet<string> = new Set(['RespondToCoordinator']);

/**
 * Feature flags with defaults: skill, subagent and mcp on, nodeRepl and toolSearch off; dynamicWorkflows
 * absent means on for a terminal host and off for a protocol host (which must state it).
 */
export function resolveFeatureFlags(
  input: Pick<RegistrationGateInput, 'features' | 'hostKind'>,
): Readonly<Record<FeatureFlag, boolean>> {
  const defaults: Record<FeatureFlag, boolean> = {
    skill: true,
    subagent: true,
    mcp: true,
    dynamicWorkflows: input.hostKind === 'terminal',
    nodeRepl: false,
    toolSearch: false,
  };
  const resolved = {} as Record<FeatureFlag, boolean>;
  for (const flag of FEATURE_FLAGS) resolved[flag] = input.features[flag] ?? defaults[flag];
  return resolved;
}

/**
 * The host ports the gate sees: those injected, and for a protocol host (desktop, web) always the
 * cron port — the article's protocol sessions inject it unconditionally (`server-operations.ts`),
 * so Cron tools are there without asking; the off-peak port stays the host's choice.
 */
export function injectedPorts(
  input: Pick<RegistrationGateInput, 'ports' | 'hostKind'>,
): Partial<Record<HostPort, boolean>> {
  return input.hostKind === 'protocol' ? { ...input.ports, cron: true } : input.ports;
}

/**
 * `disallowedTools` split three ways: rules without a pattern (`WebFetch`, the permission name
 * `file.write`, `capability:net.*`), which unregister every tool they apply to; rules with a
 * pattern (`Bash(rm:*)`), which unregister nothing and go to the permission layer as deny rules;
 * and texts that are not rules.
 */
export function splitDisallowedTools(disallowedTools: readonly string[] | undefined): {
  readonly bareRules: readonly ParsedRule[];
  readonly rules: ParsedRule[];
  readonly problems: PermissionRuleProblem[];
} {
  const bareRules: ParsedRule[] = [];
  const rules: ParsedRule[] = [];
  const problems: PermissionRuleProblem[] = [];
  for (const text of disallowedTools ?? []) {
    const parsed = safeParsePermissionRule(text);
    if (!parsed.success) problems.push(parsed.error);
    else if (parsed.rule.match.kind === 'tool') bareRules.push(parsed.rule);
    else rules.push(parsed.rule);
  }
  return { bareRules, rules, problems };
}

/**
 * The session-wide lists (disallowed rules, denylist, allowlist), which apply to built-in and MCP
 * tools alike. The lists name tools (name or alias); a bare disallow rule may also name the
 * tool's permission or match its capability. `undefined` means allowed.
 */
export function sessionListVerdict(
  subject: RuleSubjectTool,
  input: Pick<RegistrationGateInput, 'allowlist' | 'denylist'>,
  disallowedRules: readonly ParsedRule[],
): 'disallowed' | 'denylist' | 'allowlist' | undefined {
  const { names } = subject;
  if (disallowedRules.some((rule) => ruleAppliesToTool(rule, subject))) return 'disallowed';
  if (input.denylist !== undefined && names.some((name) => input.denylist!.includes(name)))
    return 'denylist';
  if (input.allowlist !== undefined && !names.some((name) => input.allowlist!.includes(name)))
    return 'allowlist';
  return undefined;
}

/** Decide which of `tools` (in registration order) a runtime registers. Pure. */
export function resolveRegistrationGate(
  tools: readonly ToolEntry[],
  input: RegistrationGateInput,
): RegistrationGateResult {
  const features = resolveFeatureFlags(input);
  const disallowed = splitDisallowedTools(input.disallowedTools);
  const skipped = new Map<ToolEntry, SkippedTool>();
  const candidates: ToolEntry[] = [];
  for (const tool of tools) {
    const skip = firstSkip(tool, input, features, disallowed.bareRules);
    if (skip === undefined) candidates.push(tool);
    else skipped.set(tool, skip);
  }
  const branch = filterSearchBranch(candidates, input.embeddedSearch ?? true);
  for (const { tool, by } of branch.superseded) {
    skipped.set(tool, { name: tool.metadata.name, reason: 'superseded', detail: by });
  }
  return {
    registered: branch.kept,
    skipped: tools.filter((tool) => skipped.has(tool)).map((tool) => skipped.get(tool)!),
    permissionRules: disallowed.rules,
    ruleProblems: disallowed.problems,
    features,
  };
}

function firstSkip(
  tool: ToolEntry,
  input: RegistrationGateInput,
  features: Readonly<Record<FeatureFlag, boolean>>,
  disallowedRules: readonly ParsedRule[],
): SkippedTool | undefined {
  const name = tool.metadata.name;
  const skip = (reason: RegistrationSkipReason, detail?: string): SkippedTool =>
    detail === undefined ? { name, reason } : { name, reason, detail };
  const { availability } = tool;
  const names = ruleSubjectNames(tool.metadata);
  const addedBack = input.sessionKind === 'subagent' && SUBAGENT_ADD_BACK.has(name);

  const listed = sessionListVerdict(
    { names, permission: tool.permission.permission, capability: tool.capability },
    addedBack ? { denylist: input.denylist } : input,
    disallowedRules,
  );
  if (listed !== undefined) return skip(listed);
  if (
    availability.sessionKinds.length > 0 &&
    !availability.sessionKinds.includes(input.sessionKind)
  ) {
    return skip('sessionKind', input.sessionKind);
  }
  if (availability.excludedSessionKinds.includes(input.sessionKind))
    return skip('sessionKind', input.sessionKind);
  const ports = injectedPorts(input);
  const missingPort = availability.ports.find((port) => ports[port] !== true);
  if (missingPort !== undefined) return skip('missingPort', missingPort);
  const offFeature = availability.features.find((flag) => !features[flag]);
  if (offFeature !== undefined) return skip('featureOff', offFeature);
  if (!addedBack && input.toolset === 'explore' && !EXPLORE_TOOLSET.has(name))
    return skip('toolset', 'explore');
  return undefined;
}
