import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  matchesRulePattern,
  parsePermissionRule,
  PermissionRuleError,
  ruleAppliesToTool,
  safeParsePermissionRule,
} from '../../../../runtime/core/rules/parse-permission-rule.js';

describe('safeParsePermissionRule', () => {
  test.each([
    { text: 'Bash', want: { text: 'Bash', toolName: 'Bash', match: { kind: 'tool' } } },
    {
      text: '  WebFetch  ',
      want: { text: 'WebFetch', toolName: 'WebFetch', match: { kind: 'tool' } },
    },
    {
      text: 'Bash(rm:*)',
      want: { text: 'Bash(rm:*)', toolName: 'Bash', match: { kind: 'prefix', prefix: 'rm' } },
    },
    {
      text: 'Bash(npm run test:*)',
      want: {
        text: 'Bash(npm run test:*)',
        toolName: 'Bash',
        match: { kind: 'prefix', prefix: 'npm run test' },
      },
    },
    {
      text: 'Bash(npm test)',
      want: {
        text: 'Bash(npm test)',
        toolName: 'Bash',
        match: { kind: 'exact', value: 'npm test' },
      },
    },
    {
      text: 'Bash(echo (hi))',
      want: {
        text: 'Bash(echo (hi))',
        toolName: 'Bash',
        match: { kind: 'exact', value: 'echo (hi)' },
      },
    },
    {
      text: 'Read(/src/**)',
      want: {
        text: 'Read(/src/**)',
        toolName: 'Read',
        match: { kind: 'glob', pattern: '/src/**' },
      },
    },
    {
      text: 'Edit(*.{ts,tsx})',
      want: {
        text: 'Edit(*.{ts,tsx})',
        toolName: 'Edit',
        match: { kind: 'glob', pattern: '*.{ts,tsx}' },
      },
    },
    {
      text: 'Bash(:*)',
      want: { text: 'Bash(:*)', toolName: 'Bash', match: { kind: 'glob', pattern: ':*' } },
    },
    {
      text: 'mcp__github__create_issue',
      want: {
        text: 'mcp__github__create_issue',
        toolName: 'mcp__github__create_issue',
        match: { kind: 'tool' },
      },
    },
    {
      text: 'file.write',
      want: { text: 'file.write', toolName: 'file.write', match: { kind: 'tool' } },
    },
    {
      text: 'file.write(/etc/**)',
      want: {
        text: 'file.write(/etc/**)',
        toolName: 'file.write',
        match: { kind: 'glob', pattern: '/etc/**' },
      },
    },
    {
      text: 'capability:file.*',
      want: {
        text: 'capability:file.*',
        toolName: 'capability:file.*',
        capabilityPattern: 'file.*',
        match: { kind: 'tool' },
      },
    },
    {
      text: 'capability:{file,shell}.**(/etc/**)',
      want: {
        text: 'capability:{file,shell}.**(/etc/**)',
        toolName: 'capability:{file,shell}.**',
        capabilityPattern: '{file,shell}.**',
        match: { kind: 'glob', pattern: '/etc/**' },
      },
    },
  ])('parses $text', ({ text, want }) => {
    expect(safeParsePermissionRule(text)).toEqual({ success: true, rule: want });
  });

  test.each([
    { text: '', code: 'empty', message: 'permission rule "": expected a tool name, found nothing' },
    {
      text: 'Bash(rm:*',
      code: 'unclosedPattern',
      message: 'permission rule "Bash(rm:*": expected the pattern to end with ")"',
    },
    {
      text: 'Bash()',
      code: 'emptyPattern',
      message: 'permission rule "Bash()": expected a pattern inside the parentheses',
    },
    {
      text: 'Bash(  )',
      code: 'emptyPattern',
      message: 'permission rule "Bash(  )": expected a pattern inside the parentheses',
    },
    {
      text: 'Web Fetch',
      code: 'invalidToolName',
      message:
        'permission rule "Web Fetch": expected a tool or permission name matching ^[A-Za-z0-9_.-]{1,64}$, or capability:<glob>, found "Web Fetch"',
    },
    {
      text: '(rm:*)',
      code: 'invalidToolName',
      message:
        'permission rule "(rm:*)": expected a tool or permission name matching ^[A-Za-z0-9_.-]{1,64}$, or capability:<glob>, found ""',
    },
    {
      text: 'capability:',
      code: 'invalidCapabilityPattern',
      message:
        'permission rule "capability:": expected a capability glob such as file.* after "capability:", found ""',
    },
    {
      text: 'capability:file/read',
      code: 'invalidCapabilityPattern',
      message:
        'permission rule "capability:file/read": expected a capability glob such as file.* after "capability:", found "file/read"',
    },
    {
      text: 'capability:file read',
      code: 'invalidCapabilityPattern',
      message:
        'permission rule "capability:file read": expected a capability glob such as file.* after "capability:", found "file read"',
    },
  ])('rejects "$text" with $code', ({ text, code, message }) => {
    expect(safeParsePermissionRule(text)).toEqual({
      success: false,
      error: { code, text: text.trim(), message },
    });
  });

  test('parsePermissionRule throws the problem as data', () => {
    expect(() => parsePermissionRule('Bash(')).toThrow(PermissionRuleError);
    try {
      parsePermissionRule('Bash(');
    } catch (error) {
      expect((error as PermissionRuleError).problem.code).toBe('unclosedPattern');
    }
  });
});

describe('matchesRulePattern', () => {
  test.each([
    { rule: 'Bash(rm:*)', value: 'rm', want: true },
    { rule: 'Bash(rm:*)', value: 'rm -rf build', want: true },
    { rule: 'Bash(rm:*)', value: 'rm\t-rf build', want: true },
    { rule: 'Bash(rm:*)', value: 'rmdir build', want: false },
    { rule: 'Bash(rm:*)', value: 'echo rm', want: false },
    { rule: 'Bash(npm test)', value: 'npm test', want: true },
    { rule: 'Bash(npm test)', value: 'npm test --watch', want: false },
    { rule: 'Read(/src/**)', value: '/src/a/b.ts', want: true },
    { rule: 'Read(/src/**)', value: '/src/.env', want: true },
    { rule: 'Read(/src/**)', value: '/srcx/a.ts', want: false },
    { rule: 'Edit(*.{ts,tsx})', value: 'a.tsx', want: true },
    { rule: 'Edit(*.{ts,tsx})', value: 'dir/a.ts', want: false },
    { rule: 'Bash', value: 'anything', want: true },
  ])('$rule vs "$value" → $want', ({ rule, value, want }) => {
    expect(matchesRulePattern(parsePermissionRule(rule).match, value)).toBe(want);
  });
});

describe('ruleAppliesToTool', () => {
  const write = { names: ['Write'], permission: 'file.write', capability: 'file.write' };
  const edit = { names: ['Edit'], permission: 'file.write', capability: 'file.edit' };
  const read = { names: ['Read'], permission: 'file.read', capability: 'file.read' };
  const glob = { names: ['Glob'], permission: 'file.read', capability: 'file.search.names' };
  const bash = { names: ['Bash'], permission: 'bash', capability: 'shell.exec' };
  const taskStop = {
    names: ['TaskStop', 'KillShell'],
    permission: 'task.stop',
    capability: 'task.stop',
  };

  test.each([
    { rule: 'Write', tool: write, want: true },
    { rule: 'Write', tool: edit, want: false },
    { rule: 'KillShell', tool: taskStop, want: true },
    { rule: 'file.write', tool: write, want: true },
    { rule: 'file.write', tool: edit, want: true },
    { rule: 'file.write', tool: read, want: false },
    { rule: 'file.write(/etc/**)', tool: edit, want: true },
    { rule: 'bash', tool: bash, want: true },
    { rule: 'bash', tool: write, want: false },
    { rule: 'capability:file.*', tool: read, want: true },
    { rule: 'capability:file.*', tool: edit, want: true },
    { rule: 'capability:file.*', tool: glob, want: false },
    { rule: 'capability:file.**', tool: glob, want: true },
    { rule: 'capability:file.**', tool: bash, want: false },
    { rule: 'capability:{file,shell}.**', tool: bash, want: true },
    { rule: 'capability:*.exec', tool: bash, want: true },
    { rule: 'capability:file', tool: read, want: false },
    { rule: 'capability:file.read', tool: read, want: true },
    { rule: 'capability:shell.exec', tool: write, want: false },
  ])('$rule applies to $tool.names.0: $want', ({ rule, tool, want }) => {
    expect(ruleAppliesToTool(parsePermissionRule(rule), tool)).toBe(want);
  });
});

describe('matchesRulePattern with text syntax (Bash)', () => {
  const glob = (pattern: string) => parsePermissionRule(`Bash(${pattern})`).match;
  test.each([
    ['git push *', 'git push origin feature/login', true],
    ['git push *', 'git push', true],
    ['git push *', 'git pushx', false],
    ['git push *', 'git push origin\nmain', true],
    ['cat /etc/*', 'cat /etc/ssl/private/key.pem', true],
    ['cat /etc/*', 'cat /etcetera', false],
    ['npm run *', 'npm run build:prod/x', true],
    ['git * --oneline', 'git log a/b --oneline', true],
    ['ls [a]*', 'ls [a]x', true],
    ['ls [a]*', 'ls ax', false],
    ['echo ?*', 'echo ?x', true],
    ['echo ?*', 'echo x', false],
    ['*', '', true],
    ['a*b*c', 'a/b/c', true],
    ['a*b*c', 'acb', false],
  ])('%j matches %j: %s', (pattern, value, expected) => {
    expect(matchesRulePattern(glob(pattern), value, 'text')).toBe(expected);
  });

  test('path syntax keeps picomatch: * stops at /', () => {
    expect(matchesRulePattern(glob('cat /etc/*'), 'cat /etc/ssl/x')).toBe(false);
  });

  test('* matches any text, / and newlines included (property; `x:*` is the prefix form)', () => {
    fc.assert(
      fc.property(
        fc
          .stringMatching(/^[a-z0-9 /.:=-]{0,12}$/)
          .filter((text) => !text.endsWith(':') && !text.startsWith(' ')),
        fc.string({ maxLength: 40 }),
        (head, middle) => {
          const prefix = head.replaceAll('*', '');
          expect(matchesRulePattern(glob(`${prefix}*`), `${prefix}${middle}`, 'text')).toBe(true);
        },
      ),
    );
  });

  test('many stars on a long value answer at once (no backtracking blow-up)', () => {
    const value = `${'a'.repeat(20_000)}!`;
    expect(matchesRulePattern(glob('a*a*a*a*a*a*a*a*b'), value, 'text')).toBe(false);
  });
});

describe('Bash patterns that can never match', () => {
  test.each([
    ['Bash(a && b)', 'can never match; write one rule per command: Bash(a), Bash(b)'],
    ['Bash(a || b)', 'write one rule per command: Bash(a), Bash(b)'],
    ['Bash(a | b)', 'write one rule per command: Bash(a), Bash(b)'],
    ['Bash(a ; b)', 'write one rule per command: Bash(a), Bash(b)'],
    ['Bash(cmd >> log)', 'write Bash(cmd)'],
    ['Bash(cmd &> log)', 'write Bash(cmd)'],
  ])('%s is refused', (text, fix) => {
    const result = safeParsePermissionRule(text);
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.code).toBe('unmatchablePattern');
      expect(result.error.message.startsWith(`permission rule "${text}": `)).toBe(true);
      expect(result.error.message.endsWith(fix)).toBe(true);
    }
    expect(() => parsePermissionRule(text)).toThrow(PermissionRuleError);
  });
  test.each([
    ["Bash(echo 'a && b')"],
    ['Bash(echo "a; b")'],
    ['Bash(grep a\\|b)'],
    ['Bash(diff <(ls a) <(ls b))'],
    ['Bash(ls 2>&1)'.replace('2>&1', 'x')],
    ['Read(a && b)'],
    ['capability:shell.*(a && b)'],
  ])('%s is accepted', (text) => {
    expect(safeParsePermissionRule(text).success).toBe(true);
  });
});
