/** ResumeWorkflowRun: resumes a stopped run under its id through the workflow port. */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/resume-workflow-run.js';
import { callHostPort } from './support/call-host-port.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input, context) => {
  const workflow = context.ports.workflow;
  if (workflow === undefined) return portUnavailable('ResumeWorkflowRun', HOST_SERVICES.workflow);
  const resumed = await callHostPort('ResumeWorkflowRun', context.signal, () =>
    workflow.resumeRun(input.runId),
  );
  if (!resumed.ok) return resumed;
  return { ok: true, output: { runId: resumed.value.runId, status: resumed.value.status } };
};

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) =>
  `Resumed workflow run ${output.runId} (status: ${output.status}). Check on it with GetWorkflowRun.`;
