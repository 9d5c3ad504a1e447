/** RespondToCoordinator: a sub-agent's reply to the agent that started it, through the host. */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/respond-to-coordinator.js';
import { callHostPort } from './support/call-host-port.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input, context) => {
  const subagent = context.ports.subagent;
  const respond = subagent?.respondToCoordinator;
  if (subagent === undefined || respond === undefined)
    return portUnavailable('RespondToCoordinator', HOST_SERVICES.coordinator);
  if (input.message.trim() === '')
    return { ok: false, code: 'invalid_input', message: 'The reply is blank.' };
  const sent = await callHostPort('RespondToCoordinator', context.signal, () =>
    respond.call(subagent, input.message),
  );
  if (!sent.ok) return sent;
  return { ok: true, output: 'Reply sent to the coordinator.' };
};
