/**
 * The plain values of manifest files that a run parsed without a problem, by the hash of their
 * text, kept for the next run in `node_modules/.cache/tool-contracts/` (`project-cache.ts`): a
 * run after an edit parses the edited file's YAML and takes the others' values from here, and a
 * position is asked of a file's syntax tree, built then, only when a later step reports on it
 * (`yamlSourceWithValue`). Parsing the YAML was the largest step of loading this repository's
 * 41 manifests (≈ 0.3 s of a `generate` after an edit, most of it the parser's first run).
 *
 * A value is kept only when JSON gives it back unchanged (plain objects and arrays, strings,
 * booleans, null, finite numbers other than -0), and as JSON text taken when it is stored, so
 * that what later steps do to the loaded value never reaches the cache. The key hashes the
 * parser's version and the sources of the steps whose results a cached value stands for: another
 * version of either parses everything again.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { hashParts } from '../support/hash-parts.js';
import { packagePath } from '../support/package-root.js';
import { readCacheEntry, writeCacheEntry } from '../support/project-cache.js';

/** The cache's kind in `project-cache.ts`. */
const KIND = 'manifest-values';
/** Bump when a cached value changes meaning without the sources below changing. */
const FORMAT = 1;
/** The steps a cached value stands for: parsing, and finding no problem in the raw value. */
const stepSources = (): string[] => [
  packagePath('generator/manifest/parse-yaml-source.ts'),
  packagePath('generator/manifest/raw-value-problems.ts'),
  packagePath('generator/manifest/manifest-value-cache.ts'),
];

export interface ManifestValueCache {
  /** A fresh copy of the value a previous run parsed from exactly `text`, if it kept one. */
  lookup(text: string): unknown;
  /** Keeps `value` as the value of `text`: call it before anything changes `value`. */
  store(text: string, value: unknown): void;
  /** Writes the values of the texts looked up or stored in this run, and only those. */
  save(): Promise<void>;
}

/**
 * The cache of `projectRoot`, as the last run left it: empty when there is none to trust, or
 * when its key cannot be made (a missing, broken or unwritable cache only costs speed).
 */
export async function openManifestValueCache(projectRoot: string): Promise<ManifestValueCache> {
  const key = await cacheKey().catch(() => undefined);
  if (key === undefined)
    return { lookup: () => undefined, store: () => undefined, save: async () => undefined };
  const kept = await readCacheEntry(projectRoot, KIND, key, isEntries);
  const entries = new Map<string, string>(Object.entries(kept ?? {}));
  const used = new Map<string, string>();
  let added = false;
  return {
    lookup(text) {
      const hash = hashParts([text]);
      const json = entries.get(hash);
      if (json === undefined) return undefined;
      used.set(hash, json);
      return JSON.parse(json) as unknown;
    },
    store(text, value) {
      const json = jsonSnapshot(value);
      if (json === undefined) return;
      const hash = hashParts([text]);
      if (!entries.has(hash)) added = true;
      used.set(hash, json);
    },
    async save() {
      if (!added && used.size === entries.size) return;
      await writeCacheEntry(projectRoot, KIND, key, Object.fromEntries(used));
    },
  };
}

/**
 * `value` as JSON text when JSON gives it back unchanged, else `undefined`. (YAML yields no
 * other kind of value for a file without problems; this keeps the cache honest if it ever does.)
 */
export function jsonSnapshot(value: unknown): string | undefined {
  let exact = true;
  try {
    const text = JSON.stringify(value, function (this: unknown, key: string, converted: unknown) {
      // The value before a `toJSON` of its own (a Date's) turned it into another.
      const item = (this as Record<string, unknown>)[key];
      if (typeof item === 'number') exact &&= Number.isFinite(item) && !Object.is(item, -0);
      else if (typeof item === 'object' && item !== null) {
        const prototype = Object.getPrototypeOf(item) as unknown;
        exact &&= Array.isArray(item)
          ? prototype === Array.prototype
          : prototype === Object.prototype || prototype === null;
      } else if (item !== null && typeof item !== 'string' && typeof item !== 'boolean')
        exact = false;
      return converted;
    });
    return exact ? text : undefined;
  } catch {
    return undefined;
  }
}

function isEntries(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((json) => typeof json === 'string')
  );
}

async function cacheKey(): Promise<string> {
  const sources = await Promise.all(stepSources().map((source) => readFile(source, 'utf8')));
  return hashParts([`format ${FORMAT}`, `yaml ${yamlVersion()}`, ...sources]);
}

/** The version of the `yaml` package this generator parses with. */
function yamlVersion(): string {
  try {
    return String(
      (createRequire(import.meta.url)('yaml/package.json') as { version?: unknown }).version,
    );
  } catch {
    return 'unknown';
  }
}
