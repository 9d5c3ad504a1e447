/**
 * submit_result: a workflow actor's final result, recorded through the workflow port. The call is
 * terminal (`stopTurnOnSuccess`), so only a recorded result counts as success.
 */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/submit-result.js';
import { callHostPort } from './support/call-host-port.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input, context) => {
  const workflow = context.ports.workflow;
  const submitResult = workflow?.submitResult;
  if (workflow === undefined || submitResult === undefined)
    return portUnavailable('submit_result', HOST_SERVICES.workflowActor);
  const submitted = await callHostPort('submit_result', context.signal, () =>
    submitResult.call(workflow, input.result),
  );
  if (!submitted.ok) return submitted;
  return { ok: true, output: 'Result submitted. Your part of the workflow is done.' };
};
