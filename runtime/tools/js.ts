/** js: evaluates code in the host's persistent Node.js REPL (the browser-use plugin's). */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/js.js';
import { callHostPort } from './support/call-host-port.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input, context) => {
  const nodeRepl = context.ports.nodeRepl;
  if (nodeRepl === undefined) return portUnavailable('js', HOST_SERVICES.nodeRepl);
  if (input.code.trim() === '')
    return { ok: false, code: 'invalid_input', message: 'The code is blank.' };
  const evaluated = await callHostPort('js', context.signal, () =>
    nodeRepl.evaluate(input.code, context.signal),
  );
  if (!evaluated.ok) return evaluated;
  return {
    ok: true,
    output: evaluated.value.output === '' ? '(no output)' : evaluated.value.output,
  };
};
