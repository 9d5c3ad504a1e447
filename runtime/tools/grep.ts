/**
 * Grep: a regular-expression search over files, shaped like ripgrep's output. The pattern is
 * checked as a JavaScript regular expression (the syntax the model is told), then run on the
 * linear-time engine (RE2, `linear-regexp.ts`): no pattern a model writes can make it backtrack,
 * and each file is matched under the call's remaining time ({@link runWithDeadline}). Only a
 * pattern RE2 cannot compile — back-references, look-around, a few JavaScript-only escapes —
 * runs on JavaScript's backtracking engine, in a worker thread with a budget per file
 * (`backtracking-line-search.ts`), so a catastrophic one ends its own call with a timeout and
 * never blocks the process.
 * Skips `node_modules`, `.git`, binary files (a NUL byte early on), files over
 * {@link MAX_GREP_FILE_BYTES}, and under the workspace boundary symlinks and files with more
 * than one hard link. Files are visited newest first, so every mode lists them that way.
 */
import { lstat, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { picomatchOnDemand } from '../core/support/picomatch-on-demand.js';
import type { Input, Output } from '../../generated/tools/grep.js';
import type { ToolImplementation } from '../core/contract.js';
import { FILE_TYPE_GLOBS } from './support/file-type-globs.js';
import { findMatchingLines, splitTextLines } from './support/find-matching-lines.js';
import { looksBinary } from './support/looks-binary.js';
import { findFilesUnder, resolveSearchRoot } from './support/search-root.js';
import { sortByModificationTime } from './support/sort-by-modification-time.js';
import { toolFailure } from './support/tool-failure.js';
import { capEcho } from '../core/cap-echo.js';
import { runWithDeadline } from '../core/support/run-with-deadline.js';
import { compileLinearRegExp, type LinearRegExp } from '../core/support/linear-regexp.js';
import {
  BACKTRACKING_FILE_BUDGET_MS,
  BacktrackingLineSearch,
} from './support/backtracking-line-search.js';

type Implementation = ToolImplementation<Input, Output>;

/** Larger files are skipped (generated bundles, data dumps). */
export const MAX_GREP_FILE_BYTES = 10 * 1024 * 1024;
/** Files read at the same time. */
const SEARCH_BATCH_SIZE = 32;
/** Longer matching or context lines are cut in content mode (minified code). */
export const MAX_GREP_LINE_CHARACTERS = 2000;

interface FileMatches {
  readonly path: string;
  readonly lines: readonly string[];
  readonly matched: readonly number[];
}

/** The matching budget when the call has no timeout. */
const UNBOUNDED_CALL_MATCHING_MS = 60_000;

/** The engine a pattern runs on: linear-time when RE2 compiles it, else a worker's backtracking. */
type GrepEngine =
  | { readonly kind: 'linear'; readonly pattern: LinearRegExp }
  | { readonly kind: 'backtracking'; readonly search: BacktrackingLineSearch };

export const handler: Implementation['handler'] = async (input, context) => {
  const deadline = performance.now() + (context.timeoutMs ?? UNBOUNDED_CALL_MATCHING_MS);
  const flags = `u${input['-i'] ? 'i' : ''}${input.multiline ? 'ms' : ''}`;
  try {
    // Compiling never runs the pattern: a syntax check, with JavaScript's wording.
    new RegExp(input.pattern, flags);
  } catch (error) {
    return toolFailure(
      'invalid_pattern',
      `Invalid regular expression ${JSON.stringify(input.pattern)}: ${(error as Error).message}`,
    );
  }
  let engine: GrepEngine;
  try {
    engine = { kind: 'linear', pattern: compileLinearRegExp(input.pattern, flags) };
  } catch {
    engine = {
      kind: 'backtracking',
      search: new BacktrackingLineSearch(input.pattern, flags, input.multiline, context.signal),
    };
  }
  try {
    return await search(input, context, engine, deadline);
  } finally {
    if (engine.kind === 'backtracking') await engine.search.close();
  }
};

async function search(
  input: Input,
  context: Parameters<Implementation['handler']>[1],
  engine: GrepEngine,
  deadline: number,
): ReturnType<Implementation['handler']> {
  let typeMatcher: ((name: string) => boolean) | undefined;
  if (input.type !== undefined) {
    const globs = FILE_TYPE_GLOBS[input.type];
    if (globs === undefined) {
      return toolFailure(
        'unknown_file_type',
        `Unknown file type ${JSON.stringify(input.type)}. Known types: ${Object.keys(FILE_TYPE_GLOBS).join(', ')}.`,
      );
    }
    typeMatcher = picomatchOnDemand()([...globs], { dot: true });
  }

  const root = await resolveSearchRoot(input.path, context);
  if (!root.ok) return root;
  let candidates: string[];
  if (root.isDirectory) {
    // A glob without a slash names files at any depth, as ripgrep's --glob does.
    const fileGlob =
      input.glob === undefined
        ? '**/*'
        : input.glob.includes('/')
          ? input.glob
          : `**/${input.glob}`;
    try {
      candidates = await findFilesUnder(fileGlob, root.path, context.signal);
    } catch (error) {
      if (context.signal.aborted) return toolFailure('aborted', 'The search was interrupted.');
      return toolFailure(
        'invalid_glob',
        `Cannot search with glob ${JSON.stringify(input.glob)}: ${(error as Error).message}`,
      );
    }
  } else {
    candidates = [root.path];
  }
  // An aborted crawl ends early with a partial list instead of throwing.
  if (context.signal.aborted) return toolFailure('aborted', 'The search was interrupted.');
  if (typeMatcher !== undefined)
    candidates = candidates.filter((file) => typeMatcher(path.basename(file)));

  const results: FileMatches[] = [];
  const ordered = await sortByModificationTime(candidates);
  // Files are read a batch at a time (I/O overlaps), results kept in newest-first order.
  for (let start = 0; start < ordered.length; start += SEARCH_BATCH_SIZE) {
    if (context.signal.aborted) return toolFailure('aborted', 'The search was interrupted.');
    const batch = ordered.slice(start, start + SEARCH_BATCH_SIZE);
    for (const found of await Promise.all(
      batch.map((file) => searchFile(file, engine, input.multiline, deadline, context)),
    )) {
      if (found === 'aborted') return toolFailure('aborted', 'The search was interrupted.');
      if (found === 'timeout') {
        const shown = JSON.stringify(capEcho(input.pattern));
        return toolFailure(
          'timeout',
          engine.kind === 'linear'
            ? `The search with ${shown} ran out of time; it was stopped.`
            : `The pattern ${shown} needs the backtracking engine (back-references or look-around) and ran past its budget (${BACKTRACKING_FILE_BUDGET_MS} ms a file, within the call's time); it was stopped. Without back-references and look-around it runs on the linear-time engine.`,
        );
      }
      if (found !== undefined && found.matched.length > 0) results.push(found);
    }
  }
  return { ok: true, output: shapeOutput(results, input) };
}

async function searchFile(
  file: string,
  engine: GrepEngine,
  multiline: boolean,
  deadline: number,
  context: Parameters<Implementation['handler']>[1],
): Promise<FileMatches | 'timeout' | 'aborted' | undefined> {
  let lines: string[];
  try {
    // Under the boundary a file found by the crawl is searched only when it is nothing but itself:
    // not a symlink (it may point outside), not one of several hard links (one may be outside).
    const stats = context.enforceWorkspaceBoundary ? await lstat(file) : await stat(file);
    if (context.enforceWorkspaceBoundary && (!stats.isFile() || stats.nlink > 1)) return undefined;
    if (stats.size > MAX_GREP_FILE_BYTES) return undefined;
    const bytes = await readFile(file);
    if (looksBinary(bytes)) return undefined;
    lines = splitTextLines(bytes.toString('utf8'));
  } catch {
    // Unreadable (permissions) or gone meanwhile: ripgrep skips those too.
    return undefined;
  }
  const remaining = deadline - performance.now();
  if (remaining <= 0) return 'timeout';
  if (engine.kind === 'backtracking') {
    const matched = await engine.search.search(
      lines,
      Math.min(BACKTRACKING_FILE_BUDGET_MS, remaining),
    );
    return typeof matched === 'string' ? matched : { path: file, lines, matched };
  }
  const matched = runWithDeadline(
    () => findMatchingLines(lines, engine.pattern, multiline),
    remaining,
  );
  return matched.ok ? { path: file, lines, matched: matched.value } : 'timeout';
}

function cut(line: string): string {
  return line.length > MAX_GREP_LINE_CHARACTERS
    ? `${line.slice(0, MAX_GREP_LINE_CHARACTERS)}…`
    : line;
}

function contentLines(results: readonly FileMatches[], input: Input): string[] {
  const before = input['-B'] ?? input['-C'] ?? 0;
  const after = input['-A'] ?? input['-C'] ?? 0;
  const withContext = before > 0 || after > 0;
  const out: string[] = [];
  for (const file of results) {
    const matched = new Set(file.matched);
    const shown: number[] = [];
    for (const line of file.matched) {
      for (
        let index = Math.max(0, line - before);
        index <= Math.min(file.lines.length - 1, line + after);
        index += 1
      ) {
        if (shown[shown.length - 1] === undefined || (shown[shown.length - 1] as number) < index)
          shown.push(index);
      }
    }
    let previous: number | undefined;
    for (const index of shown) {
      // ripgrep separates non-adjacent groups (and files) with `--` when it prints context.
      if (withContext && out.length > 0 && (previous === undefined || index > previous + 1))
        out.push('--');
      const separator = matched.has(index) ? ':' : '-';
      const number = input['-n'] ? `${index + 1}${separator}` : '';
      out.push(`${file.path}${separator}${number}${cut(file.lines[index] ?? '')}`);
      previous = index;
    }
  }
  return out;
}

function shapeOutput(results: readonly FileMatches[], input: Input): Output {
  const numMatches = results.reduce((sum, file) => sum + file.matched.length, 0);
  const limit = input.head_limit;
  const head = <T>(entries: readonly T[]): { kept: T[]; truncated: boolean } =>
    limit !== undefined && entries.length > limit
      ? { kept: entries.slice(0, limit), truncated: true }
      : { kept: [...entries], truncated: false };
  const allFiles = results.map((file) => file.path);

  switch (input.output_mode) {
    case 'files_with_matches': {
      const { kept, truncated } = head(allFiles);
      return {
        mode: 'files_with_matches',
        filenames: kept,
        numFiles: kept.length,
        numMatches,
        truncated,
      };
    }
    case 'count': {
      const { kept, truncated } = head(
        results.map((file) => `${file.path}:${file.matched.length}`),
      );
      return {
        mode: 'count',
        filenames: allFiles,
        numFiles: allFiles.length,
        numMatches,
        content: kept.join('\n'),
        truncated,
      };
    }
    case 'content': {
      const { kept, truncated } = head(contentLines(results, input));
      return {
        mode: 'content',
        filenames: allFiles,
        numFiles: allFiles.length,
        numMatches,
        content: kept.join('\n'),
        truncated,
      };
    }
  }
}

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) => {
  const limited = output.truncated ? '\n(Results cut at head_limit.)' : '';
  switch (output.mode) {
    case 'files_with_matches':
      return output.numFiles === 0
        ? 'No files found'
        : `Found ${output.numFiles} file${output.numFiles === 1 ? '' : 's'}\n${output.filenames.join('\n')}${limited}`;
    case 'count':
      return output.numFiles === 0
        ? 'No matches found'
        : `${output.content ?? ''}\n\nFound ${output.numMatches} matching line${output.numMatches === 1 ? '' : 's'} in ${output.numFiles} file${output.numFiles === 1 ? '' : 's'}${limited}`;
    case 'content':
      return output.numFiles === 0 ? 'No matches found' : `${output.content ?? ''}${limited}`;
  }
};
