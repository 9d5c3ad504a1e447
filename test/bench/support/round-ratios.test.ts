import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { median, medianRatio, roundRatios } from '../../../bench/support/round-ratios.js';

describe('median', () => {
  test.each([
    [[5], 5],
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
    [[10, 10, 1], 10],
    [[0.5, 100, 0.25, 7, 3], 3],
  ])('median(%j) = %d', (values, expected) => {
    expect(median(values)).toBe(expected);
  });

  test('of nothing is an error, not NaN', () => {
    expect(() => median([])).toThrow('median of no values');
  });

  test('does not reorder its argument', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('roundRatios and medianRatio', () => {
  test.each([
    ['one round', [2], [4], [0.5], 0.5],
    ['each round against its own anchor', [1, 6, 9], [2, 3, 3], [0.5, 2, 3], 2],
    // The medians of the sides would give 4 / 4 = 1; the rounds say ours took twice the time.
    ['a slow round slows both sides', [2, 20, 4], [1, 10, 4], [2, 2, 1], 2],
  ])('%s', (_label, ours, anchor, ratios, expected) => {
    expect(roundRatios(ours, anchor)).toEqual(ratios);
    expect(medianRatio(ours, anchor)).toBe(expected);
  });

  test.each([
    [[1, 2], [1], '2 rounds of ours against 1 of the anchor'],
    [[1], [0], 'round 0: the anchor took 0 ms'],
    [[1, 1], [1, Number.NaN], 'round 1: the anchor took NaN ms'],
  ])('roundRatios(%j, %j) throws %s', (ours, anchor, message) => {
    expect(() => roundRatios(ours, anchor)).toThrow(message);
  });

  test('scaling every round of one side scales the ratio by the same factor', () => {
    const time = fc.double({ min: 0.001, max: 1000, noNaN: true });
    fc.assert(
      fc.property(
        fc
          .array(fc.tuple(time, time), { minLength: 1, maxLength: 15 })
          .filter((r) => r.length % 2 === 1),
        fc.integer({ min: 2, max: 1000 }),
        (rounds, factor) => {
          const ours = rounds.map(([value]) => value);
          const anchor = rounds.map(([, value]) => value);
          const scaled = ours.map((value) => value * factor);
          expect(medianRatio(scaled, anchor)).toBeCloseTo(medianRatio(ours, anchor) * factor, 6);
        },
      ),
    );
  });
});
