/** CronCreate: checks the cron expression field by field, then schedules through the cron port. */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/cron-create.js';
import { callHostPort } from './support/call-host-port.js';
import { checkCronExpression } from '../core/support/cron-expression.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input, context) => {
  const cron = context.ports.cron;
  if (cron === undefined) return portUnavailable('CronCreate', HOST_SERVICES.cron);
  const schedule = checkCronExpression(input.cron);
  if (!schedule.ok)
    return {
      ok: false,
      code: 'invalid_cron',
      message: `Invalid cron expression "${input.cron}": ${schedule.problem}.`,
    };
  if (input.prompt.trim() === '')
    return {
      ok: false,
      code: 'invalid_input',
      message: 'The prompt is blank; give the prompt the job should run.',
    };
  const name = input.name?.trim() || undefined;
  const created = await callHostPort('CronCreate', context.signal, () =>
    cron.create({
      schedule: schedule.expression,
      prompt: input.prompt,
      recurring: input.recurring,
      ...(name === undefined ? {} : { name }),
    }),
  );
  if (!created.ok) return created;
  return {
    ok: true,
    output: {
      id: created.value.id,
      cron: schedule.expression,
      prompt: input.prompt,
      recurring: input.recurring,
      name: name ?? null,
    },
  };
};

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) => {
  const job = `job ${output.id}${output.name === null ? '' : ` ("${output.name}")`}`;
  return output.recurring
    ? `Scheduled recurring ${job} on "${output.cron}" (local time). It runs the prompt at every match until it is deleted with CronDelete.`
    : `Scheduled one-time ${job} on "${output.cron}" (local time). It runs the prompt once, at the next match, and is then removed.`;
};
