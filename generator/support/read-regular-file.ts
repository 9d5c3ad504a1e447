/**
 * Reading an input of the generator: regular files only. A symbolic link, a directory, a FIFO, a
 * socket or a device named like a manifest is refused without being followed or read — following a
 * link would quote another file's content in an error, and reading a FIFO blocks forever.
 *
 * The check and the read are one step: the file is opened with `O_NOFOLLOW` (a link fails to
 * open) and `O_NONBLOCK` (opening a FIFO returns at once), then the open descriptor is inspected
 * with `fstat`, so swapping the entry between a check and the read changes nothing.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { lstat, open } from 'node:fs/promises';

/** The bytes of a regular file, or what the entry is instead. */
export type RegularFileContent =
  | { readonly kind: 'file'; readonly bytes: Buffer }
  | { readonly kind: 'missing' }
  | { readonly kind: 'not-a-file'; readonly what: string };

const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** Opens `file` without following a link or blocking on a FIFO; reads it only if it is regular. */
export async function readRegularFile(file: string): Promise<RegularFileContent> {
  let handle;
  try {
    handle = await open(file, OPEN_FLAGS);
  } catch (error) {
    return openFailure(error) ?? otherEntry(error, await lstat(file).catch(() => undefined));
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return { kind: 'not-a-file', what: describeEntry(stats) };
    return { kind: 'file', bytes: await handle.readFile() };
  } finally {
    await handle.close();
  }
}

/**
 * {@link readRegularFile} in one synchronous step: for reading thousands of small files in a row
 * (the no-op check hashes every input and output), where each asynchronous call's four trips
 * through libuv's thread pool cost more than the reads themselves.
 */
export function readRegularFileSync(file: string): RegularFileContent {
  let descriptor;
  try {
    descriptor = openSync(file, OPEN_FLAGS);
  } catch (error) {
    return openFailure(error) ?? otherEntry(error, lstatOrNothing(file));
  }
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile()) return { kind: 'not-a-file', what: describeEntry(stats) };
    return { kind: 'file', bytes: readFileSync(descriptor) };
  } finally {
    closeSync(descriptor);
  }
}

function lstatOrNothing(file: string): Stats | undefined {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
}

/** What a failed open says by its code alone: missing, a link, a FIFO or socket. */
function openFailure(error: unknown): RegularFileContent | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return { kind: 'missing' };
  if (code === 'ELOOP' || code === 'EMLINK') return { kind: 'not-a-file', what: 'a symbolic link' };
  if (code === 'ENXIO') return { kind: 'not-a-file', what: 'a socket or a FIFO without a writer' };
  return undefined;
}

/** Any other failed open: what the entry is, when it is no regular file; else the error again. */
function otherEntry(
  error: unknown,
  stats: Parameters<typeof describeEntry>[0] | undefined,
): RegularFileContent {
  if (stats !== undefined && !stats.isFile())
    return { kind: 'not-a-file', what: describeEntry(stats) };
  throw error;
}

/** `a directory`, `a FIFO`, … for an entry that is not a regular file. */
export function describeEntry(stats: {
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
  isFIFO(): boolean;
  isSocket(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
  isFile(): boolean;
}): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isSymbolicLink()) return 'a symbolic link';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}
