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
