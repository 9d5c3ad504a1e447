/**
 * Glob: file paths matching a glob pattern under a directory, newest first, at most
 * {@link MAX_GLOB_RESULTS}. `node_modules` and `.git` are skipped; symbolic links are not
 * followed (a link cycle cannot make the search endless).
 */
import type { Input, Output } from '../../generated/tools/glob.js';
import type { ToolImplementation } from '../core/contract.js';
import { findFilesUnder, resolveSearchRoot } from './support/search-root.js';
import { sortByModificationTime } from './support/sort-by-modification-time.js';
import { toolFailure } from './support/tool-failure.js';

type Implementation = ToolImplementation<Input, Output>;

/** Most paths one call returns. */
export const MAX_GLOB_RESULTS = 100;

export const handler: Implementation['handler'] = async (input, context) => {
  const root = await resolveSearchRoot(input.path, context);
  if (!root.ok) return root;
  if (!root.isDirectory)
    return toolFailure('not_a_directory', `${root.path} is a file; Glob searches a directory.`);
  let matches: string[];
  try {
    matches = await findFilesUnder(input.pattern, root.path, context.signal);
  } catch (error) {
    if (context.signal.aborted) return toolFailure('aborted', 'The search was interrupted.');
    return toolFailure(
      'invalid_pattern',
      `Cannot search with pattern ${JSON.stringify(input.pattern)}: ${(error as Error).message}`,
    );
  }
  // An aborted crawl ends early with a partial list instead of throwing.
  if (context.signal.aborted) return toolFailure('aborted', 'The search was interrupted.');
  const sorted = await sortByModificationTime(matches);
  const filenames = sorted.slice(0, MAX_GLOB_RESULTS);
  return {
    ok: true,
    output: { filenames, numFiles: filenames.length, truncated: sorted.length > MAX_GLOB_RESULTS },
  };
};

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) => {
  if (output.numFiles === 0) return 'No files found';
  const list = output.filenames.join('\n');
  return output.truncated
    ? `${list}\n(Showing the ${output.numFiles} most recently modified matches; more files matched. Use a narrower pattern or path.)`
    : list;
};
