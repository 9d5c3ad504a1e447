import { describe, expect, test } from 'vitest';
import { builtInTools } from '../../../../generated/index.js';
import type { ToolEntry } from '../../../../runtime/core/contract.js';
import { evaluatePermission } from '../../../../runtime/call-path/permission/evaluate-permission.js';
import { parsePermissionRule } from '../../../../runtime/core/rules/parse-permission-rule.js';
import { ruleSubjectNames } from '../../../../runtime/core/rules/rule-subject-names.js';
import {
  resolveRegistrationGate,
  type RegistrationGateInput,
} from '../../../../runtime/core/visibility/registration-gate.js';

const byName = (name: string) =>
  builtInTools.find((tool) => tool.metadata.name === name) as ToolEntry;
const gate: RegistrationGateInput = {
  ports: { subagent: true },
  features: {},
  hostKind: 'terminal',
  sessionKind: 'main',
};
const registered = (input: Partial<RegistrationGateInput>) =>
  resolveRegistrationGate(builtInTools, { ...gate, ...input })
    .registered.map((tool) => tool.metadata.name)
    .filter((name) => name === 'Agent' || name === 'Task');

describe('a tool built by extends follows its base', () => {
  test('Task carries its base name in the contract', () => {
    expect(byName('Task').metadata.extends).toBe('Agent');
    expect(ruleSubjectNames(byName('Task').metadata)).toEqual(['Task', 'Agent']);
    expect(ruleSubjectNames(byName('Agent').metadata)).toEqual(['Agent']);
  });

  test.each([
    ['no lists', {}, ['Agent', 'Task']],
    ['--deny Agent removes the copy too', { denylist: ['Agent'] }, []],
    ['--deny Task leaves the base', { denylist: ['Task'] }, ['Agent']],
    ['--allow Agent lets the copy in', { allowlist: ['Agent', 'Read'] }, ['Agent', 'Task']],
    ['--allow Task alone does not let the base in', { allowlist: ['Task'] }, ['Task']],
    ['--disallow Agent removes the copy too', { disallowedTools: ['Agent'] }, []],
  ] as [string, Partial<RegistrationGateInput>, string[]][])(
    'registration gate: %s',
    (_label, input, names) => {
      expect(registered(input)).toEqual(names);
    },
  );

  test.each([
    ['deny Agent', { mode: 'yolo', deny: ['Agent'] }, 'Task', 'deny'],
    ['deny Agent denies Agent itself', { mode: 'yolo', deny: ['Agent'] }, 'Agent', 'deny'],
    ['deny Task leaves Agent', { mode: 'yolo', deny: ['Task'] }, 'Agent', 'allow'],
    ['allow Agent allows Task', { mode: 'default', allow: ['Agent'] }, 'Task', 'allow'],
  ] as const)('permission: %s', (_label, rules, tool, decision) => {
    const settings = {
      mode: rules.mode,
      ...('deny' in rules ? { deny: rules.deny.map((rule) => parsePermissionRule(rule)) } : {}),
      ...('allow' in rules ? { allow: rules.allow.map((rule) => parsePermissionRule(rule)) } : {}),
    };
    const input = { description: 'd', prompt: 'p' };
    expect(evaluatePermission(byName(tool), input, settings).decision).toBe(decision);
  });
});
