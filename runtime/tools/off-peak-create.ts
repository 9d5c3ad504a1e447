/** OffPeakCreate: queues a prompt through the host's off-peak port. */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/off-peak-create.js';
import { callHostPort } from './support/call-host-port.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input, context) => {
  const offPeak = context.ports.offPeak;
  if (offPeak === undefined) return portUnavailable('OffPeakCreate', HOST_SERVICES.offPeak);
  if (input.prompt.trim() === '')
    return {
      ok: false,
      code: 'invalid_input',
      message: 'The prompt is blank; give the prompt the task should run.',
    };
  const name = input.name?.trim() || undefined;
  const created = await callHostPort('OffPeakCreate', context.signal, () =>
    offPeak.create({ prompt: input.prompt, ...(name === undefined ? {} : { name }) }),
  );
  if (!created.ok) return created;
  return { ok: true, output: { id: created.value.id, prompt: input.prompt, name: name ?? null } };
};

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) =>
  `Queued off-peak task ${output.id}${output.name === null ? '' : ` ("${output.name}")`}. It runs when the host has spare capacity, not right away; OffPeakList shows its status.`;
