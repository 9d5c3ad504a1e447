import { describe, expect, test } from 'vitest';
import type { SideEffectScope } from '../../../runtime/core/contract.js';
import {
  isTrulyReadOnlyToolCall,
  isWorkspaceMutatingToolCall,
  isWorldTouchingToolCall,
} from '../../../runtime/core/tool-call-predicates.js';

const table: { scope: SideEffectScope | undefined; mutating: boolean; worldTouching: boolean }[] = [
  { scope: 'none', mutating: false, worldTouching: true },
  { scope: 'workspace', mutating: true, worldTouching: true },
  { scope: 'git', mutating: true, worldTouching: true },
  { scope: 'network', mutating: false, worldTouching: true },
  { scope: 'system', mutating: true, worldTouching: true },
  { scope: 'session', mutating: false, worldTouching: false },
  { scope: 'userInteraction', mutating: false, worldTouching: false },
  { scope: undefined, mutating: true, worldTouching: true },
];

describe('side-effect predicates', () => {
  test.each(table)(
    'scope $scope: workspace-mutating $mutating, world-touching $worldTouching',
    ({ scope, mutating, worldTouching }) => {
      expect(isWorkspaceMutatingToolCall({ sideEffectScope: scope })).toBe(mutating);
      expect(isWorldTouchingToolCall({ sideEffectScope: scope })).toBe(worldTouching);
    },
  );

  test.each([
    { readOnly: true, scope: 'none' as const, want: true },
    { readOnly: true, scope: 'session' as const, want: false }, // TodoWrite, Agent
    { readOnly: true, scope: 'network' as const, want: false },
    { readOnly: false, scope: 'none' as const, want: false },
    { readOnly: true, scope: undefined, want: false },
  ])('truly read-only: readOnly $readOnly, scope $scope → $want', ({ readOnly, scope, want }) => {
    expect(isTrulyReadOnlyToolCall({ readOnly, sideEffectScope: scope })).toBe(want);
  });
});
