/** ListWorkflowRuns: the workflow port's runs (newest first, as the host lists them), filtered and capped. */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/list-workflow-runs.js';
import { callHostPort } from './support/call-host-port.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input, context) => {
  const workflow = context.ports.workflow;
  if (workflow === undefined) return portUnavailable('ListWorkflowRuns', HOST_SERVICES.workflow);
  const listed = await callHostPort('ListWorkflowRuns', context.signal, () => workflow.listRuns());
  if (!listed.ok) return listed;
  const status = input.status?.trim().toLowerCase();
  const matching = listed.value.filter(
    (run) => status === undefined || run.status.toLowerCase() === status,
  );
  return {
    ok: true,
    output: {
      runs: matching
        .slice(0, input.limit)
        .map((run) => ({ runId: run.runId, name: run.name, status: run.status })),
      total: matching.length,
    },
  };
};

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) => {
  if (output.total === 0) return 'No workflow runs found.';
  const heading =
    output.runs.length < output.total
      ? `Showing ${output.runs.length} of ${output.total} workflow runs (raise limit to see more):`
      : output.total === 1
        ? '1 workflow run:'
        : `${output.total} workflow runs:`;
  return [heading, ...output.runs.map((run) => `- ${run.runId} ${run.name} (${run.status})`)].join(
    '\n',
  );
};
