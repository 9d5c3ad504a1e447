import { describe, expect, test } from 'vitest';
import { toJsonText } from '../../../../runtime/tools/support/json-text.js';

const circular: Record<string, unknown> = { name: 'root' };
circular.self = circular;
const shared = { id: 1 };

describe('toJsonText', () => {
  test.each([
    { case: 'undefined', given: undefined, want: 'undefined' },
    { case: 'null', given: null, want: 'null' },
    { case: 'a string', given: 'done', want: '"done"' },
    { case: 'a number', given: 3, want: '3' },
    {
      case: 'an object, indented',
      given: { steps: ['a'], done: false },
      want: '{\n  "steps": [\n    "a"\n  ],\n  "done": false\n}',
    },
    {
      case: 'a bigint',
      given: { total: 12345678901234567890n },
      want: '{\n  "total": "12345678901234567890"\n}',
    },
    {
      case: 'a function',
      given: { run: function step() {} },
      want: '{\n  "run": "[Function step]"\n}',
    },
    { case: 'a bare function', given: () => 1, want: '"[Function given]"' },
    { case: 'a cycle', given: circular, want: '{\n  "name": "root",\n  "self": "[Circular]"\n}' },
    {
      case: 'one object twice, not a cycle',
      given: [shared, { again: shared }],
      want: '[\n  {\n    "id": 1\n  },\n  {\n    "again": {\n      "id": 1\n    }\n  }\n]',
    },
    {
      case: 'a date',
      given: new Date('2026-11-02T10:00:00.000Z'),
      want: '"2026-11-02T10:00:00.000Z"',
    },
  ])('renders $case', ({ given, want }) => {
    expect(toJsonText(given)).toBe(want);
  });
});
