/**
 * The review of the read-only registry, walked: every program (and git sub-command) of the
 * registry was reviewed, and every option the review lists as running a program, writing a file
 * or reaching the network is refused in each form a program accepts it (alone, with a value
 * attached, in a cluster of short options, abbreviated).
 */
import { describe, expect, test } from 'vitest';
import { classifyShellCommand } from '../../../../runtime/tools/bash-classifier/classify-shell-command.js';
import { READ_ONLY_COMMANDS } from '../../../../runtime/tools/bash-classifier/read-only-commands.js';
import { READ_ONLY_OPTION_REVIEW } from './read-only-option-review.js';

const registryNames = Object.entries(READ_ONLY_COMMANDS).flatMap(([name, rule]) =>
  rule.subcommands === undefined
    ? [name]
    : Object.keys(rule.subcommands).map((sub) => `${name} ${sub}`),
);

/** The forms `option` takes on a command line. */
function forms(program: string, option: string): string[] {
  if (program === 'find' || program === 'test' || program === '[' || option === '-revert')
    return [option];
  if (option.startsWith('--'))
    return [option, `${option}=x`, option.slice(0, Math.max(4, option.length - 2))].filter(
      (form, index, all) => all.indexOf(form) === index,
    );
  return [option, `${option}x`, `-q${option.slice(1)}`];
}

function command(program: string, form: string): string {
  if (program === 'env') return `env ${form} x`;
  if (program === 'find') return `find . ${form} x`;
  if (program === 'test' || program === '[')
    return `${program} ${form} x${program === '[' ? ' ]' : ''}`;
  if (program.startsWith('git ')) return `${program} ${form} HEAD`;
  return `${program} ${form} x`;
}

describe('read-only option review', () => {
  test('every program of the registry was reviewed, and nothing else', () => {
    expect(Object.keys(READ_ONLY_OPTION_REVIEW).sort()).toEqual([...registryNames].sort());
  });

  const rows = Object.entries(READ_ONLY_OPTION_REVIEW).flatMap(([program, review]) =>
    review.options.flatMap((reviewed) =>
      forms(program, reviewed.option).map(
        (form) => [program, form, reviewed.effect, command(program, form)] as const,
      ),
    ),
  );
  test.each(rows)('%s %s (%s): %j is not read-only', (_program, _form, _effect, line) => {
    expect(classifyShellCommand(line).readOnly).toBe(false);
  });

  test.each(
    Object.keys(READ_ONLY_OPTION_REVIEW).filter(
      // `env` takes no argument; `[` as a command word is read as a glob (a known limit).
      (name) => !['env', 'git remote', '['].includes(name),
    ),
  )('%s without the listed options stays read-only', (program) => {
    const line =
      program === 'find' || program === 'cd' || program === 'pwd' || program === '['
        ? { find: 'find . -name x', cd: 'cd .', pwd: 'pwd', '[': '[ -f x ]' }[program]!
        : program.startsWith('git ')
          ? `${program} HEAD`
          : program === 'date'
            ? 'date +%s'
            : [
                  'hostname',
                  'arch',
                  'nproc',
                  'true',
                  'false',
                  'free',
                  'uptime',
                  'whoami',
                  'id',
                  'uname',
                  'ps',
                  'df',
                  'printenv',
                ].includes(program)
              ? program
              : `${program} x`;
    const analysis = classifyShellCommand(line);
    // Some sub-commands refuse operands of their own (git branch x creates a branch).
    if (['git branch', 'git tag', 'git rev-parse', 'git cat-file'].includes(program)) return;
    expect(analysis.reason).toBeUndefined();
  });
});
