/**
 * The in-process cron port `serve` hosts: jobs fire on their schedule (local time), one-time
 * jobs once, disabled jobs never; update re-arms, delete and close stop the timers. Driven by
 * fake timers and the scheduler's clock, so nothing waits for a real minute.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  createInProcessCronScheduler,
  type CronFiring,
} from '../../../../runtime/integrations/ports/in-process-cron-scheduler.js';

const start = new Date('2026-03-02T10:00:30').getTime();

describe('createInProcessCronScheduler', () => {
  let fired: CronFiring[];
  beforeEach(() => {
    vi.useFakeTimers({ now: start });
    fired = [];
  });
  afterEach(() => vi.useRealTimers());
  const scheduler = () =>
    createInProcessCronScheduler({ onFire: (firing) => void fired.push(firing), now: Date.now });

  test('a recurring job fires at every match, with its prompt', async () => {
    const cron = scheduler();
    const { id } = await cron.create({ schedule: '*/5 * * * *', prompt: 'check the build' });
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(
      fired.map((firing) => [firing.job.id, firing.job.prompt, firing.at.getMinutes()]),
    ).toEqual([
      [id, 'check the build', 5],
      [id, 'check the build', 10],
      [id, 'check the build', 15],
    ]);
    expect(await cron.list()).toHaveLength(1);
    cron.close();
  });

  test('a one-time job fires once and is removed', async () => {
    const cron = scheduler();
    await cron.create({ schedule: '* * * * *', prompt: 'once', recurring: false });
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(fired).toHaveLength(1);
    expect(await cron.list()).toEqual([]);
  });

  test('a disabled job keeps its place and does not fire; enabling it re-arms it', async () => {
    const cron = scheduler();
    const { id } = await cron.create({ schedule: '* * * * *', prompt: 'p' });
    await cron.update(id, { enabled: false });
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(fired).toEqual([]);
    expect(await cron.list()).toEqual([
      { id, schedule: '* * * * *', prompt: 'p', enabled: false, recurring: true },
    ]);
    await cron.update(id, { enabled: true, prompt: 'q' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fired.map((firing) => firing.job.prompt)).toEqual(['q']);
    cron.close();
  });

  test('delete and close stop the timers; an unknown id and a closed scheduler throw', async () => {
    const cron = scheduler();
    const { id } = await cron.create({ schedule: '* * * * *', prompt: 'p' });
    await cron.delete(id);
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(fired).toEqual([]);
    await expect(cron.delete(id)).rejects.toThrow(`no cron job with id "${id}"`);
    await expect(cron.update('cron-99', { prompt: 'x' })).rejects.toThrow(
      'no cron job with id "cron-99"',
    );
    await cron.create({ schedule: '* * * * *', prompt: 'p' });
    cron.close();
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(fired).toEqual([]);
    await expect(cron.list()).rejects.toThrow('the scheduler is closed');
  });

  test('a match further away than a timer can wait is reached in steps', async () => {
    const cron = scheduler();
    // Next 1 January: about ten months, past setTimeout's 24.8 days.
    await cron.create({ schedule: '0 0 1 1 *', prompt: 'new year' });
    await vi.advanceTimersByTimeAsync(new Date('2027-01-01T00:00:00').getTime() - start - 1);
    expect(fired).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fired.map((firing) => firing.at.toISOString())).toEqual([
      new Date('2027-01-01T00:00:00').toISOString(),
    ]);
    cron.close();
  });

  test('a failing onFire is reported and the job stays', async () => {
    const errors: string[] = [];
    const cron = createInProcessCronScheduler({
      onFire: () => {
        throw new Error('client gone');
      },
      onError: (error, job) => errors.push(`${job.id}: ${(error as Error).message}`),
      now: Date.now,
    });
    const { id } = await cron.create({ schedule: '* * * * *', prompt: 'p' });
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(errors).toEqual([`${id}: client gone`, `${id}: client gone`]);
    cron.close();
  });
});
