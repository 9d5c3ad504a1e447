import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  checkCronExpression,
  nextCronMatch,
} from '../../../../runtime/core/support/cron-expression.js';

describe('checkCronExpression', () => {
  test.each([
    { given: '*/15 * * * *', want: '*/15 * * * *' },
    { given: '  0   9 * *\t1-5 ', want: '0 9 * * 1-5' },
    { given: '7 14 21 3 *', want: '7 14 21 3 *' },
    { given: '0 0 1 jan,Jul sun', want: '0 0 1 jan,Jul sun' },
    { given: '0 12 ? * MON-FRI', want: '0 12 ? * MON-FRI' },
    { given: '0 0 * * 7', want: '0 0 * * 7' },
    { given: '0-30/10 8-18/2 1,15 */3 0', want: '0-30/10 8-18/2 1,15 */3 0' },
  ])('accepts "$given" as "$want"', ({ given, want }) => {
    expect(checkCronExpression(given)).toEqual({ ok: true, expression: want });
  });

  test.each([
    {
      given: '',
      problem:
        'a cron expression has 5 fields (minute hour day-of-month month day-of-week), found 0',
    },
    {
      given: '* * * *',
      problem:
        'a cron expression has 5 fields (minute hour day-of-month month day-of-week), found 4',
    },
    {
      given: '0 0 * * * 2026',
      problem:
        'a cron expression has 5 fields (minute hour day-of-month month day-of-week), found 6',
    },
    { given: '60 * * * *', problem: 'the minute field "60" is out of range 0-59' },
    { given: '0 24 * * *', problem: 'the hour field "24" is out of range 0-23' },
    { given: '0 0 0 * *', problem: 'the day-of-month field "0" is out of range 1-31' },
    { given: '0 0 * 13 *', problem: 'the month field "13" is out of range 1-12' },
    { given: '0 0 * * 8', problem: 'the day-of-week field "8" is out of range 0-7' },
    {
      given: '0 0 * FOO *',
      problem: 'the month field "FOO" has "FOO", which is not a number or a name',
    },
    { given: 'x * * * *', problem: 'the minute field "x" has "x", which is not a number' },
    {
      given: '*/0 * * * *',
      problem: 'the minute field "*/0" has a step "0" that is not a positive integer',
    },
    {
      given: '1/2/3 * * * *',
      problem: 'the minute field "1/2/3" has more than one "/" in "1/2/3"',
    },
    {
      given: '30-10 * * * *',
      problem: 'the minute field "30-10" has a range "30-10" that runs backwards',
    },
    { given: '1-2-3 * * * *', problem: 'the minute field "1-2-3" has a malformed range "1-2-3"' },
    { given: '5,,10 * * * *', problem: 'the minute field "5,,10" has a malformed range ""' },
    {
      given: '? * * * *',
      problem:
        'the minute field "?" uses "?", which only the day-of-month and day-of-week fields accept',
    },
  ])('rejects "$given"', ({ given, problem }) => {
    expect(checkCronExpression(given)).toEqual({ ok: false, problem });
  });

  test('accepts every expression built from in-range values, ranges and steps, joined by any whitespace', () => {
    const bounds = [
      [0, 59],
      [0, 23],
      [1, 31],
      [1, 12],
      [0, 7],
    ] as const;
    const item = (min: number, max: number) =>
      fc.oneof(
        fc.constant('*'),
        fc.integer({ min, max }).map(String),
        fc
          .tuple(fc.integer({ min, max }), fc.integer({ min, max }))
          .map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`),
        fc
          .tuple(fc.constant('*'), fc.integer({ min: 1, max: 30 }))
          .map(([star, step]) => `${star}/${step}`),
      );
    const field = (min: number, max: number) =>
      fc.array(item(min, max), { minLength: 1, maxLength: 3 }).map((items) => items.join(','));
    fc.assert(
      fc.property(
        fc.tuple(...bounds.map(([min, max]) => field(min, max))),
        fc.array(fc.constantFrom(' ', '  ', '\t'), { minLength: 4, maxLength: 4 }),
        (fields, separators) => {
          const given = fields.reduce(
            (text, value, index) =>
              index === 0 ? value : `${text}${separators[index - 1]}${value}`,
            '',
          );
          expect(checkCronExpression(given)).toEqual({ ok: true, expression: fields.join(' ') });
        },
      ),
    );
  });
});

describe('nextCronMatch', () => {
  // Local times: the scheduler runs in local time, as CronCreate tells the model.
  const at = (text: string) => new Date(text);
  test.each([
    { expression: '*/15 * * * *', after: '2026-03-02T10:07:30', next: '2026-03-02T10:15:00' },
    { expression: '0 9 * * 1-5', after: '2026-03-06T09:00:00', next: '2026-03-09T09:00:00' },
    { expression: '0 9 * * MON', after: '2026-03-02T08:59:59', next: '2026-03-02T09:00:00' },
    { expression: '30 23 31 * *', after: '2026-04-01T00:00:00', next: '2026-05-31T23:30:00' },
    { expression: '0 0 29 2 *', after: '2026-03-01T00:00:00', next: '2028-02-29T00:00:00' },
    { expression: '0 12 1 * 0', after: '2026-03-02T00:00:00', next: '2026-03-08T12:00:00' },
    { expression: '0 0 * * 7', after: '2026-03-02T00:00:00', next: '2026-03-08T00:00:00' },
    { expression: '5/20 * * * *', after: '2026-03-02T10:26:00', next: '2026-03-02T10:45:00' },
    { expression: '0 0 1 jan *', after: '2026-01-01T00:00:00', next: '2027-01-01T00:00:00' },
  ])('$expression after $after → $next', ({ expression, after, next }) => {
    expect(nextCronMatch(expression, at(after))).toEqual(at(next));
  });

  test('an expression that never matches has no next match', () => {
    expect(nextCronMatch('0 0 30 2 *', at('2026-01-01T00:00:00'))).toBeUndefined();
  });

  test('an invalid expression throws with the checker’s words', () => {
    expect(() => nextCronMatch('0 24 * * *', new Date())).toThrow(
      'Invalid cron expression "0 24 * * *": the hour field "24" is out of range 0-23',
    );
  });

  test('property: the next match is after the given time, within its minute fields, and no minute between matches', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 23 }),
        fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }),
        (minute, step, hour, after) => {
          const expression = `${minute}/${step} ${hour} * * *`;
          const next = nextCronMatch(expression, after)!;
          expect(next.getTime()).toBeGreaterThan(after.getTime());
          expect(next.getHours()).toBe(hour);
          expect((next.getMinutes() - minute) % step).toBe(0);
          expect(next.getMinutes()).toBeGreaterThanOrEqual(minute);
          // No earlier whole minute after `after` matches.
          for (
            let probe = new Date(next.getTime() - 60_000);
            probe > after;
            probe = new Date(probe.getTime() - 60_000)
          ) {
            const matches =
              probe.getHours() === hour &&
              probe.getMinutes() >= minute &&
              (probe.getMinutes() - minute) % step === 0;
            if (probe.getTime() - after.getTime() > 2 * 86_400_000) break;
            expect(matches && probe.getSeconds() === 0).toBe(false);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
