/**
 * Generated attacks on the Bash permission classifier (the tables in
 * classify-shell-command.test.ts hold the hand-picked cases): any word bash would expand makes a
 * read-only command ordinary Bash, and a denied program stays denied under any chain of wrappers.
 * Long variants: `npm run test:long`.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { tool } from '../../../../generated/tools/bash.js';
import { evaluatePermission } from '../../../../runtime/call-path/permission/evaluate-permission.js';
import { parsePermissionRule } from '../../../../runtime/core/rules/parse-permission-rule.js';
import { classifyShellCommand } from '../../../../runtime/tools/bash-classifier/classify-shell-command.js';
import { ADVERSARIAL_TIMEOUT_MS, variant } from '../../../support/long-variants.js';

// Bash's permission hooks run the module a call loads first (as callTool awaits it).
await tool.loadImplementation?.();

const numRuns = variant(300, 30_000);

/** Commands the classifier must take for read-only as written (checked below). */
const READ_ONLY_BASES: readonly (readonly string[])[] = [
  ['cat', 'a.txt'],
  ['ls', '-la'],
  ['grep', '-n', 'x', 'notes.txt'],
  ['wc', '-l', 'a.txt'],
  ['head', '-n', '5', 'a.txt'],
  ['sort', 'names.txt'],
  ['echo', 'hello'],
  ['pwd'],
];

/** Words bash expands before the program sees them: each may become an option or a file name. */
const EXPANDING_WORDS = [
  '{a,b}',
  '-{o,}',
  '{1..3}',
  '$X',
  '"$X"',
  '${X}',
  '${X:-"-o"}',
  '$(id)',
  '"$(id)"',
  '`id`',
  '$((1+1))',
  "$'-o'",
  '$"x"',
  '*',
  '?x',
  '[-]o',
  '~*',
  '<(id)',
] as const;

/** Redirections that write, or open a connection. */
const WRITING_REDIRECTIONS = [
  '> out',
  '>> out',
  '>| out',
  '&> out',
  '2> err',
  '> /dev/tcp/127.0.0.1/9',
  '<> f',
] as const;

describe('generated commands with an expanding word are never read-only', () => {
  test.each(READ_ONLY_BASES.map((words) => [words.join(' ')]))(
    '%j is read-only as written',
    (command) => {
      expect(classifyShellCommand(command)).toMatchObject({ readOnly: true });
    },
  );

  test(
    'an expanding word at any argument position',
    () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...READ_ONLY_BASES),
          fc.constantFrom(...EXPANDING_WORDS),
          fc.nat(),
          (base, word, at) => {
            const position = 1 + (at % base.length);
            const words = [...base.slice(0, position), word, ...base.slice(position)];
            expect(classifyShellCommand(words.join(' ')).readOnly).toBe(false);
          },
        ),
        { numRuns },
      );
    },
    ADVERSARIAL_TIMEOUT_MS,
  );

  test(
    'a writing redirection, anywhere after the program name',
    () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...READ_ONLY_BASES),
          fc.constantFrom(...WRITING_REDIRECTIONS),
          fc.nat(),
          (base, redirection, at) => {
            const position = 1 + (at % base.length);
            const words = [...base.slice(0, position), redirection, ...base.slice(position)];
            expect(classifyShellCommand(words.join(' ')).readOnly).toBe(false);
          },
        ),
        { numRuns },
      );
    },
    ADVERSARIAL_TIMEOUT_MS,
  );
});

/** Single-quote `text` for bash. */
const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/** Ways to run a command inside another, each as bash would still run it. */
const WRAPPERS: readonly ((command: string) => string)[] = [
  (command) => `bash -c ${quote(command)}`,
  (command) => `sh -c ${quote(command)}`,
  (command) => `bash -e -c ${quote(command)}`,
  (command) => `eval ${quote(command)}`,
  (command) => `env ${command}`,
  (command) => `env -i A=1 ${command}`,
  (command) => `nice ${command}`,
  (command) => `nice -n 5 ${command}`,
  (command) => `time ${command}`,
  (command) => `command ${command}`,
  (command) => `sudo ${command}`,
  (command) => `sudo -u root -- ${command}`,
  (command) => `timeout 5 ${command}`,
  (command) => `nohup ${command}`,
  (command) => `setsid ${command}`,
  (command) => `(${command})`,
  (command) => `{ ${command}; }`,
  (command) => `ls && ${command}`,
  (command) => `true; ${command}`,
  (command) => `${command} | cat`,
  (command) => `echo "$(${command})"`,
  (command) => `for i in 1; do ${command}; done`,
];

const rm = parsePermissionRule('Bash(rm:*)');

describe('a denied program under any chain of wrappers', () => {
  test(
    'Bash(rm:*) denies it in yolo mode, or the command is in doubt and asks; never allowed',
    () => {
      fc.assert(
        fc.property(
          fc.array(fc.nat(WRAPPERS.length - 1), { minLength: 1, maxLength: variant(4, 8) }),
          fc.constantFrom('rm x', 'rm -rf x', '/bin/rm x', '\\rm x', "'rm' x"),
          (chain, inner) => {
            const command = chain.reduce<string>(
              (wrapped, index) => WRAPPERS[index]!(wrapped),
              inner,
            );
            const verdict = evaluatePermission(
              tool,
              { command, run_in_background: false },
              { mode: 'yolo', deny: [rm], allow: [parsePermissionRule('Bash')] },
            );
            if (verdict.decision === 'deny') expect(verdict.reason).toBe('denyRule');
            else expect(verdict).toMatchObject({ decision: 'ask', reason: 'uncertainCommand' });
          },
        ),
        { numRuns },
      );
    },
    ADVERSARIAL_TIMEOUT_MS,
  );
});
