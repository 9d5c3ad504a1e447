import { describe, expect, test } from 'vitest';
import { runWithDeadline } from '../../../../runtime/core/support/run-with-deadline.js';

describe('runWithDeadline (its vm context made on the first call)', () => {
  test.each([
    { name: 'a number', work: () => 42, want: { ok: true, value: 42 } },
    { name: 'undefined', work: () => undefined, want: { ok: true, value: undefined } },
    { name: 'an object', work: () => ({ a: [1] }), want: { ok: true, value: { a: [1] } } },
  ])('returns $name', ({ work, want }: { work: () => unknown; want: unknown }) => {
    expect(runWithDeadline(work, 1000)).toEqual(want);
  });

  test('an error thrown by work propagates unchanged', () => {
    const error = new RangeError('boom');
    expect(() =>
      runWithDeadline(() => {
        throw error;
      }, 1000),
    ).toThrow(error);
  });

  test.each([
    { timeoutMs: 0, want: 1 },
    { timeoutMs: 5.2, want: 6 },
  ])('an endless loop is stopped after max(1, ceil($timeoutMs)) ms', ({ timeoutMs, want }) => {
    expect(
      runWithDeadline(() => {
        for (;;);
      }, timeoutMs),
    ).toEqual({ ok: false, timedOutAfterMs: want });
    expect(runWithDeadline(() => 'after', 1000)).toEqual({ ok: true, value: 'after' });
  });

  test('a nested call restores the outer work', () => {
    const result = runWithDeadline(() => {
      const inner = runWithDeadline(() => 'inner', 1000);
      return [inner, runWithDeadline(() => 'again', 1000)];
    }, 1000);
    expect(result).toEqual({
      ok: true,
      value: [
        { ok: true, value: 'inner' },
        { ok: true, value: 'again' },
      ],
    });
  });
});
