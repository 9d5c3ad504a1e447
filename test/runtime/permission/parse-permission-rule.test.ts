import { describe, expect, test } from 'vitest';
import {
  matchesRulePattern,
  parsePermissionRule,
  PermissionRuleError,
  safeParsePermissionRule,
} from '../../../runtime/permission/parse-permission-rule.js';

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
        'permission rule "Web Fetch": expected a tool name matching ^[A-Za-z0-9_-]{1,64}$, found "Web Fetch"',
    },
    {
      text: '(rm:*)',
      code: 'invalidToolName',
      message:
        'permission rule "(rm:*)": expected a tool name matching ^[A-Za-z0-9_-]{1,64}$, found ""',
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
