import { describe, expect, test } from 'vitest';
import { scriptDiff } from '../../../../runtime/tools/support/script-diff.js';

describe('scriptDiff', () => {
  test('is undefined for identical texts', async () => {
    expect(await scriptDiff('old', 'a\nb\n', 'new', 'a\nb\n')).toBeUndefined();
  });

  test.each([
    {
      case: 'a changed line',
      before: 'a\nb\nc\n',
      after: 'a\nB\nc\n',
      want: '--- old\n+++ new\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c',
    },
    {
      case: 'an added line at the end',
      before: 'a\n',
      after: 'a\nb\n',
      want: '--- old\n+++ new\n@@ -1,1 +1,2 @@\n a\n+b',
    },
    {
      case: 'two hunks far apart, with three lines of context each',
      before: '1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n',
      after: 'one\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\ntwelve\n',
      want: '--- old\n+++ new\n@@ -1,4 +1,4 @@\n-1\n+one\n 2\n 3\n 4\n@@ -9,4 +9,4 @@\n 9\n 10\n 11\n-12\n+twelve',
    },
  ])('shows $case', async ({ before, after, want }) => {
    expect(await scriptDiff('old', before, 'new', after)).toBe(want);
  });
});
