/**
 * The scan's cache: the result is keyed by a content hash of everything it depends on — the
 * scanned runtime files (with `runtime/core/contract.ts`), the lock file (library types) and the
 * audit's own sources — and kept in `node_modules/.cache/tool-contracts/audit-<hash>.json`.
 * A `generate` with no runtime change reads it instead of starting the type checker; this
 * module imports only node built-ins so that path never loads ts-morph. When the exact key
 * misses, `generate` and `check` (whose output names no line) also accept the project's entry if
 * the files that changed differ from it only in comments and layout: only that comparison parses
 * them (see `source-fingerprint.ts`). An exact key also matches another project's entry (the
 * same sources in a second worktree or a copy: a content hash names no project). Only the
 * latest entry of each project is kept (file names start with a hash of the project root, so
 * projects sharing a `node_modules` do not evict each other), and entries of projects that no longer exist (a
 * deleted worktree or temporary copy sharing this `node_modules`) are dropped on every write.
 *
 * The generated tool modules are not part of the key: reads resolve to the contract's
 * declarations in `runtime/`, and the generated modules only supply tools' input/output types.
 */
import { createHash } from 'node:crypto';
import { access, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { packagePath } from '../support/package-root.js';
import { compareCodeUnits } from '../../runtime/core/support/compare-code-units.js';
import type { FieldReaderScan } from './scan-field-readers.js';

/** Bump when the cached data changes meaning without the audit's sources changing. */
export const AUDIT_CACHE_VERSION = 3;

/** Where cached scans live, relative to the project root. */
export const AUDIT_CACHE_DIRECTORY = 'node_modules/.cache/tool-contracts';

/** What a scan depends on: its exact key, and the parts the layout-free match compares. */
export interface AuditCacheKey {
  /** Hash of everything, byte for byte: an entry under it has the current line numbers. */
  readonly key: string;
  /** Hash of the audit's sources, the lock file and the list of scanned files. */
  readonly base: string;
  /** Scanned file (project-relative) → sha256 of its text. */
  readonly files: Readonly<Record<string, string>>;
}

/** The cache key of a scan of `files` (absolute paths) in `projectRoot`. */
export async function auditCacheKey(
  projectRoot: string,
  files: readonly string[],
): Promise<AuditCacheKey> {
  const base = createHash('sha256');
  base.update(`tool-contracts audit cache v${AUDIT_CACHE_VERSION}\n`);
  // The audit's own sources: a change to any of them changes every key.
  const sources = packagePath('generator/audit');
  const own = (await readdir(sources))
    .filter((name) => name.endsWith('.ts'))
    .sort(compareCodeUnits);
  const fixed: [string, string][] = [
    ...own.map((name): [string, string] => [`audit:${name}`, path.join(sources, name)]),
    ['package-lock.json', path.join(projectRoot, 'package-lock.json')],
  ];
  for (const [label, file] of fixed) {
    base.update(`${label}\0`);
    base.update(await readOptional(file));
    base.update('\0');
  }
  const relative = [...files]
    .sort(compareCodeUnits)
    .map((file) => relativePosix(projectRoot, file));
  base.update(relative.join('\0'));
  const hashes: Record<string, string> = {};
  for (const file of relative) {
    hashes[file] = createHash('sha256')
      .update(await readOptional(path.join(projectRoot, ...file.split('/'))))
      .digest('hex');
  }
  const baseKey = base.digest('hex').slice(0, 32);
  const key = createHash('sha256')
    .update(baseKey)
    .update(JSON.stringify(hashes))
    .digest('hex')
    .slice(0, 32);
  return { key, base: baseKey, files: hashes };
}

export interface ReadCachedScanOptions {
  /**
   * Also accept the project's entry when the scanned files differ from it only in comments and
   * layout (`source-fingerprint.ts`): its classes are right, its line numbers may not be. For
   * `generate` and `check`, whose output names no line. Default: false.
   */
  readonly ignoreLayout?: boolean;
}

/** The cached scan for `key`, or `undefined` (missing or unreadable: scan again). */
export async function readCachedScan(
  projectRoot: string,
  key: AuditCacheKey | string,
  options: ReadCachedScanOptions = {},
): Promise<FieldReaderScan | undefined> {
  const exact = typeof key === 'string' ? key : key.key;
  const entry = await readEntry(cacheFile(projectRoot, exact));
  if (entry?.key === exact && entry.scan !== undefined) return entry.scan;
  const shared = await readSharedEntry(projectRoot, exact);
  if (shared !== undefined) return shared;
  if (!options.ignoreLayout || typeof key === 'string') return undefined;
  return readLayoutMatch(projectRoot, key);
}

interface CacheEntry {
  readonly key?: unknown;
  readonly projectRoot?: unknown;
  readonly base?: unknown;
  readonly files?: Record<string, string>;
  readonly normalized?: Record<string, string>;
  readonly scan?: FieldReaderScan;
}

async function readEntry(file: string): Promise<CacheEntry | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as CacheEntry;
  } catch {
    return undefined;
  }
}

/**
 * Another project's entry under the same exact key (a second worktree, a copy of the project
 * sharing this `node_modules`): the key hashes project-relative paths and contents only, so the
 * scan is this project's too (its paths are project-relative as well).
 */
async function readSharedEntry(
  projectRoot: string,
  exact: string,
): Promise<FieldReaderScan | undefined> {
  const directory = path.join(projectRoot, AUDIT_CACHE_DIRECTORY);
  let names: string[];
  try {
    names = (await readdir(directory)).filter(
      (name) => name.startsWith('audit-') && name.endsWith(`-${exact}.json`),
    );
  } catch {
    return undefined;
  }
  for (const name of names.sort(compareCodeUnits)) {
    const entry = await readEntry(path.join(directory, name));
    if (entry?.key !== exact || entry.scan === undefined) continue;
    // A gone project's entry waits for the next write to be dropped: not a source of truth.
    if (typeof entry.projectRoot !== 'string' || !(await exists(entry.projectRoot))) continue;
    return entry.scan;
  }
  return undefined;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** The project's entry, if the files that changed since it changed only in comments and layout. */
async function readLayoutMatch(
  projectRoot: string,
  key: AuditCacheKey,
): Promise<FieldReaderScan | undefined> {
  const directory = path.join(projectRoot, AUDIT_CACHE_DIRECTORY);
  const prefix = `audit-${projectId(projectRoot)}-`;
  let names: string[];
  try {
    names = (await readdir(directory)).filter(
      (name) => name.startsWith(prefix) && name.endsWith('.json'),
    );
  } catch {
    return undefined;
  }
  const { onlyLayoutChanged } = await import('../support/source-fingerprint.js');
  for (const name of names.sort(compareCodeUnits)) {
    const entry = await readEntry(path.join(directory, name));
    if (entry?.base !== key.base || entry.scan === undefined || entry.normalized === undefined)
      continue;
    const changed = Object.keys(key.files).filter(
      (file) => entry.files?.[file] !== key.files[file],
    );
    if (await onlyLayoutChanged(projectRoot, changed, entry.normalized)) return entry.scan;
  }
  return undefined;
}

/** Store `scan` under `key` (write then rename) and drop older entries. A failure only costs speed. */
export async function writeCachedScan(
  projectRoot: string,
  key: AuditCacheKey | string,
  scan: FieldReaderScan,
): Promise<void> {
  const directory = path.join(projectRoot, AUDIT_CACHE_DIRECTORY);
  const exact = typeof key === 'string' ? key : key.key;
  const target = cacheFile(projectRoot, exact);
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    const layout =
      typeof key === 'string'
        ? {}
        : {
            base: key.base,
            files: key.files,
            normalized: await (
              await import('../support/source-fingerprint.js')
            ).normalizedHashes(projectRoot, Object.keys(key.files), key.files),
          };
    await mkdir(directory, { recursive: true });
    await writeFile(temporary, `${JSON.stringify({ key: exact, projectRoot, ...layout, scan })}\n`);
    await rename(temporary, target);
    const prefix = `audit-${projectId(projectRoot)}-`;
    for (const name of await readdir(directory)) {
      if (!name.startsWith('audit-') || !name.endsWith('.json') || name === path.basename(target))
        continue;
      const entry = path.join(directory, name);
      if (name.startsWith(prefix) || !(await ownerExists(entry))) await rm(entry, { force: true });
    }
  } catch {
    await rm(temporary, { force: true }).catch(() => undefined);
  }
}

/** Whether the project an entry was written for still exists (unreadable entries: no). */
async function ownerExists(entry: string): Promise<boolean> {
  try {
    const { projectRoot } = JSON.parse(await readFile(entry, 'utf8')) as { projectRoot?: unknown };
    if (typeof projectRoot !== 'string') return false;
    await access(projectRoot);
    return true;
  } catch {
    return false;
  }
}

function cacheFile(projectRoot: string, key: string): string {
  return path.join(
    projectRoot,
    AUDIT_CACHE_DIRECTORY,
    `audit-${projectId(projectRoot)}-${key}.json`,
  );
}

function projectId(projectRoot: string): string {
  return createHash('sha256').update(path.resolve(projectRoot)).digest('hex').slice(0, 8);
}

async function readOptional(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return Buffer.alloc(0);
    throw error;
  }
}

function relativePosix(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/');
}
