/**
 * `generated/.generate-state.json`: a content hash of every input of the generator and of every
 * file it wrote. When neither changed, `generate` has nothing to do and says so without loading
 * ts-morph, the manifest loader or any emitter (this module imports only node built-ins).
 *
 * The state file is committed with the outputs it describes: every path in it is
 * project-relative and every value a content hash, so it changes only when an input or an output
 * does, and a fresh clone's first `generate` is a no-op (no audit scan, no type check, no
 * ts-morph) instead of a full run. It is never compared by `check`, and a missing, stale or
 * unreadable one just means a full run.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { hashParts } from './support/hash-parts.js';
import { readRegularFileSync } from './support/read-regular-file.js';
import path from 'node:path';
import { compareCodeUnits } from '../runtime/core/support/compare-code-units.js';
import { listFiles } from './support/list-files.js';
import type { ToolEmission } from './emit/emit-generated-files.js';
import {
  isInFolder,
  manifestOutputFiles,
  REPOSITORY_PATHS,
  type ProjectPaths,
} from './support/project-paths.js';

/** This repository's generated folder and state file (a project's are in its `ProjectPaths`). */
export const GENERATED_DIRECTORY = REPOSITORY_PATHS.generated;
export const STATE_FILE = REPOSITORY_PATHS.stateFile;
/** Outputs of the generator that live beside its inputs in `manifest/`. */
export const MANIFEST_OUTPUT_FILES: readonly string[] = manifestOutputFiles(REPOSITORY_PATHS);

/** Bump when the meaning of the state file changes. */
const STATE_VERSION = 4;

export interface GenerateState {
  readonly version: number;
  /** Number of tools of the run that wrote the state (for the summary of a no-op run). */
  readonly tools: number;
  /** Project-relative posix path → sha256 of every input file. */
  readonly inputs: Readonly<Record<string, string>>;
  /** Project-relative posix path → sha256 of every output file. */
  readonly outputs: Readonly<Record<string, string>>;
  /**
   * Runtime sources → their hash without comments and layout (`source-fingerprint.ts`): a runtime
   * file that differs from `inputs` only in these still leaves the run a no-op.
   */
  readonly normalized: Readonly<Record<string, string>>;
  /**
   * The warnings of the run that wrote the state (manifest warnings, `strict: true` no provider
   * can take): they follow from the inputs alone, so an up-to-date run reports them again.
   */
  readonly warnings: readonly string[];
  /**
   * Tool name → the key of its emission and the files it made (`emit/emission-key.ts`): a tool
   * whose key is unchanged and whose files on disk still have the hashes in `outputs` is not
   * emitted again.
   */
  readonly emissions: Readonly<Record<string, ToolEmission>>;
}

/** Inputs whose comments and layout do not matter (the runtime sources the audit scans). */
export function isLayoutFreeInput(file: string): boolean {
  return file.startsWith('runtime/') && file.endsWith('.ts');
}

/**
 * The inputs that differ from `state` when everything else matches (same outputs on disk, same
 * input files) and each of them is a runtime source; otherwise `undefined` (a full run).
 */
export function layoutCandidates(
  state: GenerateState,
  inputs: Readonly<Record<string, string>>,
  outputs: Readonly<Record<string, string>>,
): string[] | undefined {
  if (!sameRecord(state.outputs, outputs)) return undefined;
  const keys = Object.keys(inputs);
  if (keys.length !== Object.keys(state.inputs).length) return undefined;
  const changed = keys.filter((key) => state.inputs[key] !== inputs[key]);
  return changed.every(isLayoutFreeInput) ? changed : undefined;
}

/**
 * The normalised hashes of the runtime inputs: taken from `previous` for files whose exact hash
 * did not change, computed (loading the TypeScript parser) for the others.
 */
export async function normalizedInputs(
  projectRoot: string,
  inputs: Readonly<Record<string, string>>,
  previous: GenerateState | undefined,
): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  const missing: string[] = [];
  for (const file of Object.keys(inputs).filter(isLayoutFreeInput)) {
    const known = previous?.inputs[file] === inputs[file] ? previous?.normalized[file] : undefined;
    if (known === undefined) missing.push(file);
    else result[file] = known;
  }
  if (missing.length > 0) {
    const { normalizedHashes } = await import('./support/source-fingerprint.js');
    Object.assign(result, await normalizedHashes(projectRoot, missing, inputs));
  }
  return Object.fromEntries(
    Object.entries(result).sort(([left], [right]) => compareCodeUnits(left, right)),
  );
}

/**
 * The generation options that shape the output (the config's `builtIns`, the contract module a
 * project's modules import, whether the audit runs) as one more input, under a name no file
 * has: changing `builtIns` changes the inputs, so `generate` regenerates what `check` finds
 * stale instead of saying "up to date".
 */
export function optionsInput(options: {
  readonly packageBuiltIns?: unknown;
  readonly contractModule?: unknown;
  readonly audit?: unknown;
}): Record<string, string> {
  const shaping = {
    packageBuiltIns: options.packageBuiltIns ?? null,
    contractModule: options.contractModule ?? null,
    audit: options.audit ?? null,
  };
  return { '(generate options)': hashText(JSON.stringify(shaping)) };
}

export function hashText(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

/**
 * Hashes of everything a run's output depends on: the manifests (not the two schema files the
 * generator writes there), the runtime sources (hook modules, contract types, what the audit
 * scans), the generator itself with its templates, and the lock file (library versions).
 */
export async function hashInputs(
  projectRoot: string,
  paths: ProjectPaths = REPOSITORY_PATHS,
): Promise<Record<string, string>> {
  // Every entry, not only regular files: a link or a directory named `x.yaml` is an input the
  // loader refuses, so it must change the hash (else `generate` says "up to date" while `check` fails).
  const every = { allEntries: true, directories: true } as const;
  const outputs = manifestOutputFiles(paths);
  // The implementations of a project with its own folders (this repository's are in runtime/).
  const implementations = isInFolder(paths.implementations, 'runtime')
    ? []
    : [paths.implementations];
  const [manifest, runtime, generator, ...handlers] = await Promise.all(
    [paths.manifests, 'runtime', 'generator', ...implementations].map((folder) =>
      listFiles(projectRoot, folder, every),
    ),
  );
  const files = [
    ...new Set([
      ...manifest!.filter((file) => !outputs.includes(file)),
      ...[...runtime!, ...handlers.flat()].filter((file) => file.endsWith('.ts')),
      ...generator!,
      'package-lock.json',
    ]),
  ].sort(compareCodeUnits);
  return hashFiles(projectRoot, files);
}

/** Hashes of the output files on disk now: all of `generated/` but the state, plus the manifest schemas. */
export async function hashOutputsOnDisk(
  projectRoot: string,
  paths: ProjectPaths = REPOSITORY_PATHS,
): Promise<Record<string, string>> {
  const generated = await listFiles(projectRoot, paths.generated);
  const files = [
    ...generated.filter((file) => file !== paths.stateFile),
    ...manifestOutputFiles(paths),
  ].sort(compareCodeUnits);
  return hashFiles(projectRoot, files);
}

/**
 * Missing files are left out of the result. An entry that is not a regular file (a link, a FIFO, a
 * device) is hashed by what it is, never read: opening a FIFO would block, and the loader refuses
 * such entries, so the run they take part in must not be skipped as up to date. The files are
 * read synchronously, one after another: for the small files of a project, that is a quarter of
 * the time concurrent asynchronous reads take (each a few trips through libuv's thread pool).
 */
function hashFiles(projectRoot: string, files: readonly string[]): Record<string, string> {
  const hashes = files.map((file) => {
    const content = readRegularFileSync(path.join(projectRoot, file));
    if (content.kind === 'missing') return undefined;
    return [
      file,
      content.kind === 'file' ? hashText(content.bytes) : `not a regular file: ${content.what}`,
    ] as const;
  });
  return Object.fromEntries(hashes.filter((entry) => entry !== undefined));
}

export function stateOf(
  tools: number,
  inputs: Record<string, string>,
  files: ReadonlyMap<string, string>,
  normalized: Readonly<Record<string, string>>,
  warnings: readonly string[],
  emissions: ReadonlyMap<string, ToolEmission>,
): GenerateState {
  const outputs = Object.fromEntries(
    [...files]
      .map(([file, text]) => [file, hashText(text)] as const)
      .sort(([left], [right]) => compareCodeUnits(left, right)),
  );
  return {
    version: STATE_VERSION,
    tools,
    inputs,
    outputs,
    normalized,
    warnings: [...warnings],
    emissions: Object.fromEntries(
      [...emissions].sort(([left], [right]) => compareCodeUnits(left, right)),
    ),
  };
}

export function stateFileText(state: GenerateState): string {
  return `${JSON.stringify(state, null, 2)}\n`;
}

export async function readState(
  projectRoot: string,
  stateFile: string = STATE_FILE,
): Promise<GenerateState | undefined> {
  try {
    const state = JSON.parse(
      await readFile(path.join(projectRoot, ...stateFile.split('/')), 'utf8'),
    ) as GenerateState;
    return state.version === STATE_VERSION &&
      Array.isArray(state.warnings) &&
      typeof state.emissions === 'object' &&
      state.emissions !== null
      ? state
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What every tool's emission depends on besides the tool's own values: all inputs but the
 * manifests, the runtime sources by their hash without comments and layout (a comment in the
 * runtime re-emits nothing).
 */
export function emissionBase(
  inputs: Readonly<Record<string, string>>,
  normalized: Readonly<Record<string, string>>,
  paths: ProjectPaths,
): string {
  const parts: string[] = [];
  for (const [file, hash] of Object.entries(inputs)) {
    if (isInFolder(file, paths.manifests)) continue;
    parts.push(file, normalized[file] ?? hash);
  }
  return hashParts(parts);
}

/**
 * The files `tool`'s last emission made, read from disk, when that emission had `key`, its files
 * are the ones such an emission makes (`required`, and only those of `allowed` — a state file
 * is committed, so it never names what a run may read or write), and every file still has the
 * hash the state recorded; otherwise `undefined` (emit it again).
 */
export function reusableEmission(
  projectRoot: string,
  state: GenerateState,
  tool: string,
  key: string,
  required: readonly string[],
  allowed: readonly string[],
): ReadonlyMap<string, string> | undefined {
  const emission = state.emissions[tool];
  if (emission?.key !== key || !Array.isArray(emission.files)) return undefined;
  const listed: readonly unknown[] = emission.files;
  if (
    !required.every((file) => listed.includes(file)) ||
    !listed.every((file) => typeof file === 'string' && allowed.includes(file)) ||
    new Set(listed).size !== listed.length
  )
    return undefined;
  const files = new Map<string, string>();
  for (const file of emission.files) {
    let text: string;
    try {
      text = readFileSync(path.join(projectRoot, ...file.split('/')), 'utf8');
    } catch {
      return undefined;
    }
    if (state.outputs[file] === undefined || hashText(text) !== state.outputs[file])
      return undefined;
    files.set(file, text);
  }
  return files;
}

/** Whether a run would produce exactly what is on disk: same inputs, outputs untouched since. */
export function isUpToDate(
  state: GenerateState,
  inputs: Readonly<Record<string, string>>,
  outputs: Readonly<Record<string, string>>,
): boolean {
  return sameRecord(state.inputs, inputs) && sameRecord(state.outputs, outputs);
}

function sameRecord(
  left: Readonly<Record<string, string>>,
  right: Readonly<Record<string, string>>,
): boolean {
  const leftKeys = Object.keys(left);
  return (
    leftKeys.length === Object.keys(right).length &&
    leftKeys.every((key) => left[key] === right[key])
  );
}
