import { describe, expect, test } from 'vitest';
import type { IssuePath } from '../../../../runtime/call-path/call/zod4-issue.js';
import { hasValueAt, valueAt } from '../../../../runtime/call-path/call/value-at.js';

const input = { a: { b: [1, { c: null }] }, u: undefined };

describe('valueAt / hasValueAt', () => {
  test.each<[IssuePath, unknown, boolean]>([
    [[], input, true],
    [['a', 'b', 0], 1, true],
    [['a', 'b', 1, 'c'], null, true],
    [['a', 'b', 2], undefined, false],
    [['a', 'x'], undefined, false],
    [['u'], undefined, false],
    [['a', 'toString'], undefined, false],
    [['a', 'b', 'length'], undefined, false],
    [['a', 0], undefined, false],
  ])('%j → %j (present: %s)', (path, value, present) => {
    expect(valueAt(input, path)).toEqual(value);
    expect(hasValueAt(input, path)).toBe(present);
  });
});
