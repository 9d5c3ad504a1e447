import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseToolInput } from '../../../../runtime/call-path/call/parse-tool-input.js';
import { suggestToolNames } from '../../../../runtime/call-path/call/suggest-tool-names.js';

const TOOLS = [
  'Read',
  'Write',
  'Edit',
  'Glob',
  'Grep',
  'Bash',
  'WebFetch',
  'WebSearch',
  'TodoRead',
  'TodoWrite',
  'TaskOutput',
  'TaskStop',
  'Agent',
  'Skill',
  'js',
];

describe('suggestToolNames', () => {
  test.each([
    ['read', ['Read', 'TodoRead']],
    ['Raed', ['Read']],
    ['read_file', ['Read']],
    ['ReadFile', ['Read']],
    ['bash', ['Bash']],
    ['web_fetch', ['WebFetch', 'WebSearch']],
    ['WebFetchTool', ['WebFetch']],
    ['Todo', ['TodoRead', 'TodoWrite']],
    ['Grap', ['Grep']],
    ['task_output', ['TaskOutput']],
    ['Teleport', []],
    ['', []],
    ['__', []],
    ['j', ['js']],
  ])('%j → %j', (requested, want) => {
    expect(suggestToolNames(requested, TOOLS)).toEqual(want);
  });

  test('at most three, each a candidate, the same for the same input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (requested) => {
        const first = suggestToolNames(requested, TOOLS);
        expect(first.length).toBeLessThanOrEqual(3);
        for (const name of first) expect(TOOLS).toContain(name);
        expect(suggestToolNames(requested, [...TOOLS].reverse())).toEqual(first);
      }),
    );
  });
});

describe('parseToolInput', () => {
  test.each([
    ['an object stays', { a: 1 }, { a: 1 }],
    ['JSON text of an object is parsed', '{"file_path":"/a"}', { file_path: '/a' }],
    ['JSON text with whitespace', ' \n{"a": [1, 2]}\n', { a: [1, 2] }],
    ['JSON text of an array stays text', '[1,2]', '[1,2]'],
    ['JSON text of a string stays text', '"x"', '"x"'],
    ['JSON text of null stays text', 'null', 'null'],
    ['text that is not JSON stays', 'read it', 'read it'],
    ['a number stays', 5, 5],
    ['undefined stays', undefined, undefined],
  ])('%s', (_label, input, want) => {
    expect(parseToolInput(input)).toEqual(want);
  });
});
