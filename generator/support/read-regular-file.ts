/**
 * Reading an input of the generator: regular files only. A symbolic link, a directory, a FIFO, a
 * socket or a device named like a manifest is refused without being followed or read — following a
 * link would quote another file's content in an error, and reading a FIFO blocks forever.
 *
 * The check and the read are one step: the file is opened with `O_NOFOLLOW` (a link fails to
 * open) and `O_NONBLOCK` (opening a FIFO returns at once), then the open descriptor is inspected
 * with `fstat`, so swapping the entry between a check and the read changes nothing.
 */
import { constants } from 'node:fs';
import { lstat, open } from 'node:fs/promises';

/** The bytes of a regular file, or what the entry is instead. */
export type RegularFileContent =
  | { readonly kind: 'file'; readonly bytes: Buffer }
  | { readonly kind: 'missing' }
  | { readonly kind: 'not-a-file'; readonly what: string };

/** Opens `file` without following a link or blocking on a FIFO; reads it only if it is regular. */
export async function readRegularFile(file: string): Promise<RegularFileContent> {
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'missing' };
    if (code === 'ELOOP' || code === 'EMLINK')
      return { kind: 'not-a-file', what: 'a symbolic link' };
    if (code === 'ENXIO')
      return { kind: 'not-a-file', what: 'a socket or a FIFO without a writer' };
    // Anything else that cannot be opened: say what the entry is when we can.
    const stats = await lstat(file).catch(() => undefined);
    if (stats !== undefined && !stats.isFile())
      return { kind: 'not-a-file', what: describeEntry(stats) };
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return { kind: 'not-a-file', what: describeEntry(stats) };
    return { kind: 'file', bytes: await handle.readFile() };
  } finally {
    await handle.close();
  }
}

/** `a directory`, `a FIFO`, … for an entry that is not a regular file. */
export function describeEntry(stats: {
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
  isFIFO(): boolean;
  isSocket(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
}): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isSymbolicLink()) return 'a symbolic link';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}
