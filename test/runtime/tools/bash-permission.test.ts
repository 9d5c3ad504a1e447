import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { contract, tool } from '../../../generated/tools/bash.js';
import type { ToolTimeoutPolicy } from '../../../runtime/core/contract.js';
import {
  evaluatePermission,
  type PermissionSettings,
} from '../../../runtime/call-path/permission/evaluate-permission.js';
import { parsePermissionRule } from '../../../runtime/core/rules/parse-permission-rule.js';
import { classifyShellCommand } from '../../../runtime/tools/bash-classifier/classify-shell-command.js';

// The permission hooks run the module a call loads first (as callTool awaits it).
await tool.loadImplementation?.();

const READ_ONLY = {
  readOnly: true,
  riskLevel: 'low',
  needsApproval: false,
  sideEffectScope: 'none',
};

describe('Bash read-only classification', () => {
  test.each([
    // Plain reads.
    ['ls', true],
    ['ls -la src', true],
    ['pwd', true],
    ['cat README.md', true],
    ['head -n 20 a.txt', true],
    ['tail -f server.log', true],
    ['wc -l src/*.ts', true],
    ['echo hello world', true],
    ['which node', true],
    ['grep -rn TODO src', true],
    ['rg --files -g "*.ts"', true],
    ['find . -name "*.ts" -type f', true],
    ['git rev-parse --abbrev-ref HEAD', true],
    ['git rev-list --count HEAD', true],
    ['git cat-file -p HEAD:README.md', true],
    ['git ls-tree -r HEAD src', true],
    ['git branch', true],
    ['git branch -a -v', true],
    ['git branch --list "feat/*"', true],
    ['git -C sub --no-pager describe --tags', true],
    ['git tag -l "v*"', true],
    ['date +%Y-%m-%d', true],
    ['sort -u names.txt', true],
    // Compounds: every part read-only.
    ['ls && git rev-parse HEAD', true],
    ['cat a.txt | grep x | wc -l', true],
    ['cd src; ls', true],
    ['(cd src && ls)', true],
    ['ls || echo none', true],
    ['ls 2>/dev/null', true],
    ['ls 2>&1 | head -5', true],
    ['ls &>/dev/null', true],
    ['cat < input.txt', true],
    ["echo 'a > b; rm -rf x'", true],
    ['ls # rm -rf /', true],
    // Writes, deletes, programs that are not read-only.
    ['rm -rf build', false],
    ['touch new.txt', false],
    ['npm install', false],
    ['node script.js', false],
    ['./ls', false],
    ['/bin/ls', false],
    ['sudo ls', false],
    ['ls > out.txt', false],
    ['echo hi >> notes.md', false],
    ['ls >| out.txt', false],
    ['cat a 1>&2 > copy', false],
    ['ls && rm -rf x', false],
    ['ls\nrm -rf x', false],
    ['ls | xargs rm', false],
    ['find . -name "*.tmp" -delete', false],
    ['find . -exec rm {} \\;', false],
    ['git branch -D main', false],
    ['git branch new-feature', false],
    ['git commit -m x', false],
    ['git push', false],
    ['git stash', false],
    ['git -c core.pager=sh log', false],
    ['git rev-list --format=%G? HEAD', false],
    ['git rev-list --form=%G? HEAD', false],
    ['sort -o sorted.txt names.txt', false],
    ['sort -uo sorted.txt names.txt', false],
    ['rg --pre ./decode x', false],
    ['date 0101000025', false],
    ['hostname evil', false],
    ['env rm -rf x', false],
    ['FOO=1 ls', false],
    ['uniq in.txt out.txt', false],
    // Constructs that hide a command.
    ['echo $(rm -rf x)', false],
    ['echo "$(whoami)"', false],
    ['echo `id`', false],
    ['cat <(ls)', false],
    ['cat <<EOF\n$(rm x)\nEOF', false],
    ['echo "unterminated', false],
  ])('%j → read-only %s', (command, readOnly) => {
    expect(classifyShellCommand(command).readOnly).toBe(readOnly);
    expect(tool.resolvePermissionCapability?.({ command, run_in_background: false })).toEqual(
      readOnly ? READ_ONLY : undefined,
    );
  });

  test.each([
    ['ls > out.txt', '"ls > out.txt": writes to out.txt'],
    ['ls && rm -rf x', '"rm -rf x": rm is not a known read-only command'],
    ['git branch -D main', '"git branch -D main": git branch -D is not read-only'],
    ['echo $(id)', '"echo $(id)": $(id): $(id) is expanded'],
    ['FOO=1 ls', '"FOO=1 ls": sets a variable'],
    ['ls *.ts', '"ls *.ts": *.ts: a glob that may expand into option names'],
    ['echo "x', 'cannot be parsed (1:6: reached EOF without closing quote ")'],
  ])('says why %j is not read-only', (command, reason) => {
    expect(classifyShellCommand(command).reason).toBe(reason);
  });

  test('a command with an unquoted redirection to a file is never read-only (property)', () => {
    const word = fc.stringMatching(/^[a-z][a-z0-9._-]{0,8}$/);
    fc.assert(
      fc.property(
        fc.constantFrom('ls', 'cat a', 'echo x', 'git status', 'grep -r y .'),
        fc.constantFrom('>', '>>', '>|', '&>'),
        word,
        (command, operator, target) => {
          expect(classifyShellCommand(`${command} ${operator} ${target}`).readOnly).toBe(false);
        },
      ),
    );
  });
});

describe('Bash permission rule values', () => {
  test.each([
    ['git status', ['git status']],
    ['ls -la && rm -rf build', ['ls -la', 'rm -rf build']],
    ['cat a | grep "x|y" | wc -l', ['cat a', 'grep "x|y"', 'grep x|y', 'wc -l']],
    ["echo 'a;b'; pwd", ["echo 'a;b'", 'echo a;b', 'pwd']],
    ['npm test || (cd pkg && npm test)', ['npm test', 'cd pkg']],
    ['make 2>&1 | tee log', ['make', 'tee log']],
    ['sleep 1 & wait', ['sleep 1', 'wait']],
    ['ls\n\nrm x', ['ls', 'rm x']],
    ['echo $(rm -rf x)', ['echo $(rm -rf x)', 'rm -rf x']],
    ['# only a comment', ['# only a comment']],
  ])('%j → %j', (command, values) => {
    expect(tool.resolvePermissionRulePolicy?.({ command, run_in_background: false })).toEqual({
      matchValues: { command: values },
      patternSyntax: 'text',
    });
  });

  test.each([
    [
      'a deny rule on one part of a compound command denies it',
      'ls && rm -rf build',
      { deny: ['Bash(rm:*)'] },
      'deny',
    ],
    ['a read-only command needs no approval', 'git rev-parse HEAD && ls', {}, 'allow'],
    ['any other command asks', 'npm install', {}, 'ask'],
  ] as [string, string, { deny?: string[] }, string][])(
    'with the permission layer: %s',
    (_label, command, rules, decision) => {
      const settings: PermissionSettings = {
        mode: 'default',
        deny: (rules.deny ?? []).map((rule) => parsePermissionRule(rule)),
      };
      const result = evaluatePermission(tool, { command, run_in_background: false }, settings);
      expect(result.decision).toBe(decision);
    },
  );
});

describe('Bash timeout budget', () => {
  const policy = contract.timeout as ToolTimeoutPolicy;
  test.each([
    ['no timeout keeps the default', undefined, policy, undefined],
    ['a shorter timeout is used', 5000, policy, 5000],
    ['the maximum itself', 600_000, policy, 600_000],
    ['a longer one is capped at maxMs', 3_600_000, policy, 600_000],
    [
      'no override when the policy forbids it',
      5000,
      { ...policy, allowCallOverride: false } as ToolTimeoutPolicy,
      undefined,
    ],
    ['no policy', 5000, { kind: 'none' } as const, undefined],
  ])('%s', (_label, timeout, timeoutPolicy, expected) => {
    const input = {
      command: 'x',
      run_in_background: false,
      ...(timeout === undefined ? {} : { timeout }),
    };
    expect(tool.resolveTimeoutBudgetMs?.(input, timeoutPolicy)).toBe(expected);
  });

  test('the generated contract carries the values the article quotes', () => {
    expect({
      permission: contract.permission,
      resultBudget: contract.resultBudget,
      timeout: contract.timeout,
      cancellation: contract.cancellation,
      maxOutputBytes: contract.metadata.maxOutputBytes,
    }).toEqual({
      permission: {
        permission: 'bash',
        reason: 'Bash can run subprocesses and may affect workspace, git, network, or system state',
        riskLevel: 'high',
        sideEffectScope: 'system',
        needsApproval: true,
        alwaysAsk: false,
        askOptions: { allowAlways: true },
        patternSources: ['command'],
        alwaysAllowPatternSources: ['command'],
        denyPriority: 'beforeAsk',
      },
      resultBudget: {
        maxInlineBytes: 30000,
        maxModelBytes: 30000,
        strategy: 'artifact',
        preview: { maxBytes: 30000, direction: 'tail' },
        artifact: { enabled: true, retention: 'session' },
      },
      timeout: {
        kind: 'bounded',
        defaultMs: 120000,
        maxMs: 600000,
        allowCallOverride: true,
        cleanupGraceMs: 6000,
      },
      cancellation: {
        supported: true,
        cleanup: 'processTree',
        userMessage: 'The user interrupted the command.',
      },
      maxOutputBytes: 10000000,
    });
  });
});
