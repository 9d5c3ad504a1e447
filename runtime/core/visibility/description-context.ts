/**
 * The values description templates are rendered with (SPEC §5.5), built from host settings.
 *
 * Only the host knows its timeout policy, its sub-agent profiles and the date; only the gate knows
 * whether dynamic workflows are on. This module turns those into a {@link DescriptionContext} for
 * one tool, so that every path that renders descriptions renders them alike.
 */
import type { DescriptionContext, ModelProfile, ToolContract } from '../contract.js';

/** Host-level inputs of description rendering. */
export interface DescriptionSettings {
  /**
   * Timeout policy the host runs shell commands with (Bash's text and its `timeout` parameter
   * describe it). Default: the rendered tool's own bounded `timeout` from its contract.
   */
  readonly timeout?: { readonly defaultMs: number; readonly maxMs: number } | undefined;
  /** Sub-agent profiles the host offers (Agent and Task list them). Default: none. */
  readonly subagentProfiles?: readonly { readonly name: string; readonly description: string }[];
  /** Month named by WebSearch, e.g. `November 2026` (see {@link formatCurrentMonth}). */
  readonly currentMonth: string;
  /** Whether dynamic workflows are on, as the registration gate resolved the flag. */
  readonly dynamicWorkflows: boolean;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * `November 2026` for a date in November 2026 (UTC). Written out by hand instead of
 * `toLocaleDateString`, whose output depends on the process locale and ICU data: the same
 * session on two machines must produce the same bytes, or the provider's prompt cache is lost.
 * UTC keeps the month independent of the machine's time zone too.
 */
export function formatCurrentMonth(date: Date): string {
  return `${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/**
 * The context a tool's description templates are rendered with under `settings`, for `model`
 * (default: a model with no capabilities).
 */
export function descriptionContextFor(
  tool: Pick<ToolContract, 'timeout'>,
  settings: DescriptionSettings,
  model?: Pick<ModelProfile, 'supportsPdf' | 'supportsNativeWebSearch'>,
): DescriptionContext {
  const ownTimeout =
    tool.timeout.kind === 'bounded'
      ? { defaultMs: tool.timeout.defaultMs, maxMs: tool.timeout.maxMs }
      : { defaultMs: 0, maxMs: 0 };
  return {
    timeout: settings.timeout ?? ownTimeout,
    subagentProfiles: settings.subagentProfiles ?? [],
    currentMonth: settings.currentMonth,
    dynamicWorkflows: settings.dynamicWorkflows,
    model: {
      supportsPdf: model?.supportsPdf ?? false,
      supportsNativeWebSearch: model?.supportsNativeWebSearch ?? false,
    },
  };
}

/** A template that reads `timeout` (`{{timeout.defaultMs}}`, `{{#if timeout}}`, …). */
const READS_TIMEOUT = /\{\{[^}]*\btimeout\b/u;

/**
 * Whether any description template of `tool` reads the host's timeout policy: for such a tool
 * the policy that its texts state is also the one its calls are held to (`resolveCallTimeout`),
 * so the description can never promise a limit the call does not keep.
 */
export function readsTimeoutPolicy(tool: {
  readonly descriptionTemplates?: { readonly sources: Readonly<Record<string, string>> };
}): boolean {
  const sources = tool.descriptionTemplates?.sources;
  return (
    sources !== undefined && Object.values(sources).some((source) => READS_TIMEOUT.test(source))
  );
}
