/**
 * Edit: exact string replacement in a file that was read in this session and has not changed
 * since. Returns how many occurrences were replaced, a line-level diff summary and a numbered
 * snippet of the result.
 */
import { mkdir } from 'node:fs/promises';
import { readToolFile, writeToolFile } from './support/tool-file-io.js';
import path from 'node:path';
import type { Input, Output } from '../../generated/tools/edit.js';
import type { ToolImplementation } from '../core/contract.js';
import { formatNumberedLine } from './support/format-numbered-line.js';
import {
  checkReadBeforeWrite,
  modificationTimeOf,
  recordFileRead,
} from './support/read-file-state.js';
import { resolvePathForTool } from './support/resolve-path-for-tool.js';
import { statIfExists } from './support/stat-if-exists.js';
import { suggestSimilarPaths } from './support/suggest-similar-paths.js';
import { summarizeReplacements, type ReplacementHunk } from './support/summarize-replacements.js';
import { fileSystemFailure, toolFailure } from './support/tool-failure.js';

type Implementation = ToolImplementation<Input, Output>;

/** Lines of context shown before and after the first change in the snippet. */
export const SNIPPET_CONTEXT_LINES = 4;
/** Most lines of the snippet (a large replacement is cut). */
export const MAX_SNIPPET_LINES = 40;

function occurrences(content: string, search: string): number[] {
  const indices: number[] = [];
  for (
    let index = content.indexOf(search);
    index !== -1;
    index = content.indexOf(search, index + search.length)
  ) {
    indices.push(index);
  }
  return indices;
}

function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

function snippetOf(content: string, hunk: ReplacementHunk | undefined): string {
  if (hunk === undefined) return '';
  const lines = content.split('\n');
  if (content.endsWith('\n')) lines.pop();
  const first = Math.max(1, hunk.newStart - SNIPPET_CONTEXT_LINES);
  const last = Math.min(
    lines.length,
    hunk.newStart + Math.max(hunk.newLines, 1) - 1 + SNIPPET_CONTEXT_LINES,
    first + MAX_SNIPPET_LINES - 1,
  );
  const numbered: string[] = [];
  for (let line = first; line <= last; line += 1)
    numbered.push(formatNumberedLine(line, lines[line - 1] ?? ''));
  return numbered.join('\n');
}

export const handler: Implementation['handler'] = async (input, context) => {
  const { old_string: oldString, new_string: newString } = input;
  if (oldString === newString) {
    return toolFailure(
      'no_change',
      'old_string and new_string are identical; the edit would change nothing.',
    );
  }
  const resolved = await resolvePathForTool(input.file_path, context);
  if (!resolved.ok) return resolved;
  const filePath = resolved.path;

  try {
    const existing = await statIfExists(filePath);
    if (existing === undefined) {
      if (oldString !== '') {
        const suggestions = await suggestSimilarPaths(filePath);
        const hint = suggestions.length === 0 ? '' : ` Did you mean ${suggestions.join(', ')}?`;
        return toolFailure(
          'file_not_found',
          `File does not exist: ${filePath}.${hint} To create a file, use an empty old_string or the Write tool.`,
        );
      }
      await mkdir(path.dirname(filePath), { recursive: true });
      return await commit(filePath, newString, {
        filePath,
        replacements: 1,
        created: true,
        linesAdded: lineCount(newString),
        linesRemoved: 0,
        hunks: [{ oldStart: 1, oldLines: 0, newStart: 1, newLines: lineCount(newString) }],
      });
    }
    if (existing.isDirectory())
      return toolFailure('is_directory', `${filePath} is a directory; Edit needs a file path.`);
    const stale = checkReadBeforeWrite(context.session, filePath, existing.mtimeMs);
    if (stale !== undefined) return stale;

    const content = (await readToolFile(filePath, context)).toString('utf8');
    if (oldString === '') {
      if (content !== '') {
        return toolFailure(
          'file_not_empty',
          `${filePath} already has content; an empty old_string only fills an empty or new file. Give the text to replace, or use Write to replace the whole file.`,
        );
      }
      return await commit(filePath, newString, {
        filePath,
        replacements: 1,
        created: false,
        linesAdded: lineCount(newString),
        linesRemoved: 0,
        hunks: [{ oldStart: 1, oldLines: 0, newStart: 1, newLines: lineCount(newString) }],
      });
    }
    const indices = occurrences(content, oldString);
    if (indices.length === 0) {
      return toolFailure(
        'string_not_found',
        `old_string was not found in ${filePath}. It must match the file exactly, including whitespace and line breaks (without Read's line-number prefixes).`,
      );
    }
    if (indices.length > 1 && !input.replace_all) {
      return toolFailure(
        'multiple_matches',
        `old_string occurs ${indices.length} times in ${filePath}, but replace_all is false. Include more surrounding text to make it unique, or set replace_all to replace all ${indices.length}.`,
      );
    }
    const hunks = summarizeReplacements(content, oldString, newString, indices);
    return await commit(filePath, content.split(oldString).join(newString), {
      filePath,
      replacements: indices.length,
      created: false,
      linesAdded: hunks.reduce((sum, hunk) => sum + hunk.newLines, 0),
      linesRemoved: hunks.reduce((sum, hunk) => sum + hunk.oldLines, 0),
      hunks,
    });
  } catch (error) {
    return fileSystemFailure('edit', filePath, error);
  }

  async function commit(target: string, newContent: string, summary: Omit<Output, 'snippet'>) {
    await writeToolFile(target, newContent, context);
    const mtimeMs = await modificationTimeOf(target);
    if (mtimeMs !== undefined) recordFileRead(context.session, target, mtimeMs);
    return {
      ok: true as const,
      output: { ...summary, snippet: snippetOf(newContent, summary.hunks[0]) },
    };
  }
};

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) => {
  const what = output.created
    ? `Created ${output.filePath}.`
    : `Edited ${output.filePath}: ${output.replacements} replacement${output.replacements === 1 ? '' : 's'} (+${output.linesAdded} -${output.linesRemoved} lines).`;
  return output.snippet === ''
    ? what
    : `${what}\nThe result around the ${output.replacements > 1 ? 'first ' : ''}change:\n${output.snippet}`;
};
