/**
 * Delays a Node timer honours. `setTimeout` takes at most 2^31−1 ms (about 24.8 days); a longer
 * delay — a manifest's or an MCP server's `timeoutMs` of a year — fires after 1 ms instead, so
 * every call would time out at once. Every timer the runtime sets goes through {@link timerDelayMs}.
 */

/** Longest delay `setTimeout` accepts: 2^31−1 ms. */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

/** `ms` as a timer delay: above {@link MAX_TIMER_DELAY_MS} → the maximum; NaN or negative → 0. */
export function timerDelayMs(ms: number): number {
  if (Number.isNaN(ms) || ms <= 0) return 0;
  return Math.min(ms, MAX_TIMER_DELAY_MS);
}
