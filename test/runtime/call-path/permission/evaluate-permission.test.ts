import { describe, expect, test } from 'vitest';
import type { PermissionCapability } from '../../../../runtime/core/contract.js';
import {
  evaluatePermission,
  type PermissionSettings,
} from '../../../../runtime/call-path/permission/evaluate-permission.js';
import { parsePermissionRule } from '../../../../runtime/core/rules/parse-permission-rule.js';
import { makeToolEntry } from '../../fixtures/tool-entries.js';

const READ_ONLY_COMMANDS = new Set(['ls', 'git status', 'pwd']);
const splitCommand = (command: string) =>
  command
    .split(/&&|;/)
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** Bash as the article describes it: rule values per sub-command, capability recomputed. */
const bash = makeToolEntry('Bash', {
  metadata: { readOnly: false, destructive: true, sideEffectScope: 'system', riskLevel: 'high' },
  permission: {
    permission: 'bash',
    riskLevel: 'high',
    sideEffectScope: 'system',
    needsApproval: true,
    patternSources: ['command'],
    alwaysAllowPatternSources: ['command'],
  },
  resolvePermissionRulePolicy: (input: { command: string }) => ({
    matchValues: { command: splitCommand(input.command) },
  }),
  resolvePermissionCapability: (input: { command: string }): PermissionCapability =>
    splitCommand(input.command).every((part) => READ_ONLY_COMMANDS.has(part))
      ? { readOnly: true, riskLevel: 'low', needsApproval: false, sideEffectScope: 'none' }
      : { readOnly: false, riskLevel: 'high', needsApproval: true, sideEffectScope: 'system' },
});
const read = makeToolEntry('Read', {
  metadata: { readOnly: true, sideEffectScope: 'none', allowedInPlanMode: true },
  permission: {
    permission: 'file.read',
    needsApproval: false,
    sideEffectScope: 'none',
    riskLevel: 'low',
    patternSources: ['file_path'],
  },
});
const write = makeToolEntry('Write', {
  permission: {
    permission: 'file.write',
    patternSources: ['file_path'],
    alwaysAllowPatternSources: [],
  },
});
const createWorkflow = makeToolEntry('CreateWorkflow', { permission: { alwaysAsk: true } });
const amendAfterAsk = makeToolEntry('AmendWorkflow', {
  permission: { alwaysAsk: false, denyPriority: 'afterAsk' },
});
const exitPlanMode = makeToolEntry('ExitPlanMode', {
  metadata: { allowedInPlanMode: true, sideEffectScope: 'userInteraction' },
  permission: { needsApproval: false },
});
const taskStop = makeToolEntry('TaskStop', { metadata: { aliases: ['KillShell'] } });
const noAllowAlways = makeToolEntry('SaveWorkflow', {
  permission: { askOptions: { allowAlways: false } },
});

const rules = (...texts: string[]) => texts.map(parsePermissionRule);

const cases: {
  title: string;
  entry: typeof bash;
  input: unknown;
  settings: PermissionSettings;
  decision: 'allow' | 'deny' | 'ask';
  reason: string;
  rule?: string;
  suggestion?: string[];
}[] = [
  {
    title: 'Bash asks for an ordinary command and offers to always allow it',
    entry: bash,
    input: { command: 'npm test' },
    settings: { mode: 'default' },
    decision: 'ask',
    reason: 'approvalRequired',
    suggestion: ['Bash(npm test)'],
  },
  {
    title: 'Bash `ls` is read-only: no approval',
    entry: bash,
    input: { command: 'ls' },
    settings: { mode: 'default' },
    decision: 'allow',
    reason: 'noApprovalNeeded',
  },
  {
    title: 'Bash `ls && git status` is read-only as a whole',
    entry: bash,
    input: { command: 'ls && git status' },
    settings: { mode: 'default' },
    decision: 'allow',
    reason: 'noApprovalNeeded',
  },
  {
    title: 'deny Bash(rm:*) refuses rm',
    entry: bash,
    input: { command: 'rm -rf build' },
    settings: { mode: 'default', deny: rules('Bash(rm:*)') },
    decision: 'deny',
    reason: 'denyRule',
    rule: 'Bash(rm:*)',
  },
  {
    title: 'deny Bash(rm:*) does not touch rmdir',
    entry: bash,
    input: { command: 'rmdir build' },
    settings: { mode: 'default', deny: rules('Bash(rm:*)') },
    decision: 'ask',
    reason: 'approvalRequired',
    suggestion: ['Bash(rmdir build)'],
  },
  {
    title: 'deny matches any part of a compound command',
    entry: bash,
    input: { command: 'git status && rm -rf build' },
    settings: { mode: 'default', deny: rules('Bash(rm:*)') },
    decision: 'deny',
    reason: 'denyRule',
    rule: 'Bash(rm:*)',
  },
  {
    title: 'allow Bash(npm test) allows exactly that',
    entry: bash,
    input: { command: 'npm test' },
    settings: { mode: 'default', allow: rules('Bash(npm test)') },
    decision: 'allow',
    reason: 'allowRule',
    rule: 'Bash(npm test)',
  },
  {
    title: 'allow must cover every part of a compound command',
    entry: bash,
    input: { command: 'npm test && npm publish' },
    settings: { mode: 'default', allow: rules('Bash(npm test)') },
    decision: 'ask',
    reason: 'approvalRequired',
    suggestion: ['Bash(npm test)', 'Bash(npm publish)'],
  },
  {
    title: 'several allow rules together cover a compound command',
    entry: bash,
    input: { command: 'npm test && npm publish' },
    settings: { mode: 'default', allow: rules('Bash(npm test)', 'Bash(npm:*)') },
    decision: 'allow',
    reason: 'allowRule',
    rule: 'Bash(npm test)',
  },
  {
    title: 'a bare allow rule allows the tool',
    entry: bash,
    input: { command: 'make' },
    settings: { mode: 'default', allow: rules('Bash') },
    decision: 'allow',
    reason: 'allowRule',
    rule: 'Bash',
  },
  {
    title: 'an ask rule wins over an allow rule',
    entry: bash,
    input: { command: 'git push origin' },
    settings: { mode: 'default', allow: rules('Bash'), ask: rules('Bash(git push:*)') },
    decision: 'ask',
    reason: 'askRule',
    rule: 'Bash(git push:*)',
    suggestion: ['Bash(git push origin)'],
  },
  {
    title: 'yolo allows what has no rule',
    entry: bash,
    input: { command: 'npm test' },
    settings: { mode: 'yolo' },
    decision: 'allow',
    reason: 'yoloMode',
  },
  {
    title: 'a deny rule still refuses in yolo',
    entry: bash,
    input: { command: 'rm x' },
    settings: { mode: 'yolo', deny: rules('Bash(rm:*)') },
    decision: 'deny',
    reason: 'denyRule',
    rule: 'Bash(rm:*)',
  },
  {
    title: 'plan mode refuses a command that is not read-only',
    entry: bash,
    input: { command: 'npm test' },
    settings: { mode: 'plan', allow: rules('Bash') },
    decision: 'deny',
    reason: 'planMode',
  },
  {
    title: 'plan mode lets a read-only command through',
    entry: bash,
    input: { command: 'git status' },
    settings: { mode: 'plan' },
    decision: 'allow',
    reason: 'noApprovalNeeded',
  },
  {
    title: 'plan mode lets a tool allowed in plan mode through',
    entry: exitPlanMode,
    input: {},
    settings: { mode: 'plan' },
    decision: 'allow',
    reason: 'noApprovalNeeded',
  },
  {
    title: 'acceptEdits allows workspace edits',
    entry: write,
    input: { file_path: '/w/a.ts' },
    settings: { mode: 'acceptEdits' },
    decision: 'allow',
    reason: 'acceptEditsMode',
  },
  {
    title: 'acceptEdits still asks for a system command',
    entry: bash,
    input: { command: 'npm test' },
    settings: { mode: 'acceptEdits' },
    decision: 'ask',
    reason: 'approvalRequired',
    suggestion: ['Bash(npm test)'],
  },
  {
    title: 'Write without alwaysAllowPatternSources suggests the bare tool',
    entry: write,
    input: { file_path: '/w/a.ts' },
    settings: { mode: 'default' },
    decision: 'ask',
    reason: 'approvalRequired',
    suggestion: ['Write'],
  },
  {
    title: 'a Read glob deny rule refuses matching paths',
    entry: read,
    input: { file_path: '/etc/passwd' },
    settings: { mode: 'default', deny: rules('Read(/etc/**)') },
    decision: 'deny',
    reason: 'denyRule',
    rule: 'Read(/etc/**)',
  },
  {
    title: 'a Read glob deny rule ignores other paths',
    entry: read,
    input: { file_path: '/home/me/notes.md' },
    settings: { mode: 'default', deny: rules('Read(/etc/**)') },
    decision: 'allow',
    reason: 'noApprovalNeeded',
  },
  {
    title: 'a pattern rule never matches a tool without pattern sources',
    entry: createWorkflow,
    input: { script: 'rm' },
    settings: { mode: 'default', deny: rules('CreateWorkflow(rm)') },
    decision: 'ask',
    reason: 'alwaysAsk',
  },
  {
    title: 'alwaysAsk asks in yolo, with no "always allow"',
    entry: createWorkflow,
    input: {},
    settings: { mode: 'yolo' },
    decision: 'ask',
    reason: 'alwaysAsk',
  },
  {
    title: 'alwaysAsk asks despite an allow rule',
    entry: createWorkflow,
    input: {},
    settings: { mode: 'default', allow: rules('CreateWorkflow') },
    decision: 'ask',
    reason: 'alwaysAsk',
  },
  {
    title: 'beforeAsk: a deny rule wins over alwaysAsk',
    entry: createWorkflow,
    input: {},
    settings: { mode: 'default', deny: rules('CreateWorkflow') },
    decision: 'deny',
    reason: 'denyRule',
    rule: 'CreateWorkflow',
  },
  {
    title: 'afterAsk: an ask rule is checked before a deny rule',
    entry: amendAfterAsk,
    input: {},
    settings: { mode: 'default', ask: rules('AmendWorkflow'), deny: rules('AmendWorkflow') },
    decision: 'ask',
    reason: 'askRule',
    rule: 'AmendWorkflow',
    suggestion: ['AmendWorkflow'],
  },
  {
    title: 'afterAsk: with no ask rule the deny rule applies',
    entry: amendAfterAsk,
    input: {},
    settings: { mode: 'yolo', deny: rules('AmendWorkflow') },
    decision: 'deny',
    reason: 'denyRule',
    rule: 'AmendWorkflow',
  },
  {
    title: 'askOptions.allowAlways=false: ask without a suggestion',
    entry: noAllowAlways,
    input: {},
    settings: { mode: 'default' },
    decision: 'ask',
    reason: 'approvalRequired',
  },
  {
    title: 'a rule naming an alias applies to the tool',
    entry: taskStop,
    input: {},
    settings: { mode: 'yolo', deny: rules('KillShell') },
    decision: 'deny',
    reason: 'denyRule',
    rule: 'KillShell',
  },
  {
    title: 'rules for other tools are ignored',
    entry: write,
    input: { file_path: '/w/a.ts' },
    settings: { mode: 'default', allow: rules('Read', 'Bash(rm:*)') },
    decision: 'ask',
    reason: 'approvalRequired',
    suggestion: ['Write'],
  },
];

describe('evaluatePermission', () => {
  test.each(cases)('$title', ({ entry, input, settings, decision, reason, rule, suggestion }) => {
    const result = evaluatePermission(entry, input, settings);
    expect(result.decision).toBe(decision);
    expect(result.reason).toBe(reason);
    expect(result.rule?.text).toBe(rule);
    expect(result.alwaysAllowSuggestion?.map((suggested) => suggested.text)).toEqual(suggestion);
  });

  test('reports the recomputed capability of the call', () => {
    expect(evaluatePermission(bash, { command: 'ls' }, { mode: 'default' }).capability).toEqual({
      readOnly: true,
      riskLevel: 'low',
      needsApproval: false,
      sideEffectScope: 'none',
    });
    expect(evaluatePermission(write, {}, { mode: 'default' }).capability).toEqual({
      readOnly: false,
      riskLevel: 'medium',
      needsApproval: true,
      sideEffectScope: 'workspace',
    });
  });

  test('an ask carries what the approval prompt shows; allow and deny do not', () => {
    expect(evaluatePermission(bash, { command: 'npm test' }, { mode: 'default' }).approval).toEqual(
      {
        permission: 'bash',
        reason: 'Fixture Bash needs it',
        riskLevel: 'high',
      },
    );
    expect(
      evaluatePermission(bash, { command: 'ls' }, { mode: 'default' }).approval,
    ).toBeUndefined();
    expect(
      evaluatePermission(bash, { command: 'rm x' }, { mode: 'default', deny: rules('Bash(rm:*)') })
        .approval,
    ).toBeUndefined();
  });

  test('suggested rules are exact rules that would allow the same call next time', () => {
    const asked = evaluatePermission(
      bash,
      { command: 'npm test && npm run lint' },
      { mode: 'default' },
    );
    const next = evaluatePermission(
      bash,
      { command: 'npm test && npm run lint' },
      { mode: 'default', allow: asked.alwaysAllowSuggestion },
    );
    expect(next.decision).toBe('allow');
  });
});

describe('evaluatePermission: the policy says what allow rules cannot cover, and how * matches', () => {
  /** A tool whose policy passes the call's `beyond` and `syntax` through. */
  const shell = makeToolEntry('Shell', {
    permission: {
      permission: 'shell',
      riskLevel: 'high',
      sideEffectScope: 'system',
      needsApproval: true,
      patternSources: ['command'],
      alwaysAllowPatternSources: ['command'],
    },
    resolvePermissionRulePolicy: (input: {
      command: string;
      beyond?: string;
      syntax?: 'text' | 'path';
    }) => ({
      matchValues: { command: [input.command] },
      ...(input.beyond === undefined ? {} : { beyondAllowRules: input.beyond }),
      ...(input.syntax === undefined ? {} : { patternSyntax: input.syntax }),
    }),
  });
  const decide = (input: object, settings: Partial<PermissionSettings>) =>
    evaluatePermission(shell, input, { mode: 'default', ...settings });

  test.each([
    ['no reason: the allow rule allows', {}, 'default', 'allow', 'allowRule'],
    [
      'beyondAllowRules: the mode decides (default asks)',
      { beyond: 'writes to f' },
      'default',
      'ask',
      'approvalRequired',
    ],
    ['beyondAllowRules in yolo mode: runs', { beyond: 'writes to f' }, 'yolo', 'allow', 'yoloMode'],
  ] as const)('%s', (_title, extra, mode, decision, reason) => {
    const result = decide({ command: 'echo x', ...extra }, { mode, allow: rules('Shell(echo:*)') });
    expect([result.decision, result.reason]).toEqual([decision, reason]);
  });

  test('beyondAllowRules leaves deny rules and the pattern-deny doubt alone', () => {
    const denied = decide(
      { command: 'rm x', beyond: 'writes to f' },
      { deny: rules('Shell(rm:*)') },
    );
    expect(denied.decision).toBe('deny');
    const yolo = decide(
      { command: 'echo x', beyond: 'writes to f' },
      { mode: 'yolo', deny: rules('Shell(rm:*)') },
    );
    expect(yolo.decision).toBe('allow');
  });

  test.each([
    ['text', 'deny'],
    ['path', 'ask'],
    [undefined, 'ask'],
  ] as const)('patternSyntax %s: Shell(cat /etc/*) on cat /etc/a/b → %s', (syntax, decision) => {
    const result = decide(
      { command: 'cat /etc/a/b', ...(syntax === undefined ? {} : { syntax }) },
      { deny: rules('Shell(cat /etc/*)') },
    );
    expect(result.decision).toBe(decision);
  });
});
