import { describe, expect, test } from 'vitest';
import { builtInTools } from '../../../generated/index.js';
import { callTool } from '../../../runtime/call-path/call/call-tool.js';
import { capEcho, capLines, MAX_FAILURE_MESSAGE_CHARS } from '../../../runtime/core/cap-echo.js';
import { fixtureContext, fixtureRuntime } from '../call-path/call/fixture-tool.js';

describe('capEcho', () => {
  test.each([
    ['short text is kept', 'Read', 8, 'Read'],
    ['exactly the limit is kept', 'abcd', 4, 'abcd'],
    ['longer text gets a marker', 'abcdefgh', 4, 'abcd… [4 more characters]'],
    ['a surrogate pair is never split', 'ab😀cd', 3, 'ab… [4 more characters]'],
    ['a zero limit keeps only the marker', 'abc', 0, '… [3 more characters]'],
  ])('%s', (_label, text, max, expected) => {
    expect(capEcho(text, max)).toBe(expected);
  });

  test.each([
    [['a', 'b'], 2, ['a', 'b']],
    [['a', 'b', 'c', 'd'], 2, ['a', 'b', '… and 2 more']],
  ])('capLines(%j, %d) → %j', (lines, max, expected) => {
    expect(capLines(lines, max)).toEqual(expected);
  });
});

/** Model-supplied strings a failure message quotes; none may come back whole. */
describe('failures never echo a model-supplied string whole', () => {
  const huge = 'x'.repeat(1_000_000);
  const runtime = fixtureRuntime([...builtInTools]);
  test.each([
    ['an unknown tool name', { name: huge, input: {} }],
    ['a blank tool name', { name: ' '.repeat(1_000_000), input: {} }],
    ['an unexpected parameter name', { name: 'Read', input: { file_path: '/a', [huge]: 1 } }],
    [
      'ten thousand unexpected parameters',
      {
        name: 'Read',
        input: Object.fromEntries(
          Array.from({ length: 10_000 }, (_, index) => [`extra${index}`, 1]),
        ),
      },
    ],
    ['a path too long to exist', { name: 'Read', input: { file_path: `/${huge}` } }],
    [
      'a relative path too long to exist',
      { name: 'Write', input: { file_path: huge, content: 'x' } },
    ],
    ['a glob path too long to exist', { name: 'Glob', input: { pattern: '*', path: `/${huge}` } }],
  ])('%s', async (_label, call) => {
    const result = await callTool(runtime, call, await fixtureContext());
    expect(result.isError).toBe(true);
    expect(result.content.length).toBeLessThan(MAX_FAILURE_MESSAGE_CHARS + 200);
    expect(result.content).toMatch(/… (\[\d+ more characters\]|and \d+ more)/);
  });
});
