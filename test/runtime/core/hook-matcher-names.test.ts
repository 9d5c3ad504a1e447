import { expect, test } from 'vitest';
import { hookMatcherApplies, hookMatcherNames } from '../../../runtime/core/hook-matcher-names.js';

test.each([
  { name: 'Task', want: ['Task', 'Agent'] },
  { name: 'Agent', want: ['Agent', 'Task'] },
  { name: 'Bash', want: ['Bash'] },
  { name: 'constructor', want: ['constructor'] },
])('hook matcher names of $name', ({ name, want }) => {
  expect(hookMatcherNames(name)).toEqual(want);
});

test.each([
  { matcher: 'Task', tool: 'Agent', want: true },
  { matcher: 'Agent', tool: 'Task', want: true },
  { matcher: 'Agent', tool: 'Agent', want: true },
  { matcher: 'Task', tool: 'TaskStop', want: false },
  { matcher: 'Bash', tool: 'Agent', want: false },
])('a hook matching $matcher applies to $tool: $want', ({ matcher, tool, want }) => {
  expect(hookMatcherApplies(matcher, tool)).toBe(want);
});
