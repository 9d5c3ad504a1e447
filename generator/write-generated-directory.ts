/**
 * Writes `generated/` all at once: the complete new directory is built beside it and swapped in
 * by two renames, so a run that fails at any point leaves the old `generated/` byte for byte.
 * A run killed between the renames leaves no `generated/`; the next run restores it first
 * (`recover-generated-directory.ts`).
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Failures injected by tests to prove atomicity. */
export interface WriteFaults {
  /** Throw after this many files of the new directory have been written. */
  readonly failAfterFiles?: number;
  /** Throw between moving the old directory away and moving the new one in. */
  readonly failDuringSwap?: boolean;
  /**
   * Awaited at each point of the swap (tests kill the process there with SIGKILL): `staged` (the
   * new directory is complete), `movedAway` (the old one is renamed away, the new one not yet in),
   * `swapped` (the new one is in, the old one not yet removed); and `lockStaged` (the generate
   * lock built under its temporary name, not yet in place).
   */
  readonly pause?: (point: 'lockStaged' | 'staged' | 'movedAway' | 'swapped') => Promise<void>;
  /** Fail creating the staging directory with this error code (`EROFS`: a read-only checkout). */
  readonly stagingError?: string;
}

/**
 * Files made from the staged directory before it is swapped in (the model views, rendered from
 * the staged modules, and the state that hashes them): `staging` is its absolute path, the result
 * is more files relative to it. A throw aborts the write like any other failure.
 */
export type CompleteStaging = (staging: string) => Promise<ReadonlyMap<string, string>>;

/**
 * Replace `<root>/<directory>` by exactly `files` (paths relative to that directory) plus what
 * `complete` adds. The temporary and old directories are siblings named `.generated-tmp-*` /
 * `.generated-old-*` (for a nested `src/gen`: `src/.gen-tmp-*` / `src/.gen-old-*`).
 */
export async function writeGeneratedDirectory(
  projectRoot: string,
  directory: string,
  files: ReadonlyMap<string, string>,
  faults: WriteFaults = {},
  complete?: CompleteStaging,
): Promise<void> {
  const { target, parent, base, staging } = await newStaging(projectRoot, directory, faults);
  // mkdtemp creates the directory private (0700); the swapped-in directory keeps the old mode.
  await chmod(staging, await modeOf(target));
  const old = path.join(parent, `.${base}-old-${randomBytes(6).toString('hex')}`);
  let movedAway = false;
  try {
    let written = 0;
    const counted = () => {
      if (faults.failAfterFiles !== undefined && written >= faults.failAfterFiles) {
        throw new Error(`injected failure after ${written} files`);
      }
      written++;
    };
    await writeFilesUnder(staging, files, counted);
    if (complete !== undefined) await writeFilesUnder(staging, await complete(staging), counted);
    await faults.pause?.('staged');
    try {
      await rename(target, old);
      movedAway = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    await faults.pause?.('movedAway');
    if (faults.failDuringSwap) throw new Error('injected failure during the swap');
    await rename(staging, target);
  } catch (error) {
    if (movedAway) await rename(old, target);
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  await faults.pause?.('swapped');
  if (movedAway) await rm(old, { recursive: true, force: true });
}

/**
 * Builds `files` (paths relative to `directory`) in a staging sibling of `<root>/<directory>` —
 * the same `.generated-tmp-*` a writing run stages in, so a run killed meanwhile leaves what
 * recovery already removes — hands its absolute path to `use` and removes it again. `check` renders
 * the model views of modules that differ from disk this way, deciding staleness as `generate`
 * does without touching `generated/`. Call it holding the generate lock.
 */
export async function withStagedDirectory<T>(
  projectRoot: string,
  directory: string,
  files: ReadonlyMap<string, string>,
  use: (staging: string) => Promise<T>,
  faults: WriteFaults = {},
): Promise<T> {
  const { staging } = await newStaging(projectRoot, directory, faults);
  try {
    await writeFilesUnder(staging, files);
    return await use(staging);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * `<root>/<directory>` and a new, empty staging directory beside it (`src/gen` →
 * `src/.gen-tmp-*`), so that a rename between the two stays in one folder.
 */
async function newStaging(
  projectRoot: string,
  directory: string,
  faults: WriteFaults,
): Promise<{ target: string; parent: string; base: string; staging: string }> {
  const target = path.join(projectRoot, ...directory.split('/'));
  const parent = path.dirname(target);
  const base = path.basename(target);
  if (faults.stagingError !== undefined)
    throw Object.assign(new Error(`injected ${faults.stagingError}`), {
      code: faults.stagingError,
    });
  await mkdir(parent, { recursive: true });
  return { target, parent, base, staging: await mkdtemp(path.join(parent, `.${base}-tmp-`)) };
}

/**
 * Writes `files` (relative paths) under `root`, calling `beforeEach` before each one. Each folder
 * is made once and each file written synchronously: a run writes thousands of small files into a
 * directory no one else sees yet, and a round trip through the thread pool per open, write and
 * close made that most of a large run (10 000 tools: 40 000 files).
 */
async function writeFilesUnder(
  root: string,
  files: ReadonlyMap<string, string>,
  beforeEach?: () => void,
): Promise<void> {
  const made = new Set<string>();
  for (const [file, text] of files) {
    beforeEach?.();
    const destination = path.join(root, ...file.split('/'));
    const folder = path.dirname(destination);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    writeFileSync(destination, text);
  }
}

/** Replace one file by write-to-temporary and rename, so readers never see half a file. */
export async function writeFileAtomically(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.tmp-${randomBytes(6).toString('hex')}`;
  try {
    await writeFile(temporary, text);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

async function modeOf(directory: string): Promise<number> {
  try {
    return (await stat(directory)).mode & 0o7777;
  } catch {
    return 0o755;
  }
}
