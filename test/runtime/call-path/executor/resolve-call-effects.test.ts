/**
 * The effects of calls of the real built-in tools (flags from their manifests, Bash recomputed
 * from the command), and the concurrency rule on fixtures.
 */
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { builtInTools } from '../../../../generated/index.js';
import type { ToolEntry } from '../../../../runtime/core/contract.js';
import { resolveCallEffects } from '../../../../runtime/call-path/executor/resolve-call-effects.js';
import { fixtureTool } from '../call/fixture-tool.js';

// A generated entry's zod schemas (runtimeInputSchema) load with its implementation.
await Promise.all(builtInTools.map((tool) => tool.loadImplementation?.()));

const builtIn = (name: string): ToolEntry => {
  const entry = builtInTools.find((tool) => tool.metadata.name === name);
  if (entry === undefined) throw new Error(`no built-in ${name}`);
  return entry;
};

describe('resolveCallEffects of built-in calls', () => {
  test.each([
    {
      tool: 'Read',
      input: { file_path: '/w/a.ts' },
      scope: 'none',
      trulyReadOnly: true,
      concurrent: true,
      workspaceMutating: false,
      worldTouching: true,
      destructive: false,
    },
    {
      tool: 'Glob',
      input: { pattern: '**/*.ts' },
      scope: 'none',
      trulyReadOnly: true,
      concurrent: true,
      workspaceMutating: false,
      worldTouching: true,
      destructive: false,
    },
    {
      tool: 'Bash',
      input: { command: 'ls -la' },
      scope: 'none',
      trulyReadOnly: true,
      concurrent: true,
      workspaceMutating: false,
      worldTouching: true,
      destructive: false,
    },
    {
      tool: 'Bash',
      input: { command: 'git rev-parse HEAD && ls' },
      scope: 'none',
      trulyReadOnly: true,
      concurrent: true,
      workspaceMutating: false,
      worldTouching: true,
      destructive: false,
    },
    {
      tool: 'Bash',
      input: '{"command":"ls"}',
      scope: 'none',
      trulyReadOnly: true,
      concurrent: true,
      workspaceMutating: false,
      worldTouching: true,
      destructive: false,
    },
    {
      tool: 'Bash',
      input: { command: 'rm -rf build' },
      scope: 'system',
      trulyReadOnly: false,
      concurrent: false,
      workspaceMutating: true,
      worldTouching: true,
      destructive: true,
    },
    {
      tool: 'Bash',
      input: { command: 'ls > files.txt' },
      scope: 'system',
      trulyReadOnly: false,
      concurrent: false,
      workspaceMutating: true,
      worldTouching: true,
      destructive: true,
    },
    {
      tool: 'Bash',
      input: { nonsense: true },
      scope: 'system',
      trulyReadOnly: false,
      concurrent: false,
      workspaceMutating: true,
      worldTouching: true,
      destructive: true,
    },
    {
      tool: 'Write',
      input: { file_path: '/w/a.ts', content: '' },
      scope: 'workspace',
      trulyReadOnly: false,
      concurrent: false,
      workspaceMutating: true,
      worldTouching: true,
      destructive: true,
    },
    {
      tool: 'TodoWrite',
      input: { todos: [] },
      scope: 'session',
      trulyReadOnly: false,
      concurrent: false,
      workspaceMutating: false,
      worldTouching: false,
      destructive: false,
    },
    {
      tool: 'TodoRead',
      input: {},
      scope: 'session',
      trulyReadOnly: false,
      concurrent: false,
      workspaceMutating: false,
      worldTouching: false,
      destructive: false,
    },
    {
      tool: 'Agent',
      input: { description: 'd', prompt: 'p' },
      scope: 'session',
      trulyReadOnly: false,
      concurrent: false,
      workspaceMutating: false,
      worldTouching: false,
      destructive: false,
    },
    {
      tool: 'WebFetch',
      input: { url: 'https://example.com', prompt: 'p' },
      scope: 'network',
      trulyReadOnly: false,
      concurrent: false,
      workspaceMutating: false,
      worldTouching: true,
      destructive: false,
    },
    {
      tool: 'AskUserQuestion',
      input: {},
      scope: 'userInteraction',
      trulyReadOnly: false,
      concurrent: false,
      workspaceMutating: false,
      worldTouching: false,
      destructive: false,
    },
    {
      tool: 'submit_result',
      input: { result: {} },
      scope: 'session',
      trulyReadOnly: false,
      concurrent: false,
      workspaceMutating: false,
      worldTouching: false,
      destructive: false,
    },
  ])(
    '$tool $input → scope $scope, concurrent $concurrent',
    ({
      tool,
      input,
      scope,
      trulyReadOnly,
      concurrent,
      workspaceMutating,
      worldTouching,
      destructive,
    }) => {
      const effects = resolveCallEffects(builtIn(tool), input);
      expect({
        scope: effects.sideEffectScope,
        trulyReadOnly: effects.trulyReadOnly,
        concurrent: effects.concurrent,
        workspaceMutating: effects.workspaceMutating,
        worldTouching: effects.worldTouching,
        destructive: effects.destructive,
      }).toEqual({
        scope,
        trulyReadOnly,
        concurrent,
        workspaceMutating,
        worldTouching,
        destructive,
      });
    },
  );
});

describe('resolveCallEffects: when a truly read-only call may run concurrently', () => {
  const Input = z.object({ value: z.string() }).strict();
  const readOnly = { readOnly: true, sideEffectScope: 'none' } as const;
  test.each([
    {
      title: 'declared concurrentSafe',
      metadata: { ...readOnly, concurrentSafe: true },
      hook: false,
      want: true,
    },
    {
      title: 'not concurrentSafe, no hook',
      metadata: { ...readOnly, concurrentSafe: false },
      hook: false,
      want: false,
    },
    {
      title: 'not concurrentSafe, hook proves the call truly read-only',
      metadata: { ...readOnly, concurrentSafe: false, readOnly: false, sideEffectScope: 'system' },
      hook: true,
      want: true,
    },
    {
      title: 'terminal tool (stopTurnOnSuccess)',
      metadata: { ...readOnly, concurrentSafe: true, stopTurnOnSuccess: true },
      hook: false,
      want: false,
    },
    {
      title: 'read-only but scope session',
      metadata: { readOnly: true, concurrentSafe: true, sideEffectScope: 'session' },
      hook: false,
      want: false,
    },
  ] as const)('$title → $want', ({ metadata, hook, want }) => {
    const entry = fixtureTool('Probe', Input, {
      metadata,
      ...(hook
        ? {
            resolvePermissionCapability: () => ({
              readOnly: true,
              riskLevel: 'low',
              needsApproval: false,
              sideEffectScope: 'none',
            }),
          }
        : {}),
    });
    expect(resolveCallEffects(entry, { value: 'x' }).concurrent).toBe(want);
  });

  test('the hook sees only input its schema accepts; a throwing hook leaves the declared flags', () => {
    const seen: unknown[] = [];
    const entry = fixtureTool('Probe', Input, {
      metadata: { readOnly: false, sideEffectScope: 'system', concurrentSafe: false },
      resolvePermissionCapability: (input: { value: string }) => {
        seen.push(input);
        if (input.value === 'boom') throw new Error('boom');
        return { readOnly: true, riskLevel: 'low', needsApproval: false, sideEffectScope: 'none' };
      },
    });
    expect(resolveCallEffects(entry, { value: 1 }).sideEffectScope).toBe('system');
    expect(resolveCallEffects(entry, { value: 'boom' }).sideEffectScope).toBe('system');
    expect(resolveCallEffects(entry, '{"value":"ok"}').sideEffectScope).toBe('none');
    expect(seen).toEqual([{ value: 'boom' }, { value: 'ok' }]);
  });
});
