import { describe, expect, test } from 'vitest';
import { canonicalText, describeChange } from '../../../generator/diff/diff-values.js';

describe('describeChange', () => {
  test.each([
    [60000, 120000, '60000 → 120000'],
    [undefined, 'x', '(none) → "x"'],
    ['short', 'shorter', '"short" → "shorter"'],
    [
      'The glob pattern to match file paths against.',
      'The glob pattern to match file paths against, e.g. "src/**/*.ts".',
      '"…aths against." → "…aths against, e.g. \\"src/**/*.ts\\"."',
    ],
    [
      'Reads a file. Use offset for long files; the default limit is 2000 lines.',
      'Reads a file. Use offset for long files; the default limit is 4000 lines.',
      '"…lt limit is 2000 lines." → "…lt limit is 4000 lines."',
    ],
  ])('%j → %j: %s', (from, to, want) => {
    expect(describeChange(from, to)).toBe(want);
  });
});

describe('canonicalText', () => {
  test('key order does not matter, array order does', () => {
    expect(canonicalText({ a: 1, b: { d: 2, c: 3 } })).toBe(
      canonicalText({ b: { c: 3, d: 2 }, a: 1 }),
    );
    expect(canonicalText([1, 2])).not.toBe(canonicalText([2, 1]));
  });
});
