/**
 * Visibility layer 4: what one turn may use, applied after `getTools` (whose result is cached
 * across turns). The tool names are the article's fixed automation restrictions.
 */
import type { ModelToolContract } from '../contract.js';

/** What kind of turn is running. Default: `interactive`. */
export type TurnKind = 'interactive' | 'cron' | 'offPeak';

export interface TurnContext {
  readonly kind?: TurnKind;
  /** Tools this turn must not see (names as the model sees them). */
  readonly denylist?: readonly string[];
  /** The session hit its cron-creation cap: the turn gets no tools at all. */
  readonly cronCreationCapReached?: boolean;
}

/** Tools a turn of each kind drops: a scheduled run must not reschedule or fan out. */
export const TURN_KIND_DENYLISTS: Readonly<Record<TurnKind, ReadonlySet<string>>> = {
  interactive: new Set(),
  cron: new Set(['CronCreate', 'CronUpdate', 'CronDelete']),
  offPeak: new Set(['OffPeakCreate', 'SendMessage', 'Workflow']),
};

/** `tools` minus what `turn` excludes, order kept. */
export function applyTurnFilter<T extends Pick<ModelToolContract, 'name'>>(
  tools: readonly T[],
  turn: TurnContext = {},
): T[] {
  if (turn.cronCreationCapReached === true) return [];
  const kindDenylist = TURN_KIND_DENYLISTS[turn.kind ?? 'interactive'];
  const turnDenylist = new Set(turn.denylist ?? []);
  return tools.filter((tool) => !kindDenylist.has(tool.name) && !turnDenylist.has(tool.name));
}

/**
 * How a turn's restriction reaches the model.
 * - `remove` (default; the article's behaviour): the turn's list lacks the excluded tools. Every
 *   cron or off-peak turn then sends a different tool list, and the provider's cached prefix is
 *   lost from the first removed tool on.
 * - `restrict`: the list stays the session's list, so the cached prefix does too. The restriction
 *   is sent as the provider's allowed-tools parameter where it has one that keeps the list
 *   (`tool_choice` `allowed_tools` for OpenAI, `allowedFunctionNames` for Gemini); where it has
 *   none (Anthropic; the AI SDK, whose `activeTools` removes tools from the wire) nothing is sent.
 *   Everywhere, a call to a restricted tool is refused with a text that names the tools allowed
 *   now (`restrictedToolContent`; pass {@link turnRestriction} of the plan to the session's run).
 */
export type TurnFilterMode = 'remove' | 'restrict';

/** The tools of one turn and how the turn restricts them. */
export interface TurnPlan<T> {
  /** What the request lists: the turn's tools (`remove`) or the session's (`restrict`). */
  readonly tools: T[];
  /**
   * `restrict` only, when the turn excludes something: the names the turn may call, in list
   * order. `undefined`: no restriction to send.
   */
  readonly allowedTools?: string[];
  /** Names the turn excludes, in list order (removed or restricted). */
  readonly restricted: string[];
  /** Why, for the refusal text: `a cron turn`, `an off-peak turn`, `this turn`. */
  readonly reason: string;
}

/** Plan one turn's tools under `mode` (see {@link TurnFilterMode}). */
export function planTurnTools<T extends Pick<ModelToolContract, 'name'>>(
  tools: readonly T[],
  turn: TurnContext = {},
  mode: TurnFilterMode = 'remove',
): TurnPlan<T> {
  const kept = applyTurnFilter(tools, turn);
  const keptNames = new Set(kept.map((tool) => tool.name));
  const restricted = tools.map((tool) => tool.name).filter((name) => !keptNames.has(name));
  const reason =
    turn.cronCreationCapReached === true
      ? 'this session (its cron-creation cap is reached)'
      : turn.kind === 'cron'
        ? 'a cron turn'
        : turn.kind === 'offPeak'
          ? 'an off-peak turn'
          : 'this turn';
  if (mode === 'remove') return { tools: kept, restricted, reason };
  return {
    tools: [...tools],
    ...(restricted.length === 0 ? {} : { allowedTools: kept.map((tool) => tool.name) }),
    restricted,
    reason,
  };
}

/** What the call path refuses in one turn, and what it still allows (see {@link turnRestriction}). */
export interface TurnRestriction {
  /** Names the turn excludes: a call to one is refused before anything runs. */
  readonly restricted: readonly string[];
  /** Why, as in {@link TurnPlan.reason}. */
  readonly reason: string;
  /** Names the turn may call, in list order: the refusal names them. */
  readonly allowed: readonly string[];
}

/**
 * The call path's side of a plan: `undefined` when the turn excludes nothing. Pass it with the
 * turn's calls (`ToolSession.run(calls, { turnRestriction })`) in either mode: in `restrict` mode
 * the model still sees the excluded tools; in `remove` mode it could still name one.
 */
export function turnRestriction<T extends Pick<ModelToolContract, 'name'>>(
  plan: TurnPlan<T>,
): TurnRestriction | undefined {
  if (plan.restricted.length === 0) return undefined;
  const restricted = new Set(plan.restricted);
  return {
    restricted: plan.restricted,
    reason: plan.reason,
    allowed: plan.tools.map((tool) => tool.name).filter((name) => !restricted.has(name)),
  };
}

/**
 * The refusal a model gets for calling a tool its turn restricts: names the tools it may call
 * instead (the whole list, so the model need not guess from a list that still shows them all).
 */
export function restrictedToolContent(
  name: string,
  reason: string,
  allowed: readonly string[],
): string {
  const instead =
    allowed.length === 0
      ? 'No tool can be called now; answer without tools.'
      : `Tools you can call now: ${allowed.join(', ')}.`;
  return `<tool_use_error>Error: ${name} is not available in ${reason}. ${instead}</tool_use_error>`;
}
