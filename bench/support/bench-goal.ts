/**
 * A row's goal, on the ratio ours / anchor: `at-most` (ours takes at most `ratio` times the
 * anchor's time) or `faster-by` (the anchor takes at least `factor` times ours).
 */
export type BenchGoal =
  | { readonly kind: 'at-most'; readonly ratio: number }
  | { readonly kind: 'faster-by'; readonly factor: number };

/** Whether `ratio` (ours / anchor) meets `goal`. */
export function goalMet(goal: BenchGoal, ratio: number): boolean {
  return goal.kind === 'at-most' ? ratio <= goal.ratio : ratio * goal.factor <= 1;
}

/** The goal as the table prints it: `≤ 0.3×`, `≥ 300× faster`. */
export function describeGoal(goal: BenchGoal): string {
  return goal.kind === 'at-most' ? `≤ ${goal.ratio}×` : `≥ ${goal.factor}× faster`;
}

/** A ratio (ours / anchor) as the table prints it for `goal`: `0.84×`, `342× faster`. */
export function describeRatio(goal: BenchGoal, ratio: number): string {
  if (goal.kind === 'faster-by')
    return ratio < 1 ? `${Math.round(1 / ratio)}× faster` : `${ratio.toFixed(2)}× (slower)`;
  return `${ratio.toFixed(ratio < 0.1 ? 3 : 2)}×`;
}
