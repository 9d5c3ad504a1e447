/**
 * SaveWorkflow: checks and type-checks the script like CreateWorkflow, tells the user in the
 * approval preview when an existing definition will be replaced, then saves through the port.
 */
import type { ToolCallContext, ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/save-workflow.js';
import { callHostPort } from './support/call-host-port.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';
import {
  checkWorkflowScript,
  fencedBlock,
  typecheckWorkflowScript,
} from './support/workflow-script.js';

type Implementation = ToolImplementation<Input, Output>;

export const validateInput: NonNullable<Implementation['validateInput']> = (input) =>
  checkWorkflowScript('SaveWorkflow', input.script);

export const resolveInput: NonNullable<Implementation['resolveInput']> = async (input, context) => {
  const checked = await typecheckWorkflowScript('SaveWorkflow', input.script, context);
  if (!checked.ok) return checked;
  // A blank description is dropped rather than saved.
  const { description, ...rest } = input;
  const trimmed = description?.trim();
  return {
    ok: true,
    input: {
      ...rest,
      script: checked.script,
      ...(trimmed === undefined || trimmed === '' ? {} : { description: trimmed }),
    },
  };
};

// The permission always asks (alwaysAsk); the preview says whether a definition is replaced.
export const prepareApproval: NonNullable<Implementation['prepareApproval']> = async (
  input,
  context,
) => {
  const existing = await findSaved(input.name, context);
  const heading =
    existing === undefined
      ? `Save the workflow "${input.name}":`
      : `Save the workflow "${input.name}", replacing the definition at ${existing}:`;
  return {
    decision: 'ask',
    preview: [
      heading,
      ...(input.description === undefined ? [] : [input.description]),
      fencedBlock(input.script, 'ts'),
    ].join('\n\n'),
  };
};

export const handler: Implementation['handler'] = async (input, context) => {
  const workflow = context.ports.workflow;
  if (workflow === undefined) return portUnavailable('SaveWorkflow', HOST_SERVICES.workflow);
  const listed = await callHostPort('SaveWorkflow', context.signal, () => workflow.listSaved());
  if (!listed.ok) return listed;
  const replaced = listed.value.some((saved) => saved.name === input.name);
  const saved = await callHostPort('SaveWorkflow', context.signal, () =>
    workflow.save({
      name: input.name,
      script: input.script,
      ...(input.description === undefined ? {} : { description: input.description }),
    }),
  );
  if (!saved.ok) return saved;
  return { ok: true, output: { name: input.name, path: saved.value.path, replaced } };
};

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) =>
  `Saved the workflow "${output.name}" to ${output.path}${output.replaced ? ', replacing the previous definition' : ''}. ListSavedWorkflows lists it.`;

/** Path of the saved definition called `name`, or `undefined` (also when the host cannot say). */
async function findSaved(name: string, context: ToolCallContext): Promise<string | undefined> {
  const workflow = context.ports.workflow;
  if (workflow === undefined) return undefined;
  const listed = await callHostPort('SaveWorkflow', context.signal, () => workflow.listSaved());
  return listed.ok ? listed.value.find((saved) => saved.name === name)?.path : undefined;
}
