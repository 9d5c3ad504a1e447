import { describe, expect, test } from 'vitest';
import {
  describeGoal,
  describeRatio,
  goalMet,
  type BenchGoal,
} from '../../../bench/support/bench-goal.js';

const atMost = (ratio: number): BenchGoal => ({ kind: 'at-most', ratio });
const fasterBy = (factor: number): BenchGoal => ({ kind: 'faster-by', factor });

describe('goalMet', () => {
  test.each([
    ['under the limit', atMost(0.3), 0.29, true],
    ['at the limit', atMost(0.3), 0.3, true],
    ['over the limit', atMost(0.3), 0.31, false],
    ['twice as slow against ≤ 2×', atMost(2), 2, true],
    ['exactly 300× faster', fasterBy(300), 1 / 300, true],
    ['400× faster', fasterBy(300), 1 / 400, true],
    ['299× faster', fasterBy(300), 1 / 299, false],
    ['slower than the anchor', fasterBy(300), 1.5, false],
  ])('%s', (_label, goal, ratio, expected) => {
    expect(goalMet(goal, ratio)).toBe(expected);
  });
});

describe('describeGoal and describeRatio', () => {
  test.each([
    [atMost(0.3), '≤ 0.3×'],
    [atMost(2), '≤ 2×'],
    [fasterBy(300), '≥ 300× faster'],
  ])('describeGoal(%j) = %s', (goal, expected) => {
    expect(describeGoal(goal)).toBe(expected);
  });

  test.each([
    [atMost(0.3), 0.8349, '0.83×'],
    [atMost(2), 13.375, '13.38×'],
    [atMost(0.3), 0.0456, '0.046×'],
    [fasterBy(300), 1 / 532.4, '532× faster'],
    [fasterBy(300), 1 / 299.5, '300× faster'],
    [fasterBy(300), 2, '2.00× (slower)'],
    [fasterBy(300), 0.5, '2× faster'],
  ])('describeRatio(%j, %d) = %s', (goal, ratio, expected) => {
    expect(describeRatio(goal, ratio)).toBe(expected);
  });
});
