import { readFile, utimes, writeFile } from 'node:fs/promises';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { tool as edit } from '../../../generated/tools/edit.js';
import { tool as read } from '../../../generated/tools/read.js';
import { tool as write } from '../../../generated/tools/write.js';
import { summarizeReplacements } from '../../../runtime/tools/support/summarize-replacements.js';
import { createWorkspaceContext, type WorkspaceContext } from './workspace-context.js';

let workspace: WorkspaceContext;
beforeEach(async () => {
  workspace = await createWorkspaceContext();
});
afterEach(async () => {
  await workspace.dispose();
});

/** Move a file's mtime away from what a Read saw, as an editor saving it would. */
async function touchLater(file: string): Promise<void> {
  const later = new Date(Date.now() + 60_000);
  await utimes(file, later, later);
}

describe('Write', () => {
  test('creates a new file and its missing parent directories', async () => {
    expect(await workspace.call(write, { file_path: 'a/b/c.txt', content: 'héllo\n' })).toEqual({
      ok: true,
      output: { type: 'created', filePath: workspace.at('a/b/c.txt'), bytes: 7 },
    });
    expect(await readFile(workspace.at('a/b/c.txt'), 'utf8')).toBe('héllo\n');
    expect(write.formatModelContent?.({ type: 'created', filePath: '/w/x', bytes: 7 })).toBe(
      'Created /w/x (7 bytes).',
    );
  });

  test('refuses to overwrite a file that was not read in this session', async () => {
    await writeFile(workspace.at('old.txt'), 'keep me');
    expect(await workspace.call(write, { file_path: 'old.txt', content: 'new' })).toEqual({
      ok: false,
      code: 'file_not_read',
      message: `${workspace.at('old.txt')} has not been read in this session. Read it with the Read tool before changing it.`,
    });
    expect(await readFile(workspace.at('old.txt'), 'utf8')).toBe('keep me');
  });

  test('refuses to overwrite a file changed since it was read', async () => {
    await writeFile(workspace.at('old.txt'), 'v1');
    await workspace.call(read, { file_path: 'old.txt' });
    await writeFile(workspace.at('old.txt'), 'v2 by someone else');
    await touchLater(workspace.at('old.txt'));
    expect(await workspace.call(write, { file_path: 'old.txt', content: 'mine' })).toEqual({
      ok: false,
      code: 'file_changed_since_read',
      message: `${workspace.at('old.txt')} was modified after it was last read (by the user, a formatter or another process). Read it again before changing it.`,
    });
    expect(await readFile(workspace.at('old.txt'), 'utf8')).toBe('v2 by someone else');
  });

  test('updates a file read before, and may write it again without a new Read', async () => {
    await writeFile(workspace.at('old.txt'), 'v1');
    await workspace.call(read, { file_path: 'old.txt' });
    expect(await workspace.call(write, { file_path: 'old.txt', content: 'v2' })).toEqual({
      ok: true,
      output: { type: 'updated', filePath: workspace.at('old.txt'), bytes: 2 },
    });
    expect(
      (await workspace.call(write, { file_path: workspace.at('old.txt'), content: 'v3' })).ok,
    ).toBe(true);
    expect(await readFile(workspace.at('old.txt'), 'utf8')).toBe('v3');
  });

  test('refuses a directory', async () => {
    await writeFile(workspace.at('f'), '');
    expect(await workspace.call(write, { file_path: '.', content: 'x' })).toEqual({
      ok: false,
      code: 'is_directory',
      message: `${workspace.root} is a directory; Write needs a file path.`,
    });
  });
});

describe('Edit', () => {
  async function readFirst(name: string, content: string): Promise<void> {
    await writeFile(workspace.at(name), content);
    const result = await workspace.call(read, { file_path: name });
    if (!result.ok) throw new Error(result.message);
  }

  test.each([
    [
      'identical strings',
      'a\n',
      { old_string: 'a', new_string: 'a' },
      'no_change',
      () => 'old_string and new_string are identical; the edit would change nothing.',
    ],
    [
      'a string that is not there',
      'alpha\n',
      { old_string: 'beta', new_string: 'gamma' },
      'string_not_found',
      (file: string) =>
        `old_string was not found in ${file}. It must match the file exactly, including whitespace and line breaks (without Read's line-number prefixes).`,
    ],
    [
      'several matches without replace_all',
      'x = 1\nx = 2\nx = 3\n',
      { old_string: 'x =', new_string: 'y =' },
      'multiple_matches',
      (file: string) =>
        `old_string occurs 3 times in ${file}, but replace_all is false. Include more surrounding text to make it unique, or set replace_all to replace all 3.`,
    ],
    [
      'an empty old_string on a file with content',
      'text\n',
      { old_string: '', new_string: 'more' },
      'file_not_empty',
      (file: string) =>
        `${file} already has content; an empty old_string only fills an empty or new file. Give the text to replace, or use Write to replace the whole file.`,
    ],
  ])('refuses %s', async (_label, content, strings, code, message) => {
    await readFirst('f.txt', content);
    expect(await workspace.call(edit, { file_path: 'f.txt', ...strings })).toEqual({
      ok: false,
      code,
      message: message(workspace.at('f.txt')),
    });
    expect(await readFile(workspace.at('f.txt'), 'utf8')).toBe(content);
  });

  test('refuses a file that was not read', async () => {
    await writeFile(workspace.at('f.txt'), 'a\n');
    expect(
      await workspace.call(edit, { file_path: 'f.txt', old_string: 'a', new_string: 'b' }),
    ).toEqual({
      ok: false,
      code: 'file_not_read',
      message: `${workspace.at('f.txt')} has not been read in this session. Read it with the Read tool before changing it.`,
    });
  });

  test('refuses a file changed since it was read', async () => {
    await readFirst('f.txt', 'a\n');
    await touchLater(workspace.at('f.txt'));
    expect(
      (await workspace.call(edit, { file_path: 'f.txt', old_string: 'a', new_string: 'b' })).ok,
    ).toBe(false);
  });

  test('refuses a missing file, suggesting a similar name', async () => {
    await writeFile(workspace.at('index.ts'), '');
    expect(
      await workspace.call(edit, { file_path: 'index.js', old_string: 'a', new_string: 'b' }),
    ).toEqual({
      ok: false,
      code: 'file_not_found',
      message: `File does not exist: ${workspace.at('index.js')}. Did you mean ${workspace.at('index.ts')}? To create a file, use an empty old_string or the Write tool.`,
    });
  });

  test('replaces one occurrence and reports the hunk and a numbered snippet', async () => {
    await readFirst('f.ts', 'one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n');
    const result = await workspace.call(edit, {
      file_path: 'f.ts',
      old_string: 'five\n',
      new_string: 'FIVE\nfive and a half\n',
    });
    expect(result).toEqual({
      ok: true,
      output: {
        filePath: workspace.at('f.ts'),
        replacements: 1,
        created: false,
        linesAdded: 2,
        linesRemoved: 1,
        hunks: [{ oldStart: 5, oldLines: 1, newStart: 5, newLines: 2 }],
        snippet: [
          '     1\tone',
          '     2\ttwo',
          '     3\tthree',
          '     4\tfour',
          '     5\tFIVE',
          '     6\tfive and a half',
          '     7\tsix',
          '     8\tseven',
          '     9\teight',
          '    10\tnine',
        ].join('\n'),
      },
    });
    expect(await readFile(workspace.at('f.ts'), 'utf8')).toBe(
      'one\ntwo\nthree\nfour\nFIVE\nfive and a half\nsix\nseven\neight\nnine\nten\n',
    );
    expect(result.ok && edit.formatModelContent?.(result.output).split('\n').slice(0, 2)).toEqual([
      `Edited ${workspace.at('f.ts')}: 1 replacement (+2 -1 lines).`,
      'The result around the change:',
    ]);
  });

  test('replace_all replaces every occurrence, and a second edit needs no new Read', async () => {
    await readFirst('f.ts', 'let x = 1;\nlog(x);\nreturn x;\n');
    const result = await workspace.call(edit, {
      file_path: 'f.ts',
      old_string: 'x',
      new_string: 'count',
      replace_all: true,
    });
    expect(
      result.ok && { replacements: result.output.replacements, hunks: result.output.hunks },
    ).toEqual({
      replacements: 3,
      hunks: [
        { oldStart: 1, oldLines: 1, newStart: 1, newLines: 1 },
        { oldStart: 2, oldLines: 1, newStart: 2, newLines: 1 },
        { oldStart: 3, oldLines: 1, newStart: 3, newLines: 1 },
      ],
    });
    expect(
      (
        await workspace.call(edit, {
          file_path: 'f.ts',
          old_string: 'return count;',
          new_string: 'return count + 1;',
        })
      ).ok,
    ).toBe(true);
    expect(await readFile(workspace.at('f.ts'), 'utf8')).toBe(
      'let count = 1;\nlog(count);\nreturn count + 1;\n',
    );
  });

  test('special replacement patterns are inserted literally', async () => {
    await readFirst('f.txt', 'price\n');
    await workspace.call(edit, {
      file_path: 'f.txt',
      old_string: 'price',
      new_string: "$& $' $1 $$",
    });
    expect(await readFile(workspace.at('f.txt'), 'utf8')).toBe("$& $' $1 $$\n");
  });

  test('an empty old_string creates a missing file (with parents)', async () => {
    expect(
      await workspace.call(edit, {
        file_path: 'new/file.md',
        old_string: '',
        new_string: '# Title\n\nBody\n',
      }),
    ).toEqual({
      ok: true,
      output: {
        filePath: workspace.at('new/file.md'),
        replacements: 1,
        created: true,
        linesAdded: 3,
        linesRemoved: 0,
        hunks: [{ oldStart: 1, oldLines: 0, newStart: 1, newLines: 3 }],
        snippet: '     1\t# Title\n     2\t\n     3\tBody',
      },
    });
  });
});

describe('summarizeReplacements', () => {
  test.each([
    [
      'a word inside a line',
      'a foo b\n',
      'foo',
      'bar',
      [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1 }],
    ],
    [
      'a whole line deleted',
      'x\nfoo\ny\n',
      'foo\n',
      '',
      [{ oldStart: 2, oldLines: 1, newStart: 2, newLines: 0 }],
    ],
    [
      'a line inserted after a line',
      'x\ny\n',
      'x\n',
      'x\nnew\n',
      [{ oldStart: 2, oldLines: 0, newStart: 2, newLines: 1 }],
    ],
    [
      'two lines joined',
      'a\nb\n',
      'a\nb',
      'ab',
      [{ oldStart: 1, oldLines: 2, newStart: 1, newLines: 1 }],
    ],
    [
      'later hunks shift by earlier growth',
      'k\n.\nk\n',
      'k',
      'k1\nk2',
      [
        { oldStart: 1, oldLines: 1, newStart: 1, newLines: 2 },
        { oldStart: 3, oldLines: 1, newStart: 4, newLines: 2 },
      ],
    ],
    // Found by the property below: replacing each match against the original line counted "bb" as
    // two one-line changes although the line disappears.
    [
      'two matches on one line share a hunk',
      'bb',
      'b',
      '',
      [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 0 }],
    ],
    [
      'matches on one line, then one on another',
      'x x\ny\nx\n',
      'x',
      'z',
      [
        { oldStart: 1, oldLines: 1, newStart: 1, newLines: 1 },
        { oldStart: 3, oldLines: 1, newStart: 3, newLines: 1 },
      ],
    ],
    [
      'a match ending in a line break shares a hunk with one on the next line',
      'a\na\nb\n',
      'a\n',
      '',
      [{ oldStart: 1, oldLines: 2, newStart: 1, newLines: 0 }],
    ],
    [
      'a match at the start of a file that starts with a line break',
      '\nq\n',
      '\nq',
      'r',
      [{ oldStart: 1, oldLines: 2, newStart: 1, newLines: 1 }],
    ],
  ])('%s', (_label, content, oldString, newString, hunks) => {
    const indices: number[] = [];
    for (
      let index = content.indexOf(oldString);
      index !== -1;
      index = content.indexOf(oldString, index + oldString.length)
    )
      indices.push(index);
    expect(summarizeReplacements(content, oldString, newString, indices)).toEqual(hunks);
  });

  const lineCount = (text: string) =>
    text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

  test('the hunks account for exactly the change in line count (property)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '\n'), maxLength: 30 });
    fc.assert(
      fc.property(
        text,
        fc.string({ unit: fc.constantFrom('a', 'b', '\n'), minLength: 1, maxLength: 4 }),
        text,
        (content, oldString, newString) => {
          const indices: number[] = [];
          for (
            let index = content.indexOf(oldString);
            index !== -1;
            index = content.indexOf(oldString, index + oldString.length)
          )
            indices.push(index);
          const hunks = summarizeReplacements(content, oldString, newString, indices);
          const delta = hunks.reduce((sum, hunk) => sum + hunk.newLines - hunk.oldLines, 0);
          expect(delta).toBe(
            lineCount(content.split(oldString).join(newString)) - lineCount(content),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  const linesOf = (text: string) =>
    text === '' ? [] : text.split('\n').slice(0, text.endsWith('\n') ? -1 : undefined);

  test("putting the hunks' new lines in place of their old lines gives the new file (property)", () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '\n'), maxLength: 30 });
    fc.assert(
      fc.property(
        text,
        fc.string({ unit: fc.constantFrom('a', 'b', '\n'), minLength: 1, maxLength: 4 }),
        text,
        (content, oldString, newString) => {
          const indices: number[] = [];
          for (
            let index = content.indexOf(oldString);
            index !== -1;
            index = content.indexOf(oldString, index + oldString.length)
          )
            indices.push(index);
          const newContent = content.split(oldString).join(newString);
          const [oldLines, newLines] = [linesOf(content), linesOf(newContent)];
          const rebuilt = [...oldLines];
          // From the last hunk back, so earlier old line numbers still hold.
          for (const hunk of summarizeReplacements(
            content,
            oldString,
            newString,
            indices,
          ).reverse()) {
            rebuilt.splice(
              hunk.oldStart - 1,
              hunk.oldLines,
              ...newLines.slice(hunk.newStart - 1, hunk.newStart - 1 + hunk.newLines),
            );
          }
          expect(rebuilt).toEqual(newLines);
        },
      ),
      { numRuns: 500 },
    );
  });
});
