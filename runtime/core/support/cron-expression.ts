/**
 * Checking a 5-field cron expression before it reaches the host, so the model learns which field
 * is wrong instead of getting whatever the host's scheduler says. The input schema's pattern only
 * checks the shape (five fields of cron characters); this checks each field's values.
 * {@link nextCronMatch} says when a checked expression next matches (an in-process scheduler).
 */

/** The fields of a standard cron expression, in order, with their ranges and names. */
const CRON_FIELDS = [
  { name: 'minute', min: 0, max: 59, names: [] },
  { name: 'hour', min: 0, max: 23, names: [] },
  { name: 'day-of-month', min: 1, max: 31, names: [] },
  {
    name: 'month',
    min: 1,
    max: 12,
    names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
  },
  // 0 and 7 are both Sunday, as in Vixie cron.
  { name: 'day-of-week', min: 0, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] },
] as const;

type CronField = (typeof CRON_FIELDS)[number];

/** A checked expression: the five fields joined by single spaces, or what is wrong with it. */
export type CronExpressionCheck =
  | { readonly ok: true; readonly expression: string }
  | { readonly ok: false; readonly problem: string };

/**
 * Check `expression` (fields separated by any whitespace). Accepts `*`, `?` (day fields only),
 * values, `a-b` ranges, `/n` steps and comma lists; month and weekday names (`JAN`, `MON`) in any
 * case. Problems name the field, e.g. `the hour field "24" is out of range 0-23`.
 */
export function checkCronExpression(expression: string): CronExpressionCheck {
  const fields = expression.trim().split(/\s+/u);
  if (fields.length !== 5 || fields[0] === '') {
    return {
      ok: false,
      problem: `a cron expression has 5 fields (minute hour day-of-month month day-of-week), found ${fields[0] === '' ? 0 : fields.length}`,
    };
  }
  for (const [index, field] of CRON_FIELDS.entries()) {
    const problem = checkField(fields[index] as string, field);
    if (problem !== undefined) return { ok: false, problem };
  }
  return { ok: true, expression: fields.join(' ') };
}

function checkField(text: string, field: CronField): string | undefined {
  for (const item of text.split(',')) {
    const problem = checkItem(item, field);
    if (problem !== undefined) return `the ${field.name} field "${text}" ${problem}`;
  }
  return undefined;
}

function checkItem(item: string, field: CronField): string | undefined {
  const [range = '', step, extra] = item.split('/');
  if (extra !== undefined) return `has more than one "/" in "${item}"`;
  if (step !== undefined && !/^[1-9][0-9]*$/u.test(step))
    return `has a step "${step}" that is not a positive integer`;
  if (range === '*') return undefined;
  if (range === '?') {
    return field.name === 'day-of-month' || field.name === 'day-of-week'
      ? undefined
      : `uses "?", which only the day-of-month and day-of-week fields accept`;
  }
  const bounds = range.split('-');
  if (bounds.length > 2 || bounds.some((bound) => bound === ''))
    return `has a malformed range "${range}"`;
  const values: number[] = [];
  for (const bound of bounds) {
    const value = parseValue(bound, field);
    if (value === undefined)
      return `has "${bound}", which is not a number${field.names.length > 0 ? ' or a name' : ''}`;
    if (value < field.min || value > field.max) return `is out of range ${field.min}-${field.max}`;
    values.push(value);
  }
  const [low, high] = values as [number, number | undefined];
  if (high !== undefined && high < low) return `has a range "${range}" that runs backwards`;
  return undefined;
}

function parseValue(text: string, field: CronField): number | undefined {
  if (/^[0-9]+$/u.test(text)) return Number(text);
  const index = (field.names as readonly string[]).indexOf(text.toUpperCase());
  if (index === -1) return undefined;
  return field.name === 'month' ? index + 1 : index;
}

/** How far ahead {@link nextCronMatch} looks: past it an expression is taken never to match. */
const SEARCH_DAYS = 366 * 8;

/**
 * The first minute after `after` (local time) that `expression` matches, or `undefined` when none
 * does within eight years (`0 0 30 2 *`: February has no 30th). As in Vixie cron, when both day
 * fields are restricted a day matches either; `*` and `?` leave a day field unrestricted.
 * Throws for an expression {@link checkCronExpression} refuses.
 */
export function nextCronMatch(expression: string, after: Date): Date | undefined {
  const checked = checkCronExpression(expression);
  if (!checked.ok) throw new Error(`Invalid cron expression "${expression}": ${checked.problem}`);
  const texts = checked.expression.split(' ');
  const [minutes, hours, days, months, weekdays] = CRON_FIELDS.map((field, index) =>
    fieldValues(texts[index] as string, field),
  ) as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>];
  if (weekdays.has(7)) weekdays.add(0);
  const dayRestricted = !/^[*?]$/u.test(texts[2] as string);
  const weekdayRestricted = !/^[*?]$/u.test(texts[4] as string);
  const dayMatches = (date: Date) => {
    const byDay = days.has(date.getDate());
    const byWeekday = weekdays.has(date.getDay());
    if (dayRestricted && weekdayRestricted) return byDay || byWeekday;
    return (!dayRestricted || byDay) && (!weekdayRestricted || byWeekday);
  };
  // The next whole minute after `after`.
  const start = new Date(after.getTime());
  start.setSeconds(0, 0);
  start.setMinutes(start.getMinutes() + 1);
  const day = new Date(start.getFullYear(), start.getMonth(), start.getDate());
  for (let count = 0; count < SEARCH_DAYS; count += 1) {
    if (months.has(day.getMonth() + 1) && dayMatches(day)) {
      for (let hour = 0; hour < 24; hour += 1) {
        if (!hours.has(hour)) continue;
        for (let minute = 0; minute < 60; minute += 1) {
          if (!minutes.has(minute)) continue;
          const candidate = new Date(
            day.getFullYear(),
            day.getMonth(),
            day.getDate(),
            hour,
            minute,
          );
          // A local time that does not exist (a daylight-saving gap) moves; skip it.
          if (candidate.getHours() !== hour || candidate.getMinutes() !== minute) continue;
          if (candidate.getTime() >= start.getTime()) return candidate;
        }
      }
    }
    day.setDate(day.getDate() + 1);
  }
  return undefined;
}

/** The values a checked field allows. */
function fieldValues(text: string, field: CronField): Set<number> {
  const values = new Set<number>();
  for (const item of text.split(',')) {
    const [range = '', stepText] = item.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    let low: number = field.min;
    let high: number = field.max;
    if (range !== '*' && range !== '?') {
      const bounds = range.split('-').map((bound) => parseValue(bound, field) as number);
      low = bounds[0] as number;
      // `5/15` runs from 5 to the end of the range, as in Vixie cron.
      high = bounds[1] ?? (stepText === undefined ? low : field.max);
    }
    for (let value = low; value <= high; value += step) values.add(value);
  }
  return values;
}
