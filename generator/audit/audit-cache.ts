/**
 * The scan's cache: the result is keyed by a content hash of everything it depends on — the
 * scanned runtime files (with `runtime/contract.ts`), the lock file (library types) and the
 * audit's own sources — and kept in `node_modules/.cache/tool-contracts/audit-<hash>.json`.
 * A `generate` with no runtime change reads it instead of starting the type checker; this
 * module imports only node built-ins so that path never loads ts-morph. Only the latest entry of
 * each project is kept (file names start with a hash of the project root, so projects sharing a
 * `node_modules` do not evict each other), and entries of projects that no longer exist (a
 * deleted worktree or temporary copy sharing this `node_modules`) are dropped on every write.
 *
 * The generated tool modules are not part of the key: reads resolve to the contract's
 * declarations in `runtime/`, and the generated modules only supply tools' input/output types.
 */
import { createHash } from 'node:crypto';
import { access, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareCodeUnits } from '../../runtime/support/compare-code-units.js';
import type { FieldReaderScan } from './scan-field-readers.js';

/** Bump when the cached data changes meaning without the audit's sources changing. */
export const AUDIT_CACHE_VERSION = 2;

/** Where cached scans live, relative to the project root. */
export const AUDIT_CACHE_DIRECTORY = 'node_modules/.cache/tool-contracts';

const AUDIT_SOURCE_DIRECTORY = path.dirname(fileURLToPath(import.meta.url));

/** The cache key of a scan of `files` (absolute paths) in `projectRoot`. */
export async function auditCacheKey(
  projectRoot: string,
  files: readonly string[],
): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`tool-contracts audit cache v${AUDIT_CACHE_VERSION}\n`);
  const own = (await readdir(AUDIT_SOURCE_DIRECTORY))
    .filter((name) => name.endsWith('.ts'))
    .sort(compareCodeUnits);
  const inputs: [string, string][] = [
    ...own.map((name): [string, string] => [
      `audit:${name}`,
      path.join(AUDIT_SOURCE_DIRECTORY, name),
    ]),
    ...[...files]
      .sort(compareCodeUnits)
      .map((file): [string, string] => [relativePosix(projectRoot, file), file]),
    ['package-lock.json', path.join(projectRoot, 'package-lock.json')],
  ];
  for (const [label, file] of inputs) {
    hash.update(`${label}\0`);
    hash.update(await readOptional(file));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 32);
}

/** The cached scan for `key`, or `undefined` (missing or unreadable: scan again). */
export async function readCachedScan(
  projectRoot: string,
  key: string,
): Promise<FieldReaderScan | undefined> {
  try {
    const text = await readFile(cacheFile(projectRoot, key), 'utf8');
    const parsed = JSON.parse(text) as { key?: unknown; scan?: FieldReaderScan };
    return parsed.key === key && parsed.scan !== undefined ? parsed.scan : undefined;
  } catch {
    return undefined;
  }
}

/** Store `scan` under `key` (write then rename) and drop older entries. A failure only costs speed. */
export async function writeCachedScan(
  projectRoot: string,
  key: string,
  scan: FieldReaderScan,
): Promise<void> {
  const directory = path.join(projectRoot, AUDIT_CACHE_DIRECTORY);
  const target = cacheFile(projectRoot, key);
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    await mkdir(directory, { recursive: true });
    await writeFile(temporary, `${JSON.stringify({ key, projectRoot, scan })}\n`);
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
