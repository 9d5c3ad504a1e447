/**
 * CreateWorkflow: the script is checked (validateInput), normalised and type-checked by the host
 * (resolveInput), shown to the user in full (prepareApproval; the permission asks every time) and
 * then started as a background run through the workflow port.
 */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/create-workflow.js';
import { callHostPort } from './support/call-host-port.js';
import { toJsonText } from './support/json-text.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';
import {
  checkWorkflowScript,
  fencedBlock,
  typecheckWorkflowScript,
} from './support/workflow-script.js';

type Implementation = ToolImplementation<Input, Output>;

export const validateInput: NonNullable<Implementation['validateInput']> = (input) =>
  checkWorkflowScript('CreateWorkflow', input.script);

export const resolveInput: NonNullable<Implementation['resolveInput']> = async (input, context) => {
  const checked = await typecheckWorkflowScript('CreateWorkflow', input.script, context);
  if (!checked.ok) return checked;
  return { ok: true, input: { ...input, script: checked.script } };
};

// The permission always asks (alwaysAsk): the preview only tells the user what they approve.
export const prepareApproval: NonNullable<Implementation['prepareApproval']> = async (input) => ({
  decision: 'ask',
  preview: [
    input.name === undefined
      ? 'Start a workflow run with this script:'
      : `Start the workflow run "${input.name}" with this script:`,
    fencedBlock(input.script, 'ts'),
    ...(input.input === undefined ? [] : ['Input:', fencedBlock(toJsonText(input.input), 'json')]),
  ].join('\n\n'),
});

export const handler: Implementation['handler'] = async (input, context) => {
  const workflow = context.ports.workflow;
  if (workflow === undefined) return portUnavailable('CreateWorkflow', HOST_SERVICES.workflow);
  const created = await callHostPort('CreateWorkflow', context.signal, () =>
    workflow.create({
      script: input.script,
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.input === undefined ? {} : { input: input.input }),
    }),
  );
  if (!created.ok) return created;
  return { ok: true, output: { runId: created.value.runId, name: input.name ?? null } };
};

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) =>
  `Started workflow run ${output.runId}${output.name === null ? '' : ` ("${output.name}")`} in the background. Check on it with GetWorkflowRun when the user asks or when you are notified; do not poll it in a loop.`;
