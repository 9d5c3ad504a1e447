/**
 * EvalWorkflowSnippet: checks (with the smaller snippet limit) and type-checks the snippet, shows
 * it for approval, then runs it synchronously through the workflow port; nothing is kept.
 */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/eval-workflow-snippet.js';
import { callHostPort } from './support/call-host-port.js';
import { toJsonText } from './support/json-text.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';
import {
  WORKFLOW_SNIPPET_MAX_BYTES,
  checkWorkflowScript,
  fencedBlock,
  typecheckWorkflowScript,
} from './support/workflow-script.js';

type Implementation = ToolImplementation<Input, Output>;

export const validateInput: NonNullable<Implementation['validateInput']> = (input) =>
  checkWorkflowScript('EvalWorkflowSnippet', input.script, WORKFLOW_SNIPPET_MAX_BYTES);

export const resolveInput: NonNullable<Implementation['resolveInput']> = async (input, context) => {
  const checked = await typecheckWorkflowScript('EvalWorkflowSnippet', input.script, context);
  if (!checked.ok) return checked;
  return { ok: true, input: { ...input, script: checked.script } };
};

// Asked only when the permission layer decided to ask; the preview shows what will run.
export const prepareApproval: NonNullable<Implementation['prepareApproval']> = async (input) => ({
  decision: 'ask',
  preview: [
    'Run this workflow snippet now (nothing is kept afterwards):',
    fencedBlock(input.script, 'ts'),
    ...(input.input === undefined ? [] : ['Input:', fencedBlock(toJsonText(input.input), 'json')]),
  ].join('\n\n'),
});

export const handler: Implementation['handler'] = async (input, context) => {
  const workflow = context.ports.workflow;
  if (workflow === undefined) return portUnavailable('EvalWorkflowSnippet', HOST_SERVICES.workflow);
  const evaluated = await callHostPort('EvalWorkflowSnippet', context.signal, () =>
    workflow.evalSnippet(
      { script: input.script, ...(input.input === undefined ? {} : { input: input.input }) },
      context.signal,
    ),
  );
  if (!evaluated.ok) return evaluated;
  return {
    ok: true,
    output: { result: toJsonText(evaluated.value.result), logs: [...evaluated.value.logs] },
  };
};

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) => {
  const logs =
    output.logs.length === 0
      ? 'No log lines.'
      : `Log (${output.logs.length === 1 ? '1 line' : `${output.logs.length} lines`}):\n${output.logs.join('\n')}`;
  return `Result:\n${output.result}\n\n${logs}`;
};
