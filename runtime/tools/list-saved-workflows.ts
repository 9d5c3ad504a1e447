/** ListSavedWorkflows: the project's saved workflow definitions, from the workflow port. */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/list-saved-workflows.js';
import { callHostPort } from './support/call-host-port.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (_input, context) => {
  const workflow = context.ports.workflow;
  if (workflow === undefined) return portUnavailable('ListSavedWorkflows', HOST_SERVICES.workflow);
  const listed = await callHostPort('ListSavedWorkflows', context.signal, () =>
    workflow.listSaved(),
  );
  if (!listed.ok) return listed;
  return {
    ok: true,
    output: {
      workflows: listed.value.map((saved) => ({
        name: saved.name,
        description:
          saved.description === undefined || saved.description.trim() === ''
            ? null
            : saved.description,
        path: saved.path,
      })),
    },
  };
};

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) => {
  if (output.workflows.length === 0) return 'No saved workflows.';
  const heading =
    output.workflows.length === 1
      ? '1 saved workflow:'
      : `${output.workflows.length} saved workflows:`;
  return [
    heading,
    ...output.workflows.map(
      (saved) =>
        `- ${saved.name}${saved.description === null ? '' : `: ${saved.description}`} (${saved.path})`,
    ),
  ].join('\n');
};
