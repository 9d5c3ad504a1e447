/**
 * A row's goal: on the ratio ours / anchor, `at-most` (ours takes at most `ratio` times the
 * anchor's time) or `faster-by` (the anchor takes at least `factor` times ours); or, for the
 * rows whose goal is a wait a person notices (a `generate` after an edit, a fresh clone's first
 * run), `within`: our median takes at most `ms`, whatever the anchor — the anchor is still
 * measured in the same run, so the ratio says how loaded the machine was.
 */
export type BenchGoal =
  | { readonly kind: 'at-most'; readonly ratio: number }
  | { readonly kind: 'faster-by'; readonly factor: number }
  | { readonly kind: 'within'; readonly ms: number };

/** Whether a row with median `oursMs` and ratio `ratio` (ours / anchor) meets `goal`. */
export function goalMet(goal: BenchGoal, ratio: number, oursMs = Number.NaN): boolean {
  switch (goal.kind) {
    case 'at-most':
      return ratio <= goal.ratio;
    case 'faster-by':
      return ratio * goal.factor <= 1;
    case 'within':
      return oursMs <= goal.ms;
  }
}

/** The goal as the table prints it: `≤ 0.3×`, `≥ 300× faster`, `≤ 3 s`. */
export function describeGoal(goal: BenchGoal): string {
  switch (goal.kind) {
    case 'at-most':
      return `≤ ${goal.ratio}×`;
    case 'faster-by':
      return `≥ ${goal.factor}× faster`;
    case 'within':
      return goal.ms >= 1000 ? `≤ ${goal.ms / 1000} s` : `≤ ${goal.ms} ms`;
  }
}

/** A ratio (ours / anchor) as the table prints it for `goal`: `0.84×`, `342× faster`. */
export function describeRatio(goal: BenchGoal, ratio: number): string {
  if (goal.kind === 'faster-by')
    return ratio < 1 ? `${Math.round(1 / ratio)}× faster` : `${ratio.toFixed(2)}× (slower)`;
  return `${ratio.toFixed(ratio < 0.1 ? 3 : 2)}×`;
}
