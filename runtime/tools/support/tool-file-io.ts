/**
 * Reading and writing a file a tool resolved, through {@link openToolPath}: with the workspace
 * boundary on, the bytes come from (or go to) the file that was checked, not one a symlink swapped
 * in meanwhile. A write opens without truncating, checks, and only then truncates.
 */
import { constants as fsConstants } from 'node:fs';
import type { ToolPathContext } from '../../core/path-policy.js';
import { openToolPath } from '../../core/path-policy.js';

/** The whole file. */
export async function readToolFile(
  filePath: string,
  context: ToolPathContext & { readonly signal?: AbortSignal },
): Promise<Buffer> {
  const handle = await openToolPath(filePath, fsConstants.O_RDONLY, context);
  try {
    return await handle.readFile(context.signal === undefined ? {} : { signal: context.signal });
  } finally {
    await handle.close();
  }
}

/** Replace the file's content with `content` (UTF-8), creating it when missing. */
export async function writeToolFile(
  filePath: string,
  content: string,
  context: ToolPathContext,
): Promise<void> {
  const handle = await openToolPath(filePath, fsConstants.O_WRONLY | fsConstants.O_CREAT, context);
  try {
    await handle.truncate(0);
    await handle.writeFile(content, 'utf8');
  } finally {
    await handle.close();
  }
}
