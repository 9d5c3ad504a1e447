/** Skill: loads a skill's instructions through the host's skill port. */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/skill.js';
import { callHostPort } from './support/call-host-port.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input, context) => {
  const skills = context.ports.skill;
  if (skills === undefined) return portUnavailable('Skill', HOST_SERVICES.skill);
  const name = input.skill.trim().replace(/^\//u, '');
  if (name === '') return { ok: false, code: 'invalid_input', message: 'The skill name is blank.' };
  const args = input.args?.trim();
  const loaded = await callHostPort('Skill', context.signal, () =>
    skills.load(name, args === undefined || args === '' ? undefined : args),
  );
  if (!loaded.ok) return loaded;
  if (loaded.value.content.trim() === '') {
    return { ok: false, code: 'empty_skill', message: `The skill "${name}" has no instructions.` };
  }
  return {
    ok: true,
    output: `Skill "${name}" loaded. Follow its instructions:\n\n${loaded.value.content}`,
  };
};
