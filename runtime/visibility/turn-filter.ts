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
