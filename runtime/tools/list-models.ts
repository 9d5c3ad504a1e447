/** ListModels: the host's model catalogue, optionally narrowed to one provider. */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/list-models.js';
import { callHostPort } from './support/call-host-port.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input, context) => {
  const models = context.ports.models;
  if (models === undefined) return portUnavailable('ListModels', HOST_SERVICES.models);
  const listed = await callHostPort('ListModels', context.signal, () => models.list());
  if (!listed.ok) return listed;
  const provider = input.provider?.trim().toLowerCase();
  return {
    ok: true,
    output: {
      models: listed.value
        .filter((model) => provider === undefined || model.provider.toLowerCase() === provider)
        .map((model) =>
          model.description === undefined || model.description === ''
            ? { id: model.id, provider: model.provider }
            : { id: model.id, provider: model.provider, description: model.description },
        ),
    },
  };
};

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) => {
  if (output.models.length === 0) return 'No models found.';
  const heading = output.models.length === 1 ? '1 model:' : `${output.models.length} models:`;
  return [
    heading,
    ...output.models.map(
      (model) =>
        `- ${model.id} (${model.provider})${model.description === undefined ? '' : `: ${model.description}`}`,
    ),
  ].join('\n');
};
