/** CronDelete: deletes one job through the cron port. */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/cron-delete.js';
import { callHostPort } from './support/call-host-port.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input, context) => {
  const cron = context.ports.cron;
  if (cron === undefined) return portUnavailable('CronDelete', HOST_SERVICES.cron);
  const deleted = await callHostPort('CronDelete', context.signal, () => cron.delete(input.id));
  if (!deleted.ok) return deleted;
  return { ok: true, output: `Deleted job ${input.id}; it will not run again.` };
};
