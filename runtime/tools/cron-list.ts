/** CronList: the cron port's jobs, in the host's order. */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/cron-list.js';
import { callHostPort } from './support/call-host-port.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (_input, context) => {
  const cron = context.ports.cron;
  if (cron === undefined) return portUnavailable('CronList', HOST_SERVICES.cron);
  const listed = await callHostPort('CronList', context.signal, () => cron.list());
  if (!listed.ok) return listed;
  return {
    ok: true,
    output: {
      jobs: listed.value.map((job) => ({
        id: job.id,
        cron: job.schedule,
        prompt: job.prompt,
        enabled: job.enabled,
        recurring: job.recurring ?? null,
      })),
    },
  };
};

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) => {
  if (output.jobs.length === 0) return 'No scheduled jobs.';
  const heading =
    output.jobs.length === 1 ? '1 scheduled job:' : `${output.jobs.length} scheduled jobs:`;
  return [
    heading,
    ...output.jobs.map((job) => {
      const state = [
        job.enabled ? 'enabled' : 'paused',
        ...(job.recurring === null ? [] : [job.recurring ? 'recurring' : 'one-time']),
      ];
      // JSON quoting keeps a multi-line prompt on one line and shows exactly where it ends.
      return `- ${job.id} "${job.cron}" (${state.join(', ')}): ${JSON.stringify(job.prompt)}`;
    }),
  ].join('\n');
};
