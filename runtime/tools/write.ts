/**
 * Write: create a file (and its missing parents) or replace an existing one. An existing file
 * may only be replaced after a Read in this session that saw its current mtime.
 */
import { mkdir } from 'node:fs/promises';
import { writeToolFile } from './support/tool-file-io.js';
import path from 'node:path';
import type { Input, Output } from '../../generated/tools/write.js';
import type { ToolImplementation } from '../core/contract.js';
import {
  checkReadBeforeWrite,
  modificationTimeOf,
  recordFileRead,
} from './support/read-file-state.js';
import { resolvePathForTool } from './support/resolve-path-for-tool.js';
import { statIfExists } from './support/stat-if-exists.js';
import { fileSystemFailure, toolFailure } from './support/tool-failure.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input, context) => {
  const resolved = await resolvePathForTool(input.file_path, context);
  if (!resolved.ok) return resolved;
  const filePath = resolved.path;
  try {
    const existing = await statIfExists(filePath);
    if (existing?.isDirectory()) {
      return toolFailure('is_directory', `${filePath} is a directory; Write needs a file path.`);
    }
    if (existing !== undefined) {
      const stale = checkReadBeforeWrite(context.session, filePath, existing.mtimeMs);
      if (stale !== undefined) return stale;
    }
    await mkdir(path.dirname(filePath), { recursive: true });
    await writeToolFile(filePath, input.content, context);
    // The model knows what it just wrote: a following Edit needs no new Read.
    const mtimeMs = await modificationTimeOf(filePath);
    if (mtimeMs !== undefined) recordFileRead(context.session, filePath, mtimeMs);
    return {
      ok: true,
      output: {
        type: existing === undefined ? 'created' : 'updated',
        filePath,
        bytes: Buffer.byteLength(input.content, 'utf8'),
      },
    };
  } catch (error) {
    return fileSystemFailure('write', filePath, error);
  }
};

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) =>
  output.type === 'created'
    ? `Created ${output.filePath} (${output.bytes} bytes).`
    : `Updated ${output.filePath} (${output.bytes} bytes).`;
