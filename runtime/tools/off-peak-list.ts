/** OffPeakList: the off-peak port's tasks, in the host's order. */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/off-peak-list.js';
import { callHostPort } from './support/call-host-port.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (_input, context) => {
  const offPeak = context.ports.offPeak;
  if (offPeak === undefined) return portUnavailable('OffPeakList', HOST_SERVICES.offPeak);
  const listed = await callHostPort('OffPeakList', context.signal, () => offPeak.list());
  if (!listed.ok) return listed;
  return {
    ok: true,
    output: {
      tasks: listed.value.map((task) => ({
        id: task.id,
        prompt: task.prompt,
        status: task.status,
      })),
    },
  };
};

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) => {
  if (output.tasks.length === 0) return 'No off-peak tasks.';
  const heading =
    output.tasks.length === 1 ? '1 off-peak task:' : `${output.tasks.length} off-peak tasks:`;
  return [
    heading,
    ...output.tasks.map((task) => `- ${task.id} (${task.status}): ${JSON.stringify(task.prompt)}`),
  ].join('\n');
};
