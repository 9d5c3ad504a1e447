import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { loadManifestSources } from './load-manifest-sources.js';
import { openManifestValueCache } from './manifest-value-cache.js';
import { REPOSITORY_PATHS, type ProjectPaths } from '../support/project-paths.js';
import type { SourceText } from './load-manifest-sources.js';
import type { LoadResult } from './manifest-set.js';
import { mapConcurrently } from '../support/map-concurrently.js';
import { readRegularFile } from '../support/read-regular-file.js';

export type { LoadedTool, LoadResult, ManifestSet } from './manifest-set.js';
export type { ManifestIssue } from './manifest-issue.js';

/** Options of {@link loadManifestSet}. */
export interface LoadManifestSetOptions {
  /**
   * Lists the entries (names or paths) of a directory. Default: `fs.readdir`. Tests pass a
   * shuffling lister to prove the result does not depend on the file system's order.
   */
  readonly listDirectory?: (directory: string) => Promise<string[]>;
  /** Where the index and the manifests are. Default: this repository's `manifest/`. */
  readonly paths?: ProjectPaths;
  /**
   * Take the values of manifests parsed in an earlier run from, and leave this run's in,
   * `node_modules/.cache/tool-contracts/` (`manifest-value-cache.ts`). Default: `false`.
   */
  readonly valueCache?: boolean;
}

/**
 * Loads and checks every manifest of a project: `manifest/tools.yaml` (the index) and each
 * `manifest/tools/*.yaml` (`.yml` files are read too, so their wrong name is reported).
 *
 * Per file: YAML syntax, duplicate keys and alias bombs; the `# yaml-language-server` first line;
 * `extends` (deep merge of raw values, unknown bases, cycles); the zod manifest language with
 * every issue located at its field; the file name `kebab(name).yaml`. Across files: duplicate
 * names, alias collisions, `readOnly` with `destructive`, and the index against the manifests.
 * Hook exports are checked separately by `checkHookExports` (it needs ts-morph).
 *
 * Never throws on bad input and never stops at the first problem: the result carries every issue
 * of the run, sorted, or the set with tools in registration order. Same files, same result,
 * whatever order the directory lists them in.
 */
export async function loadManifestSet(
  projectRoot: string,
  options: LoadManifestSetOptions = {},
): Promise<LoadResult> {
  const listDirectory = options.listDirectory ?? ((directory: string) => readdir(directory));
  const { manifestDirectory, toolIndexFile } = options.paths ?? REPOSITORY_PATHS;
  const directory = path.join(projectRoot, ...manifestDirectory.split('/'));
  let entries: string[] = [];
  let unreadableDirectory: SourceText | undefined;
  try {
    entries = await listDirectory(directory);
  } catch (error) {
    // No folder means no manifests (the index check names what is missing); any other failure is
    // a problem of the run like the rest, not an exception.
    if (!isMissing(error))
      unreadableDirectory = { file: manifestDirectory, readError: describeError(error) };
  }
  const files = [...new Set(entries.map((entry) => path.basename(entry)))]
    .filter((name) => /\.ya?ml$/.test(name))
    .map((name) => `${manifestDirectory}/${name}`)
    .sort();
  const [[index, ...manifests], values] = await Promise.all([
    mapConcurrently([toolIndexFile, ...files], (file) => readSourceText(projectRoot, file)),
    options.valueCache === true ? openManifestValueCache(projectRoot) : undefined,
  ]);
  const result = loadManifestSources({
    index: index!,
    manifests: unreadableDirectory ? [...manifests, unreadableDirectory] : manifests,
    ...(values === undefined ? {} : { values }),
  });
  await values?.save();
  return result;
}

async function readSourceText(projectRoot: string, file: string): Promise<SourceText> {
  try {
    const content = await readRegularFile(path.join(projectRoot, ...file.split('/')));
    if (content.kind === 'missing') return { file, readError: 'file not found' };
    if (content.kind === 'not-a-file')
      return {
        file,
        readError: `${content.what}, not a regular file; manifests must be regular files (a link's target is never read)`,
        code: 'not_a_regular_file',
      };
    return { file, text: content.bytes.toString('utf8') };
  } catch (error) {
    return { file, readError: describeError(error) };
  }
}

function describeError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code ?? (error instanceof Error ? error.message : String(error));
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}
