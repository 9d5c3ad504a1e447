/**
 * The directory (or file) Glob and Grep search: the call's `path` resolved by the path policy,
 * or the working directory; a missing path is a failure naming it.
 */
import { stat } from 'node:fs/promises';
import { glob } from 'tinyglobby';
import type { ToolCallContext, ToolFailure } from '../../core/contract.js';
import { resolvePathForTool } from './resolve-path-for-tool.js';
import { fileSystemFailure, toolFailure } from './tool-failure.js';

/** Directories no search descends into. */
const IGNORED_DIRECTORY_GLOBS: readonly string[] = ['**/node_modules/**', '**/.git/**'];

/**
 * Absolute paths of the files under `directory` that `pattern` matches, as every workspace
 * search sees them: dot files included, symlinks not followed, node_modules and .git skipped.
 * Throws for a pattern tinyglobby cannot use; an abort ends the crawl early with a partial list.
 */
export function findFilesUnder(
  pattern: string,
  directory: string,
  signal: AbortSignal,
): Promise<string[]> {
  return glob(pattern, {
    cwd: directory,
    absolute: true,
    dot: true,
    onlyFiles: true,
    followSymbolicLinks: false,
    expandDirectories: false,
    ignore: [...IGNORED_DIRECTORY_GLOBS],
    signal,
  });
}

export type SearchRoot =
  { readonly ok: true; readonly path: string; readonly isDirectory: boolean } | ToolFailure;

export async function resolveSearchRoot(
  requestedPath: string | undefined,
  context: ToolCallContext,
): Promise<SearchRoot> {
  const resolved = await resolvePathForTool(requestedPath ?? context.workingDirectory, context);
  if (!resolved.ok) return resolved;
  try {
    const info = await stat(resolved.path);
    return { ok: true, path: resolved.path, isDirectory: info.isDirectory() };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR')
      return toolFailure('path_not_found', `Path does not exist: ${resolved.path}`);
    return fileSystemFailure('search', resolved.path, error);
  }
}
