import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkCronExpression } from '../../../../runtime/tools/support/cron-expression.js';

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
