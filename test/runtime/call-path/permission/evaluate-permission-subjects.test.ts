/**
 * What rules can be about (a tool, a permission name shared by several tools, a capability glob)
 * and what `acceptEdits` lets through (scope × risk × destructive), on the real built-ins where
 * they exist and on fixtures for the full table.
 */
import { describe, expect, test } from 'vitest';
import { builtInTools } from '../../../../generated/index.js';
import type { RiskLevel, SideEffectScope, ToolEntry } from '../../../../runtime/core/contract.js';
import {
  evaluatePermission,
  type PermissionSettings,
} from '../../../../runtime/call-path/permission/evaluate-permission.js';
import { parsePermissionRule } from '../../../../runtime/core/rules/parse-permission-rule.js';
import { makeToolEntry } from '../../fixtures/tool-entries.js';

// The permission hooks run the module a call loads first (as callTool awaits it).
await Promise.all(builtInTools.map((tool) => tool.loadImplementation?.()));

const builtIn = (name: string): ToolEntry =>
  builtInTools.find((tool) => tool.metadata.name === name)!;
const rules = (...texts: string[]) => texts.map(parsePermissionRule);

const inputs: Record<string, unknown> = {
  Read: { file_path: '/etc/hosts' },
  Write: { file_path: '/etc/hosts', content: 'x' },
  Edit: { file_path: '/etc/hosts', old_string: 'a', new_string: 'b' },
  Glob: { pattern: '*', path: '/etc' },
  Bash: { command: 'npm test' },
  WebFetch: { url: 'https://example.com', prompt: 'p' },
};

describe('rules about a permission name or a capability', () => {
  test.each([
    {
      settings: { mode: 'default', allow: rules('file.write') },
      tool: 'Write',
      want: 'allow allowRule file.write',
    },
    {
      settings: { mode: 'default', allow: rules('file.write') },
      tool: 'Edit',
      want: 'allow allowRule file.write',
    },
    {
      settings: { mode: 'default', allow: rules('file.write') },
      tool: 'Bash',
      want: 'ask approvalRequired',
    },
    {
      settings: { mode: 'yolo', deny: rules('file.write(/etc/**)') },
      tool: 'Write',
      want: 'deny denyRule file.write(/etc/**)',
    },
    {
      settings: { mode: 'yolo', deny: rules('file.write(/etc/**)') },
      tool: 'Edit',
      want: 'deny denyRule file.write(/etc/**)',
    },
    {
      settings: { mode: 'yolo', deny: rules('file.write(/etc/**)') },
      tool: 'Read',
      want: 'allow yoloMode',
    },
    {
      settings: { mode: 'yolo', deny: rules('file.read') },
      tool: 'Glob',
      want: 'deny denyRule file.read',
    },
    {
      settings: { mode: 'yolo', deny: rules('capability:file.*') },
      tool: 'Read',
      want: 'deny denyRule capability:file.*',
    },
    // Read matches path rules on file_path (its patternSources); Glob declares none.
    {
      settings: { mode: 'yolo', deny: rules('capability:file.*(/etc/**)') },
      tool: 'Read',
      want: 'deny denyRule capability:file.*(/etc/**)',
    },
    {
      settings: { mode: 'yolo', deny: rules('Read(/etc/**)') },
      tool: 'Read',
      want: 'deny denyRule Read(/etc/**)',
    },
    {
      settings: { mode: 'yolo', deny: rules('Read(/home/**)') },
      tool: 'Read',
      want: 'allow yoloMode',
    },
    {
      settings: { mode: 'yolo', deny: rules('capability:file.*(/etc/**)') },
      tool: 'Edit',
      want: 'deny denyRule capability:file.*(/etc/**)',
    },
    {
      settings: { mode: 'yolo', deny: rules('capability:file.*(/etc/**)') },
      tool: 'Glob',
      want: 'allow yoloMode',
    },
    {
      settings: { mode: 'yolo', deny: rules('capability:file.**') },
      tool: 'Glob',
      want: 'deny denyRule capability:file.**',
    },
    {
      settings: { mode: 'yolo', deny: rules('capability:file.**') },
      tool: 'Bash',
      want: 'allow yoloMode',
    },
    {
      settings: { mode: 'yolo', ask: rules('capability:web.*') },
      tool: 'WebFetch',
      want: 'ask askRule capability:web.*',
    },
    {
      settings: { mode: 'default', allow: rules('capability:shell.exec') },
      tool: 'Bash',
      want: 'allow allowRule capability:shell.exec',
    },
  ] as { settings: PermissionSettings; tool: string; want: string }[])(
    '$tool under $settings.mode with $settings → $want',
    ({ settings, tool, want }) => {
      const decision = evaluatePermission(builtIn(tool), inputs[tool], settings);
      expect(
        [decision.decision, decision.reason, decision.rule?.text].filter(Boolean).join(' '),
      ).toBe(want);
    },
  );

  test('"always allow" still records rules about the tool itself', () => {
    const decision = evaluatePermission(builtIn('Write'), inputs['Write'], { mode: 'default' });
    expect(decision.alwaysAllowSuggestion?.map((rule) => rule.text)).toEqual(['Write(/etc/hosts)']);
  });
});

describe('acceptEdits: workspace edits below high risk, overwrites included', () => {
  const cases: { scope: SideEffectScope; risk: RiskLevel; destructive: boolean; want: string }[] =
    [];
  for (const scope of ['workspace', 'system'] as const)
    for (const risk of ['low', 'medium', 'high'] as const)
      for (const destructive of [false, true])
        cases.push({
          scope,
          risk,
          destructive,
          want:
            scope === 'workspace' && risk !== 'high'
              ? 'allow acceptEditsMode'
              : 'ask approvalRequired',
        });
  test('the table allows exactly the low and medium workspace edits, destructive or not', () => {
    expect(
      cases
        .filter((row) => row.want.startsWith('allow'))
        .map((row) => `${row.scope}/${row.risk}/${row.destructive}`),
    ).toEqual([
      'workspace/low/false',
      'workspace/low/true',
      'workspace/medium/false',
      'workspace/medium/true',
    ]);
  });

  test.each(cases)(
    'scope $scope, risk $risk, destructive $destructive → $want',
    ({ scope, risk, destructive, want }) => {
      const entry = makeToolEntry('Edit', {
        metadata: { sideEffectScope: scope, riskLevel: risk, destructive },
        permission: { sideEffectScope: scope, riskLevel: risk, needsApproval: true },
      });
      const decision = evaluatePermission(entry, {}, { mode: 'acceptEdits' });
      expect(`${decision.decision} ${decision.reason}`).toBe(want);
    },
  );

  test.each([
    { tool: 'Write', settings: { mode: 'acceptEdits' }, want: 'allow acceptEditsMode' },
    { tool: 'Edit', settings: { mode: 'acceptEdits' }, want: 'allow acceptEditsMode' },
    { tool: 'Write', settings: { mode: 'default' }, want: 'ask approvalRequired' },
    {
      tool: 'Write',
      settings: { mode: 'acceptEdits', allow: rules('file.write') },
      want: 'allow allowRule',
    },
    {
      tool: 'Edit',
      settings: { mode: 'acceptEdits', allow: rules('file.write') },
      want: 'allow allowRule',
    },
    { tool: 'Bash', settings: { mode: 'acceptEdits' }, want: 'ask approvalRequired' },
  ] as { tool: string; settings: PermissionSettings; want: string }[])(
    'real $tool under $settings → $want',
    ({ tool, settings, want }) => {
      const decision = evaluatePermission(builtIn(tool), inputs[tool], settings);
      expect(`${decision.decision} ${decision.reason}`).toBe(want);
    },
  );

  test('the scope that counts is the recomputed one', () => {
    const entry = makeToolEntry('Probe', {
      metadata: { destructive: true, sideEffectScope: 'workspace' },
      resolvePermissionCapability: () => ({
        readOnly: true,
        riskLevel: 'low',
        needsApproval: true,
        sideEffectScope: 'workspace',
      }),
    });
    const decision = evaluatePermission(entry, {}, { mode: 'acceptEdits' });
    expect(`${decision.decision} ${decision.reason}`).toBe('allow acceptEditsMode');
  });
});
