import { describe, expect, test } from 'vitest';
import {
  describeGoal,
  describeRatio,
  goalMet,
  type BenchGoal,
} from '../../../bench/support/bench-goal.js';

const atMost = (ratio: number): BenchGoal => ({ kind: 'at-most', ratio });
const fasterBy = (factor: number): BenchGoal => ({ kind: 'faster-by', factor });
const within = (ms: number): BenchGoal => ({ kind: 'within', ms });

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

  test.each([
    ['under the wait, anchor slower', within(3000), 2999, 0.5, true],
    ['at the wait', within(3000), 3000, 40, true],
    ['over the wait, whatever the ratio', within(3000), 3001, 0.01, false],
    ['no median measured', within(3000), Number.NaN, 0.01, false],
  ])('%s', (_label, goal, oursMs, ratio, expected) => {
    expect(goalMet(goal, ratio, oursMs)).toBe(expected);
  });
});

describe('describeGoal and describeRatio', () => {
  test.each([
    [atMost(0.3), '≤ 0.3×'],
    [atMost(2), '≤ 2×'],
    [fasterBy(300), '≥ 300× faster'],
    [within(3000), '≤ 3 s'],
    [within(800), '≤ 800 ms'],
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
    [within(3000), 12.5, '12.50×'],
  ])('describeRatio(%j, %d) = %s', (goal, ratio, expected) => {
    expect(describeRatio(goal, ratio)).toBe(expected);
  });
});
