/** GetWorkflowRun: one run's status, progress and result, rendered as JSON text for the model. */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/get-workflow-run.js';
import { callHostPort } from './support/call-host-port.js';
import { toJsonText } from './support/json-text.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input, context) => {
  const workflow = context.ports.workflow;
  if (workflow === undefined) return portUnavailable('GetWorkflowRun', HOST_SERVICES.workflow);
  const run = await callHostPort('GetWorkflowRun', context.signal, () =>
    workflow.getRun(input.runId),
  );
  if (!run.ok) return run;
  return {
    ok: true,
    output: {
      runId: run.value.runId,
      status: run.value.status,
      progress: toJsonText(run.value.progress),
      result: run.value.result === undefined ? null : toJsonText(run.value.result),
    },
  };
};

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) =>
  [
    `Workflow run ${output.runId}: ${output.status}`,
    `Progress:\n${output.progress}`,
    output.result === null ? 'Result: none yet.' : `Result:\n${output.result}`,
  ].join('\n\n');
