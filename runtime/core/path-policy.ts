/**
 * Path policy of the file tools (SPEC §5.7).
 *
 * - {@link resolveWorkspacePath}: turn the path a model wrote into an absolute path. Like the
 *   article's agent it does not confine paths to the workspace: sub-agents legitimately read
 *   sibling repositories, and the permission layer decides about paths outside.
 * - {@link resolveToolPath}: the same, plus an opt-in workspace boundary that resolves symlinks
 *   before deciding, so a link inside the workspace cannot smuggle a call outside. A hard link
 *   cannot be resolved — every name of a file is equally its own, and nothing says where the
 *   others are — so under the boundary a regular file with more than one link is refused
 *   (`hard_linked_file`): it may be a file outside the workspace linked in.
 * - {@link normalizeToolPathForComparison}: one spelling per file, for keys (file-state tables)
 *   and comparisons; never for opening files.
 */
import { constants as fsConstants, type Stats } from 'node:fs';
import { lstat, open, readlink, realpath, stat, type FileHandle } from 'node:fs/promises';
import nodePath from 'node:path';
import { capEcho } from './cap-echo.js';

/** Why a path was refused. */
export type PathPolicyErrorCode =
  /** The working directory or workspace root handed to the policy is not absolute. */
  | 'invalid_configuration'
  /** The requested path is empty or only whitespace. */
  | 'empty_path'
  /** The requested path cannot name a file (it contains a NUL byte). */
  | 'invalid_path'
  /** The boundary is on and the path resolves (through symlinks) outside the workspace root. */
  | 'outside_workspace'
  /** The boundary is on and the path is a regular file with more than one hard link. */
  | 'hard_linked_file';

/** A path refused by the policy; `message` names the path and, when there is one, the boundary. */
export class PathPolicyError extends Error {
  override readonly name = 'PathPolicyError';
  readonly code: PathPolicyErrorCode;
  /** The path as requested (or the misconfigured directory for `invalid_configuration`). */
  readonly path: string;
  /** The workspace root (after symlink resolution) the path was judged against. */
  readonly boundary?: string;

  constructor(code: PathPolicyErrorCode, path: string, message: string, boundary?: string) {
    super(message);
    this.code = code;
    this.path = path;
    if (boundary !== undefined) this.boundary = boundary;
  }
}

export interface WorkspacePathOptions {
  /** Absolute directory relative paths are resolved against. */
  readonly workingDirectory: string;
  /** Absolute workspace root (checked for being absolute; the boundary uses it). */
  readonly workspaceRoot: string;
  /** Path semantics to apply. Default: `process.platform`. */
  readonly platform?: NodeJS.Platform;
}

function pathModule(platform: NodeJS.Platform | undefined): nodePath.PlatformPath {
  return (platform ?? process.platform) === 'win32' ? nodePath.win32 : nodePath.posix;
}

/** `"a\u0000b"` stays readable in a message. */
function quote(path: string): string {
  return JSON.stringify(capEcho(path));
}

/**
 * Resolve `requestedPath` for a file tool.
 *
 * Absolute paths are only normalised (`..`, duplicate separators); relative ones are resolved
 * against the working directory. The path is not confined to the workspace and its Unicode form
 * is kept as written, because on most Linux file systems NFC and NFD spellings are different
 * files.
 *
 * @throws {PathPolicyError} `invalid_configuration` when the working directory or workspace
 *   root is not absolute, `empty_path`, or `invalid_path` for a NUL byte.
 */
export function resolveWorkspacePath(requestedPath: string, options: WorkspacePathOptions): string {
  const path = pathModule(options.platform);
  for (const [label, directory] of [
    ['working directory', options.workingDirectory],
    ['workspace root', options.workspaceRoot],
  ] as const) {
    if (!path.isAbsolute(directory)) {
      throw new PathPolicyError(
        'invalid_configuration',
        directory,
        `Path policy is misconfigured: the ${label} must be an absolute path, got ${quote(directory)}`,
      );
    }
  }
  if (requestedPath.trim() === '') {
    throw new PathPolicyError('empty_path', requestedPath, 'The path is empty');
  }
  if (requestedPath.includes('\0')) {
    throw new PathPolicyError(
      'invalid_path',
      requestedPath,
      `The path ${quote(requestedPath)} contains a NUL byte`,
    );
  }
  return path.isAbsolute(requestedPath)
    ? path.normalize(requestedPath)
    : path.resolve(options.workingDirectory, requestedPath);
}

export interface ToolPathContext {
  readonly workingDirectory: string;
  readonly workspaceRoot: string;
  /** Refuse paths that resolve, through symlinks, outside the workspace root. */
  readonly enforceWorkspaceBoundary: boolean;
  /**
   * The session the call belongs to (any object that lives as long as it): with the boundary on,
   * the workspace root's real location is resolved on the session's first file call and kept
   * for the rest of it (see {@link realWorkspaceRoot}). Absent: resolved on every call.
   */
  readonly session?: object;
}

/** Per session: workspace root as given (resolved) → its real location, as first seen. */
const realRootsBySession = new WeakMap<object, Map<string, string>>();

/**
 * The real location of the workspace root: the approved boundary. Resolved once per session
 * and root, then pinned, which saves a `realpath` on every file call and is no weaker than
 * resolving it each time; it is stricter:
 *
 * - Containment is never decided by this value alone. Every open is checked again after the
 *   fact against the descriptor the kernel holds ({@link openToolPath}): the file's real path
 *   (`/proc/self/fd/N`, which has no symlinks in it) must lie under the pinned real root. A path
 *   whose components are swapped for symlinks, or a `..` that climbs out through a link, at any
 *   moment before the open, still ends in a file whose real path is outside, and is refused.
 * - If the root (or a directory above it) is replaced by a symlink mid-session, the pinned value
 *   still names the directory that was approved; the real paths of files behind the new link
 *   are not under it, so they are refused. Resolving the root anew would instead follow the
 *   link and widen the boundary to wherever it points (e.g. `/`), which a tool that can run
 *   commands in the workspace could arrange.
 * - A root that moves legitimately (renamed, re-created through a link elsewhere) fails closed
 *   for the rest of the session: a new session resolves it again.
 */
async function realWorkspaceRoot(context: ToolPathContext): Promise<string> {
  const root = nodePath.resolve(context.workspaceRoot);
  const { session } = context;
  if (session === undefined) return realLocation(root);
  let roots = realRootsBySession.get(session);
  const pinned = roots?.get(root);
  if (pinned !== undefined) return pinned;
  const real = await realLocation(root);
  if (roots === undefined) {
    roots = new Map();
    realRootsBySession.set(session, roots);
  }
  // Two first calls racing both resolve; the first to finish is pinned, and both use it.
  if (!roots.has(root)) roots.set(root, real);
  return roots.get(root)!;
}

/** The refusal of a path whose real location is outside the boundary. */
function outsideBoundary(requestedPath: string, target: string, boundary: string, spelled: string) {
  const via = target === spelled ? '' : ` (it resolves to ${quote(target)})`;
  return new PathPolicyError(
    'outside_workspace',
    requestedPath,
    `The path ${quote(requestedPath)} is outside the workspace boundary ${quote(boundary)}${via}`,
    boundary,
  );
}

/**
 * The refusal of a regular file with `links` hard links under the boundary: its other names may
 * be outside the workspace, and reading or writing it there reads or writes the outside file.
 */
function hardLinked(requestedPath: string, links: number, boundary: string) {
  return new PathPolicyError(
    'hard_linked_file',
    requestedPath,
    `The file ${quote(requestedPath)} has ${links} hard links; under the workspace boundary ${quote(boundary)} a file with more than one is refused, since another of its names may be outside the workspace. Copy it if you need it here.`,
    boundary,
  );
}

/**
 * {@link resolveWorkspacePath}, then, when `enforceWorkspaceBoundary` is on, refuse a path whose
 * real location is outside the real workspace root, or that is a regular file with more than
 * one hard link. The longest existing prefix of the path is
 * resolved through symlinks (dangling links too), so a file that does not exist yet under a
 * symlinked directory is judged by where it would be created.
 *
 * Returns the resolved path as the model spelled it (not the real path), so results and
 * file-state keys read the same with the boundary on or off.
 *
 * @throws {PathPolicyError} as {@link resolveWorkspacePath}, `outside_workspace`, or
 *   `hard_linked_file`.
 */
export async function resolveToolPath(
  requestedPath: string,
  context: ToolPathContext,
): Promise<string> {
  const resolved = resolveWorkspacePath(requestedPath, context);
  if (!context.enforceWorkspaceBoundary) return resolved;

  const boundary = await realWorkspaceRoot(context);
  const target = await realLocation(resolved);
  if (!isWithin(boundary, target)) throw outsideBoundary(requestedPath, target, boundary, resolved);
  const stats = await stat(target).catch(() => undefined);
  if (stats !== undefined && stats.isFile() && stats.nlink > 1)
    throw hardLinked(requestedPath, stats.nlink, boundary);
  return resolved;
}

/**
 * Containment of real paths, compared as written (byte-wise): on Linux file systems an NFD and an
 * NFC spelling are different directories, so normalising here would let `/work/cafe\u0301` pass
 * for `/work/caf\u00e9`. Unicode normalisation is only for keys
 * ({@link normalizeToolPathForComparison}).
 */
function isWithin(root: string, candidate: string): boolean {
  const relative = nodePath.relative(root, candidate);
  return (
    relative === '' ||
    (relative !== '..' &&
      !relative.startsWith(`..${nodePath.sep}`) &&
      !nodePath.isAbsolute(relative))
  );
}

/**
 * Open a file a tool resolved with {@link resolveWorkspacePath} (or {@link resolveToolPath}).
 * With the boundary on, this is the check that counts, done as close to the open as it can be:
 * the file's real location is computed, refused when outside the real workspace root (as
 * {@link resolveToolPath} does), and opened with `O_NOFOLLOW` (a symlink swapped in as the last
 * component fails to open); then the opened descriptor's own path (`/proc/self/fd/N` on Linux;
 * elsewhere the device and inode of the real path) must be inside the real workspace root, or
 * the handle is closed and the call refused before any byte is read or written. So is a regular
 * file with more than one hard link (judged on the opened descriptor). A caller that only reads
 * need not call {@link resolveToolPath} first.
 *
 * What remains: a directory of the path swapped for a symlink between the check and the open
 * still lets the open happen outside; it is detected and refused before any byte is read or
 * written, but with `O_CREAT` an empty file may be left where the link pointed. Without the
 * boundary the path is opened as it is.
 *
 * @throws {PathPolicyError} `outside_workspace` when the file is, or the opened file turns out
 *   to be, outside the boundary; `hard_linked_file` for a regular file with several links; the open's own errors (`ENOENT`, `ELOOP`, …) as they are.
 */
export async function openToolPath(
  resolvedPath: string,
  flags: number,
  context: ToolPathContext,
  mode = 0o666,
): Promise<FileHandle> {
  if (!context.enforceWorkspaceBoundary) return open(resolvedPath, flags, mode);
  return (await openCheckedPath(resolvedPath, flags, context, mode)).handle;
}

/**
 * {@link openToolPath}, with the `fstat` of the opened file: a caller that needs the file's type
 * or size takes the one the boundary check made instead of asking the kernel again.
 */
export async function openToolPathWithStats(
  resolvedPath: string,
  flags: number,
  context: ToolPathContext,
  mode = 0o666,
): Promise<{ readonly handle: FileHandle; readonly stats: Stats }> {
  if (context.enforceWorkspaceBoundary) return openCheckedPath(resolvedPath, flags, context, mode);
  const handle = await open(resolvedPath, flags, mode);
  try {
    return { handle, stats: await handle.stat() };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** The open of {@link openToolPath} with the boundary on. */
async function openCheckedPath(
  resolvedPath: string,
  flags: number,
  context: ToolPathContext,
  mode: number,
): Promise<{ readonly handle: FileHandle; readonly stats: Stats }> {
  const boundary = await realWorkspaceRoot(context);
  const target = await realLocation(resolvedPath);
  if (!isWithin(boundary, target))
    throw outsideBoundary(resolvedPath, target, boundary, resolvedPath);
  const handle = await open(target, flags | fsConstants.O_NOFOLLOW, mode);
  // The descriptor's stats are asked for beside its path (two requests to the thread pool at
  // once); they are looked at only once the path is known to be inside.
  const statsOfHandle = handle.stat();
  statsOfHandle.catch(() => undefined);
  try {
    const opened = await openedFilePath(handle, target);
    if (opened === undefined || !isWithin(boundary, opened)) {
      throw new PathPolicyError(
        'outside_workspace',
        resolvedPath,
        `The path ${quote(resolvedPath)} changed while it was opened: it now leads to ${quote(opened ?? target)}, outside the workspace boundary ${quote(boundary)}`,
        boundary,
      );
    }
    const stats = await statsOfHandle;
    if (stats.isFile() && stats.nlink > 1) throw hardLinked(resolvedPath, stats.nlink, boundary);
    return { handle, stats };
  } catch (error) {
    // The stat in flight settles before the descriptor is closed under it.
    await statsOfHandle.catch(() => undefined);
    await handle.close();
    throw error;
  }
}

/** The real path of the file behind `handle`; `undefined` when it is not `expected`'s file. */
async function openedFilePath(handle: FileHandle, expected: string): Promise<string | undefined> {
  if (process.platform === 'linux') {
    const link = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined);
    if (link !== undefined) return link;
  }
  const [byHandle, byPath] = await Promise.all([
    handle.stat(),
    stat(expected).catch(() => undefined),
  ]);
  return byPath !== undefined && byPath.dev === byHandle.dev && byPath.ino === byHandle.ino
    ? await realpath(expected)
    : undefined;
}

/** Enough for any sane chain of links; more means a loop. */
const MAX_SYMLINK_HOPS = 40;

/**
 * Where `absolutePath` is, or would be created, once every symlink is followed: the real path of
 * the longest existing prefix plus the missing rest. A dangling symlink is followed to its
 * target, since writing through it would create the target.
 */
async function realLocation(absolutePath: string): Promise<string> {
  let current = absolutePath;
  let missing: string[] = [];
  for (let hops = 0; hops <= MAX_SYMLINK_HOPS;) {
    try {
      return nodePath.join(await realpath(current), ...missing);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') {
        throw new PathPolicyError(
          'invalid_path',
          absolutePath,
          `The path ${quote(absolutePath)} cannot be resolved: ${code ?? String(error)}`,
        );
      }
    }
    const link = await lstat(current).catch(() => undefined);
    if (link?.isSymbolicLink()) {
      hops += 1;
      current = nodePath.resolve(nodePath.dirname(current), await readlink(current));
      continue;
    }
    const parent = nodePath.dirname(current);
    if (parent === current) return nodePath.join(current, ...missing);
    missing = [nodePath.basename(current), ...missing];
    current = parent;
  }
  throw new PathPolicyError(
    'invalid_path',
    absolutePath,
    `The path ${quote(absolutePath)} cannot be resolved: too many levels of symbolic links`,
  );
}

/** `\\?\UNC\server\share\…` → `\\server\share\…`; `\\?\C:\…` → `C:\…`; other `\\?\…` kept. */
const VERBATIM_UNC = /^[\\/]{2}\?[\\/]UNC[\\/]/i;
const VERBATIM_DRIVE = /^[\\/]{2}\?[\\/](?=[A-Za-z]:)/;
/** `\\.\pipe\x`, `\\?\Volume{…}\`: device namespaces, meaningful as written. */
const DEVICE_NAMESPACE = /^[\\/]{2}[.?][\\/]/;
/** Git Bash / MSYS spelling of a drive: `/c/Users` or `/c`. */
const MSYS_DRIVE = /^\/([A-Za-z])(?=\/|$)/;

export interface PathComparisonOptions {
  /** Path semantics to apply. Default: `process.platform`. */
  readonly platform?: NodeJS.Platform;
}

/**
 * One spelling per path, for keys and comparisons. Everywhere: Unicode NFC, `.`/`..` and
 * duplicate separators collapsed, no trailing separator (except a root). On Windows also: Git
 * Bash `/c/...` → `C:\...`, the `\\?\` long-path prefix stripped (`\\?\UNC\server\share` →
 * `\\server\share`), device namespaces such as `\\.\pipe\x` kept as written, drive letters
 * upper-cased, `/` → `\`. Letter case is otherwise kept.
 */
export function normalizeToolPathForComparison(
  path: string,
  options: PathComparisonOptions = {},
): string {
  const nfc = path.normalize('NFC');
  if ((options.platform ?? process.platform) !== 'win32') {
    return stripTrailingSeparator(nodePath.posix.normalize(nfc), nodePath.posix);
  }
  let windows = nfc;
  if (VERBATIM_UNC.test(windows)) windows = `\\\\${windows.replace(VERBATIM_UNC, '')}`;
  else if (VERBATIM_DRIVE.test(windows)) windows = windows.replace(VERBATIM_DRIVE, '');
  else if (DEVICE_NAMESPACE.test(windows)) return windows.replaceAll('/', '\\');
  else windows = windows.replace(MSYS_DRIVE, (_match, drive: string) => `${drive}:\\`);
  windows = windows.replace(/^([a-z])(?=:)/, (drive) => drive.toUpperCase());
  return stripTrailingSeparator(nodePath.win32.normalize(windows), nodePath.win32);
}

function stripTrailingSeparator(path: string, module: nodePath.PlatformPath): string {
  const last = path[path.length - 1];
  // Most paths end in a name: nothing to strip, and no need to parse out the root.
  if (last !== '/' && last !== module.sep) return path;
  const root = module.parse(path).root;
  let end = path.length;
  while (end > root.length && (path[end - 1] === '/' || path[end - 1] === module.sep)) end -= 1;
  return path.slice(0, end);
}
