/** CronUpdate: changes only the fields given, after checking a new cron expression. */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/cron-update.js';
import { callHostPort } from './support/call-host-port.js';
import { checkCronExpression } from '../core/support/cron-expression.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input, context) => {
  const cron = context.ports.cron;
  if (cron === undefined) return portUnavailable('CronUpdate', HOST_SERVICES.cron);
  if (input.cron === undefined && input.prompt === undefined && input.enabled === undefined) {
    return {
      ok: false,
      code: 'invalid_input',
      message: 'Nothing to change: pass at least one of cron, prompt or enabled.',
    };
  }
  let schedule: string | undefined;
  if (input.cron !== undefined) {
    const checked = checkCronExpression(input.cron);
    if (!checked.ok)
      return {
        ok: false,
        code: 'invalid_cron',
        message: `Invalid cron expression "${input.cron}": ${checked.problem}.`,
      };
    schedule = checked.expression;
  }
  if (input.prompt !== undefined && input.prompt.trim() === '') {
    return {
      ok: false,
      code: 'invalid_input',
      message: 'The new prompt is blank; leave prompt out to keep the current one.',
    };
  }
  const changes = {
    ...(schedule === undefined ? {} : { schedule }),
    ...(input.prompt === undefined ? {} : { prompt: input.prompt }),
    ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
  };
  const updated = await callHostPort('CronUpdate', context.signal, () =>
    cron.update(input.id, changes),
  );
  if (!updated.ok) return updated;
  return {
    ok: true,
    output: {
      id: input.id,
      cron: schedule ?? null,
      prompt: input.prompt ?? null,
      enabled: input.enabled ?? null,
    },
  };
};

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) => {
  const changes = [
    ...(output.cron === null ? [] : [`schedule now "${output.cron}"`]),
    ...(output.prompt === null ? [] : ['prompt replaced']),
    ...(output.enabled === null ? [] : [output.enabled ? 'resumed' : 'paused']),
  ];
  return `Updated job ${output.id}: ${changes.join(', ')}.`;
};
