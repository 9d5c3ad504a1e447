/**
 * Issue #27's shell classes as tables of exact decisions through the permission layer (the
 * generated Bash entry, its real hooks, `evaluatePermission`): redirections, expansions that run
 * code, global options before a sub-command, `*` in command patterns, and rules that can never
 * match.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { tool } from '../../../../generated/tools/bash.js';
import { evaluatePermission } from '../../../../runtime/call-path/permission/evaluate-permission.js';
import {
  parsePermissionRule,
  safeParsePermissionRule,
} from '../../../../runtime/core/rules/parse-permission-rule.js';
import { classifyShellCommand } from '../../../../runtime/tools/bash-classifier/classify-shell-command.js';
import { GLOBAL_OPTIONS } from '../../../../runtime/tools/bash-classifier/global-options.js';
import { READ_ONLY_COMMANDS } from '../../../../runtime/tools/bash-classifier/read-only-commands.js';
import { PER_PROGRAM, RULE_CASES, UNMATCHABLE_RULES, type RuleCase } from './rule-bypass-cases.js';

await tool.loadImplementation?.();

function decide(rule: RuleCase) {
  return evaluatePermission(
    tool,
    { command: rule.command, run_in_background: false },
    {
      mode: rule.mode ?? 'default',
      allow: (rule.allow ?? []).map((text) => parsePermissionRule(text)),
      deny: (rule.deny ?? []).map((text) => parsePermissionRule(text)),
    },
  );
}

const label = (rule: RuleCase) =>
  `${JSON.stringify(rule.command)} (${rule.mode ?? 'default'}; allow ${JSON.stringify(rule.allow ?? [])}; deny ${JSON.stringify(rule.deny ?? [])}) → ${rule.decision}`;

describe.each(Object.entries(RULE_CASES))('class: %s', (_name, cases) => {
  test.each(cases.map((rule) => [label(rule), rule] as const))('%s', (_label, rule) => {
    expect(decide(rule).decision).toBe(rule.decision);
  });
});

describe('in doubt is never read-only', () => {
  test.each(
    RULE_CASES['in doubt']
      .filter((rule) => rule.decision === 'ask' && rule.mode === 'yolo')
      .map((rule) => [rule.command]),
  )('%j', (command) => {
    const analysis = classifyShellCommand(command);
    expect(analysis.uncertain).toBeDefined();
    expect(analysis.readOnly).toBe(false);
  });
});

describe('redirections that write say why no allow rule covers them', () => {
  test.each([
    ['echo x > /tmp/f', '"echo x > /tmp/f": writes to /tmp/f'],
    ['echo x &>> log', '"echo x &>> log": writes to log'],
    ['echo x <> f', '"echo x <> f": opens f for reading and writing'],
    ['{ echo x; } > f', '"{ echo x; } > f": writes to f'],
  ])('%j → %j', (command, reason) => {
    expect(classifyShellCommand(command).redirects).toBe(reason);
  });
  test.each([['echo x > /dev/null'], ['echo x 2>&1'], ['cat < in'], ['cat <<EOF\nx\nEOF']])(
    '%j writes nowhere',
    (command) => {
      expect(classifyShellCommand(command).redirects).toBeUndefined();
    },
  );
});

describe('global options: the table, per program', () => {
  test('every program of the table has a per-program case', () => {
    expect([...new Set(PER_PROGRAM.map(([program]) => program))].sort()).toEqual(
      Object.keys(GLOBAL_OPTIONS).sort(),
    );
  });
  test.each(PER_PROGRAM.map(([program, command, sub]) => [program, command, sub]))(
    '%s: %j is also seen as %j …',
    (_program, command, sub) => {
      expect(
        classifyShellCommand(command).subcommands.some(
          (value) => value.startsWith(`${sub} `) || value === sub,
        ),
      ).toBe(true);
    },
  );
  test.each(
    Object.entries(GLOBAL_OPTIONS).flatMap(([program, table]) =>
      (table.runsPrograms ?? []).map((option) => [program, option] as const),
    ),
  )('%s %s makes the command in doubt', (program, option) => {
    const table = GLOBAL_OPTIONS[program]!;
    const command = table.valued.includes(option)
      ? `${program} ${option}=/x/y sub`
      : `${program} ${option} sub`;
    expect(classifyShellCommand(command).uncertain).toMatch(/may run another program/);
  });
  test.each(Object.entries(GLOBAL_OPTIONS))(
    '%s: every option is a flag or takes a value',
    (_p, table) => {
      for (const option of table.runsPrograms ?? [])
        expect([...table.flags, ...table.valued]).toContain(option);
    },
  );
  test('the read-only registry allows no git global option the table does not know', () => {
    const git = READ_ONLY_COMMANDS.git!;
    for (const option of [...(git.globalFlags ?? []), ...(git.globalOptionsWithValue ?? [])])
      expect([...GLOBAL_OPTIONS.git!.flags, ...GLOBAL_OPTIONS.git!.valued]).toContain(option);
  });
});

describe('rules that can never match are refused when parsed', () => {
  test.each(UNMATCHABLE_RULES.map(([rule, fix]) => [rule, fix] as const))(
    '%j → %j',
    (rule, fix) => {
      const result = safeParsePermissionRule(rule);
      if (fix === undefined) {
        expect(result.success).toBe(true);
        return;
      }
      expect(result.success).toBe(false);
      if (result.success) return;
      expect(result.error.code).toBe('unmatchablePattern');
      expect(result.error.message).toMatch(/can never match/);
      expect(result.error.message.endsWith(fix)).toBe(true);
    },
  );
});

describe('properties', () => {
  const word = fc
    .stringMatching(/^[a-z][a-z0-9._/-]{0,12}$/)
    .filter((text) => text !== '/dev/null');
  test('an allow rule never covers a redirection that writes a file', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('echo x', 'ls', 'git status', 'cat a', '{ echo x; }', '(echo x)'),
        fc.constantFrom('>', '>>', '>|', '&>', '&>>', '2>', '1>', '>&', '<>'),
        word,
        (command, operator, target) => {
          const result = decide({
            command: `${command} ${operator} ${target}`,
            allow: ['Bash(*)', 'Bash(echo:*)', 'Bash(ls:*)', 'Bash(git:*)', 'Bash(cat:*)'],
            decision: 'ask',
          });
          expect(result.decision).toBe('ask');
        },
      ),
    );
  });

  test('every parameter transformation, indirection and named arithmetic is in doubt', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...'PQEAaKkUuL'),
        fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,6}$/),
        fc.constantFrom(
          '${NAME@OP}',
          '"${NAME@OP}"',
          '${!NAME}',
          '$((NAME))',
          '${A[NAME]}',
          '${x:NAME}',
        ),
        (operator, name, template) => {
          const command = `echo ${template.replace('NAME', name).replace('OP', operator)}`;
          const analysis = classifyShellCommand(command);
          expect(analysis.uncertain).toBeDefined();
          expect(analysis.readOnly).toBe(false);
        },
      ),
    );
  });
});
