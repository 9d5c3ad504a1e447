/**
 * `recheck`'s verdicts on manifest patterns, remembered. The automaton checker is deterministic
 * (no fuzzing, no sampling), so a pattern's verdict depends only on the pattern and recheck's
 * version; yet starting its Scala.js runtime and checking a handful of patterns costs most of a
 * second, on every `generate` and `check`. Verdicts are kept in memory for the process and in
 * `node_modules/.cache/tool-contracts/regexp-verdicts.json` of the `node_modules` that holds
 * recheck, keyed by the pattern and recheck's version; a run whose patterns are all known never
 * loads recheck. A verdict that ran out of time is not kept (another run may finish it), and a
 * missing, unreadable or foreign cache file only costs speed.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The result fields of `recheck`'s `checkSync` that a verdict keeps. */
export interface RecheckVerdict {
  readonly status: 'safe' | 'vulnerable' | 'unknown';
  readonly complexity?: { readonly summary: string };
  readonly attack?: { readonly pattern: string };
  readonly error?: { readonly kind: string; readonly message?: string };
}

/** Bump when a kept verdict changes meaning (the flags or the checker's parameters). */
const CACHE_VERSION = 1;
/** Kept verdicts at most; the oldest go first. */
export const MAX_KEPT_VERDICTS = 20_000;

interface CacheState {
  readonly file: string | undefined;
  readonly key: string;
  readonly verdicts: Map<string, RecheckVerdict>;
  dirty: boolean;
}

let state: CacheState | undefined;
/** Tests only: the cache file to use instead of the one beside recheck. */
let fileOverride: string | undefined;
let checkSync:
  ((source: string, flags: string, params: Record<string, unknown>) => RecheckVerdict) | undefined;

/** recheck's verdict on `source` with the `u` flag: remembered, or computed now. */
export function recheckVerdict(source: string): RecheckVerdict {
  const cache = (state ??= openCache());
  const known = cache.verdicts.get(source);
  if (known !== undefined) return known;
  const verdict = keptFields(runRecheck(source));
  // A timeout (or a cancelled run) says nothing about the pattern: decide it again next time.
  const kind = verdict.error?.kind;
  if (kind !== 'timeout' && kind !== 'cancel') {
    cache.verdicts.set(source, verdict);
    if (!cache.dirty) {
      cache.dirty = true;
      // One write for every verdict of this turn of the event loop (a manifest set is loaded
      // synchronously), not one per pattern.
      setImmediate(() => saveCache(cache));
    }
  }
  return verdict;
}

/**
 * Tests only: forget the verdicts in memory, so that the next call reads the cache file again —
 * `file` instead of the one beside recheck when given.
 */
export function forgetVerdictsInMemory(file?: string): void {
  state = undefined;
  fileOverride = file;
}

/** Tests only: recheck's version, part of every cache file's key. */
export function verdictCacheKey(): string {
  return cacheKey(cacheLocation()?.version);
}

function runRecheck(source: string): RecheckVerdict {
  if (checkSync === undefined) {
    // The backend is chosen by this variable when `checkSync` runs; `pure` is recheck's in-process one.
    process.env['RECHECK_SYNC_BACKEND'] = 'pure';
    checkSync = (require('recheck') as { checkSync: NonNullable<typeof checkSync> }).checkSync;
  }
  return checkSync(source, 'u', { checker: 'automaton', timeout: 10_000 });
}

function keptFields(verdict: RecheckVerdict): RecheckVerdict {
  return {
    status: verdict.status,
    ...(verdict.complexity === undefined
      ? {}
      : { complexity: { summary: verdict.complexity.summary } }),
    ...(verdict.attack === undefined ? {} : { attack: { pattern: verdict.attack.pattern } }),
    ...(verdict.error === undefined
      ? {}
      : {
          error: {
            kind: verdict.error.kind,
            ...(verdict.error.message === undefined ? {} : { message: verdict.error.message }),
          },
        }),
  };
}

function cacheLocation(): { file: string; version: string } | undefined {
  try {
    const manifest = require.resolve('recheck/package.json');
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    const file = path.join(
      path.dirname(manifest),
      '..',
      '.cache',
      'tool-contracts',
      'regexp-verdicts.json',
    );
    return { file: fileOverride ?? file, version };
  } catch {
    return undefined;
  }
}

function openCache(): CacheState {
  const location = cacheLocation();
  const key = cacheKey(location?.version);
  const verdicts = new Map<string, RecheckVerdict>();
  if (location !== undefined) {
    try {
      const saved = JSON.parse(readFileSync(location.file, 'utf8')) as {
        key?: unknown;
        verdicts?: unknown;
      };
      if (saved.key === key && Array.isArray(saved.verdicts))
        for (const entry of saved.verdicts as unknown[])
          if (isEntry(entry)) verdicts.set(entry[0], entry[1]);
    } catch {
      // No cache yet, or one this version cannot read: start empty.
    }
  }
  return { file: location?.file, key, verdicts, dirty: false };
}

function cacheKey(recheckVersion: string | undefined): string {
  return `v${CACHE_VERSION} recheck ${recheckVersion ?? 'unknown'} u automaton`;
}

function isEntry(entry: unknown): entry is [string, RecheckVerdict] {
  if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string') return false;
  const verdict = entry[1] as Partial<RecheckVerdict> | null;
  return (
    typeof verdict === 'object' &&
    verdict !== null &&
    (verdict.status === 'safe' || verdict.status === 'vulnerable' || verdict.status === 'unknown')
  );
}

function saveCache(cache: CacheState): void {
  cache.dirty = false;
  if (cache.file === undefined) return;
  const entries = [...cache.verdicts].slice(-MAX_KEPT_VERDICTS);
  const temporary = `${cache.file}.${process.pid}.tmp`;
  try {
    mkdirSync(path.dirname(cache.file), { recursive: true });
    writeFileSync(temporary, JSON.stringify({ key: cache.key, verdicts: entries }));
    renameSync(temporary, cache.file);
  } catch {
    // A read-only node_modules: the verdicts stay in memory for this process only.
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Not even that: nothing was written.
    }
  }
}
