import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { compareCodeUnits } from '../../../../runtime/core/support/compare-code-units.js';

describe('compareCodeUnits', () => {
  test.each([
    { left: 'a', right: 'b', want: -1 },
    { left: 'B', right: 'a', want: -1 },
    { left: 'a', right: 'a', want: 0 },
    { left: 'ab', right: 'a', want: 1 },
    { left: 'Z', right: '_', want: -1 },
    { left: 'é', right: 'z', want: 1 },
  ])('$left vs $right → $want', ({ left, right, want }) => {
    expect(compareCodeUnits(left, right)).toBe(want);
  });

  test('agrees with the default sort for any strings (no locale involved)', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (strings) => {
        expect([...strings].sort(compareCodeUnits)).toEqual([...strings].sort());
      }),
    );
  });
});
