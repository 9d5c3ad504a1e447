/** SendMessage: hands a message for a running agent to the host's sub-agent messaging. */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/send-message.js';
import { callHostPort } from './support/call-host-port.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input, context) => {
  const subagent = context.ports.subagent;
  const sendMessage = subagent?.sendMessage;
  if (subagent === undefined || !subagent.supportsMessaging || sendMessage === undefined) {
    return portUnavailable('SendMessage', HOST_SERVICES.subagentMessaging);
  }
  if (input.message.trim() === '')
    return { ok: false, code: 'invalid_input', message: 'The message is blank.' };
  const sent = await callHostPort('SendMessage', context.signal, () =>
    sendMessage.call(subagent, input.to, input.message),
  );
  if (!sent.ok) return sent;
  return { ok: true, output: `Message sent to ${input.to}; the agent reads it at its next step.` };
};
