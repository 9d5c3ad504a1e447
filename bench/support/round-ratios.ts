/**
 * The statistics of a comparison: each round times our side and its anchor back to back, the
 * round's ratio is ours / anchor, and the figure is the median of those per-round ratios — so
 * a burst of machine load that slows one round slows both sides of it and cancels out.
 */

/** The median (the mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of no values');
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** ours[i] / anchor[i] for every round; both lists must have one time per round. */
export function roundRatios(ours: readonly number[], anchor: readonly number[]): number[] {
  if (ours.length !== anchor.length)
    throw new RangeError(`${ours.length} rounds of ours against ${anchor.length} of the anchor`);
  return ours.map((time, round) => {
    const base = anchor[round]!;
    if (!(base > 0)) throw new RangeError(`round ${round}: the anchor took ${base} ms`);
    return time / base;
  });
}

/** The median of the per-round ratios ours / anchor. */
export function medianRatio(ours: readonly number[], anchor: readonly number[]): number {
  return median(roundRatios(ours, anchor));
}
