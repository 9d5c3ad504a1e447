/**
 * A cron port that lives in the process: jobs are kept in memory and fired by timers, for the
 * life of the host that made it (`serve` gives one to each session). When a job's expression
 * matches (local time), `onFire` gets the job; the host decides what firing means (`serve` sends
 * the prompt to the client as a log message and says so on standard error). A one-time job
 * (`recurring: false`) is removed once it fired; a disabled job keeps its place and does not
 * fire. `close()` stops every timer.
 */
import type { CronPort } from '../../core/contract.js';
import { nextCronMatch } from '../../core/support/cron-expression.js';

/** A job as the scheduler holds it. */
export interface ScheduledCronJob {
  readonly id: string;
  readonly schedule: string;
  readonly prompt: string;
  readonly name?: string;
  readonly recurring: boolean;
  readonly enabled: boolean;
}

/** What a job's firing hands to the host. */
export interface CronFiring {
  readonly job: ScheduledCronJob;
  /** When it fired. */
  readonly at: Date;
}

export interface InProcessCronSchedulerOptions {
  /** Called when a job fires; an error it throws is reported to `onError`, and the job stays. */
  readonly onFire: (firing: CronFiring) => void | Promise<void>;
  readonly onError?: (error: unknown, job: ScheduledCronJob) => void;
  /** Default: `Date.now`. */
  readonly now?: () => number;
}

export interface InProcessCronScheduler extends CronPort {
  /** Stop every timer; the jobs are forgotten and later calls throw. */
  close(): void;
}

/** Longest delay `setTimeout` keeps (about 24.8 days); a later match is reached in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function createInProcessCronScheduler(
  options: InProcessCronSchedulerOptions,
): InProcessCronScheduler {
  const now = options.now ?? Date.now;
  const jobs = new Map<string, { job: ScheduledCronJob; timer?: NodeJS.Timeout }>();
  let nextId = 1;
  let closed = false;

  const live = () => {
    if (closed) throw new Error('the scheduler is closed');
  };
  const known = (id: string) => {
    const held = jobs.get(id);
    if (held === undefined) throw new Error(`no cron job with id "${id}"`);
    return held;
  };

  const arm = (id: string) => {
    const held = jobs.get(id);
    if (held === undefined) return;
    clearTimeout(held.timer);
    held.timer = undefined;
    if (!held.job.enabled || closed) return;
    const next = nextCronMatch(held.job.schedule, new Date(now()));
    if (next === undefined) return;
    const delay = Math.max(0, next.getTime() - now());
    held.timer = setTimeout(
      () => (delay > MAX_TIMER_MS ? arm(id) : void fire(id, next)),
      Math.min(delay, MAX_TIMER_MS),
    );
    // A pending job never keeps the process alive on its own.
    held.timer.unref();
  };

  const fire = async (id: string, at: Date) => {
    const held = jobs.get(id);
    if (held === undefined) return;
    if (!held.job.recurring) jobs.delete(id);
    try {
      await options.onFire({ job: held.job, at });
    } catch (error) {
      options.onError?.(error, held.job);
    }
    if (held.job.recurring) arm(id);
  };

  return {
    async create(job) {
      live();
      const id = `cron-${nextId++}`;
      jobs.set(id, {
        job: {
          id,
          schedule: job.schedule,
          prompt: job.prompt,
          ...(job.name === undefined ? {} : { name: job.name }),
          recurring: job.recurring ?? true,
          enabled: true,
        },
      });
      arm(id);
      return { id };
    },
    async update(id, changes) {
      live();
      const held = known(id);
      held.job = {
        ...held.job,
        ...(changes.schedule === undefined ? {} : { schedule: changes.schedule }),
        ...(changes.prompt === undefined ? {} : { prompt: changes.prompt }),
        ...(changes.enabled === undefined ? {} : { enabled: changes.enabled }),
      };
      arm(id);
    },
    async delete(id) {
      live();
      clearTimeout(known(id).timer);
      jobs.delete(id);
    },
    async list() {
      live();
      return [...jobs.values()].map(({ job }) => ({
        id: job.id,
        schedule: job.schedule,
        prompt: job.prompt,
        enabled: job.enabled,
        recurring: job.recurring,
      }));
    },
    close() {
      closed = true;
      for (const held of jobs.values()) clearTimeout(held.timer);
      jobs.clear();
    },
  };
}
