/**
 * The generate pipeline: manifests → every generated file, in memory first, then (when asked)
 * written atomically.
 *
 * 1. No-op shortcut (writing runs only): hash every input and every output on disk; when both
 *    match `generated/.generate-state.json`, stop. Nothing but node built-ins is loaded up to
 *    here: the loader, ts-morph and the emitters are imported dynamically below.
 * 2. Load and check manifests, check hook exports, run the audit (its reports and the inline
 *    flags of the tool modules), emit.
 * 3. Compare with disk; when writing, under a per-project lock, write `generated/` by building a
 *    sibling directory — the modules, then `model-view/` rendered from those staged modules, then
 *    the state — and swapping it in, then the two schema files in `manifest/` (each written to a
 *    temporary file and renamed). A renderer that fails fails the run before the swap.
 */
import type { JsonSchema } from '../runtime/core/contract.js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { compareGenerateIssues, type GenerateIssue } from './generate-issue.js';
import {
  emissionBase,
  hashInputs,
  hashOutputsOnDisk,
  isUpToDate,
  layoutCandidates,
  normalizedInputs,
  optionsInput,
  readState,
  reusableEmission,
  stateFileText,
  stateOf,
} from './generate-state.js';
import { compareCodeUnits } from '../runtime/core/support/compare-code-units.js';
import { listFiles } from './support/list-files.js';
import { mapConcurrently } from './support/map-concurrently.js';
import { isInFolder, REPOSITORY_PATHS, type ProjectPaths } from './support/project-paths.js';
import type { BuiltInSelection } from './config/select-built-ins.js';
import type { LoadManifestSetOptions } from './manifest/load-manifest-set.js';
import { withGenerateLock } from './with-generate-lock.js';
import {
  writeFileAtomically,
  withStagedDirectory,
  writeGeneratedDirectory,
  type WriteFaults,
} from './write-generated-directory.js';

export interface GenerateOptions {
  /** Absolute path of the project (the folder with `manifest/`, `runtime/`, `generated/`). */
  readonly projectRoot: string;
  /** Write changed files to disk. `false` computes everything and compares (what `check` does). */
  readonly write: boolean;
  /** Skip the content-hash shortcut. Default: false (the shortcut applies to writing runs only). */
  readonly force?: boolean;
  /**
   * Run the audit: `generated/AUDIT.md`, `generated/field-readers.json` and the inline flags.
   * `false` leaves all three out (tests of the pipeline alone). Default: true.
   */
  readonly audit?: boolean;
  /** Directory lister for the manifest folder (tests shuffle it to prove order independence). */
  readonly listDirectory?: LoadManifestSetOptions['listDirectory'];
  /**
   * Where generated modules import the runtime types from (see `EmitOptions.contractModule`).
   * Default: this repository's `runtime/core/contract.js`, by relative path.
   */
  readonly contractModule?: string;
  /**
   * The project's folders: where the manifests and implementations are read and the outputs
   * written. Default: this repository's `manifest/`, `runtime/tools/` and `generated/`.
   */
  readonly paths?: ProjectPaths;
  /**
   * Set for a project that uses the package: the built-in tools its config selects. Its model view
   * is then rendered by the package's runtime from these and the project's own tools. Default:
   * this repository, whose own runtime renders its own tools.
   */
  readonly packageBuiltIns?: BuiltInSelection;
  /** Tests only: fail while writing `generated/`. */
  readonly faults?: WriteFaults;
  /**
   * Told when a step that takes seconds starts — the audit's scan and the handlers' type check
   * when their caches miss, the model-view render — so a person is not left at a silent prompt
   * (the CLI prints these on a terminal's standard error). Default: nothing is told.
   */
  readonly progress?: (step: string) => void;
}

export interface GenerateResult {
  /** No problem in any manifest (and, when writing, everything was written). */
  readonly ok: boolean;
  /** The content-hash shortcut applied: nothing was loaded, compared or written. */
  readonly upToDate: boolean;
  /** Every problem found, sorted by file and position; empty when `ok`. */
  readonly issues: readonly GenerateIssue[];
  /** Every output, project-relative posix path → text, in path order. Empty for an up-to-date or failed run. */
  readonly files: ReadonlyMap<string, string>;
  /** Outputs whose text differs from disk or that are not on disk (written when writing). */
  readonly changed: readonly string[];
  /** The part of `changed` that is not on disk at all. */
  readonly missing: readonly string[];
  /** Outputs identical to what is on disk. */
  readonly unchanged: readonly string[];
  /** Files in `generated/` that the run does not produce (removed when writing). */
  readonly extra: readonly string[];
  readonly toolCount: number;
  /**
   * Tools whose modules and schemas this run emitted; a writing run takes the others' files from
   * the last run's (their emission key is unchanged and their files intact). 0 for an up-to-date
   * or failed run; every tool for `check` and `force`.
   */
  readonly emittedTools: number;
  /** Printed by the CLI; never fail a run. */
  readonly warnings: readonly string[];
  readonly durationMs: number;
}

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const started = performance.now();
  const root = options.projectRoot;
  const paths = options.paths ?? REPOSITORY_PATHS;
  const { generated: generatedDirectory, stateFile } = paths;
  const isGenerated = (file: string) => isInFolder(file, generatedDirectory);
  let repairs: readonly string[] = [];
  const finish = (result: Omit<GenerateResult, 'durationMs'>): GenerateResult => ({
    ...result,
    // What recovery repaired is reported with the warnings of the run.
    warnings: [...repairs, ...result.warnings],
    durationMs: performance.now() - started,
  });
  const failed = (
    issues: readonly GenerateIssue[],
    warnings: readonly string[] = [],
  ): GenerateResult =>
    finish({ ...EMPTY, ok: false, issues: [...issues].sort(compareGenerateIssues), warnings });

  // A run killed mid-write left leftovers (or no generated/ at all): repair first, so that the
  // no-op hash and check's comparison see the recovered state.
  const { needsRecovery, recoverGeneratedDirectory } =
    await import('./recover-generated-directory.js');
  repairs = (await needsRecovery(root, generatedDirectory, paths.manifests))
    ? await withGenerateLock(root, () =>
        recoverGeneratedDirectory(root, generatedDirectory, paths.manifests),
      )
    : [];

  // Hashed before anything is read for generation: an input edited during the run then makes the
  // recorded state stale, and the next run is a full one.
  const inputs = options.write
    ? { ...(await hashInputs(root, paths)), ...optionsInput(options) }
    : undefined;
  const previous = inputs === undefined ? undefined : await readState(root, stateFile);
  if (inputs !== undefined && previous !== undefined && !options.force) {
    const upToDate = (): GenerateResult =>
      finish({
        ...EMPTY,
        upToDate: true,
        unchanged: Object.keys(previous.outputs),
        toolCount: previous.tools,
        // The inputs are the ones that gave these warnings: they still hold.
        warnings: previous.warnings,
      });
    const outputs = await hashOutputsOnDisk(root, paths);
    if (isUpToDate(previous, inputs, outputs)) return upToDate();
    // Runtime sources that changed only in comments or layout cannot change how the audit
    // classifies a field: record their new hashes and stay a no-op.
    const candidates = layoutCandidates(previous, inputs, outputs);
    if (candidates !== undefined) {
      const { onlyLayoutChanged } = await import('./support/source-fingerprint.js');
      if (await onlyLayoutChanged(root, candidates, previous.normalized)) {
        await withGenerateLock(root, () =>
          writeFileAtomically(
            path.join(root, ...stateFile.split('/')),
            stateFileText({ ...previous, inputs }),
          ),
        );
        return upToDate();
      }
    }
  }

  // The model-view renderer is a process of its own (model-view/render-model-views.ts): it starts
  // loading now, on the other core, while this one loads, checks and emits; every way out of the
  // run below stops it.
  const views = await import('./model-view/render-model-views.js');
  const renderer = await views.startModelViewRenderer(root, {
    paths,
    ...(options.packageBuiltIns === undefined ? {} : { packageBuiltIns: options.packageBuiltIns }),
    ...(options.progress === undefined ? {} : { progress: options.progress }),
  });
  try {
    const { loadManifestSet } = await import('./manifest/load-manifest-set.js');
    const loaded = await loadManifestSet(root, {
      paths,
      valueCache: true,
      ...(options.listDirectory ? { listDirectory: options.listDirectory } : {}),
    });
    // Every problem of the run is reported at once: the implementation modules of the manifests
    // that are valid are checked even when others are not, and the emitter runs even when a
    // module is wrong.
    const { checkHookExports } = await import('./audit/check-hook-exports.js');
    const hookIssues = await checkHookExports(
      root,
      loaded.ok ? loaded.set.tools : loaded.implementationTargets,
      {
        implementations: paths.implementations,
        ...(options.progress === undefined ? {} : { progress: options.progress }),
      },
    );
    if (!loaded.ok) return failed([...loaded.issues, ...hookIssues]);
    const { set } = loaded;
    // The model views of the modules in `directory`; the tool count chooses how they are rendered.
    const renderViews = (directory: string) => renderer.render(directory, set.tools.length);
    const generatedPath = path.join(root, ...generatedDirectory.split('/'));
    const { formatManifestIssue } = await import('./manifest/manifest-issue.js');
    const warnings: string[] = loaded.warnings.map(formatManifestIssue);

    const audit =
      options.audit === false || hookIssues.length > 0
        ? undefined
        : await (
            await import('./audit/audit-project.js')
          ).auditProject({
            projectRoot: root,
            set,
            ignoreLayout: true,
            paths,
            ...(options.progress === undefined ? {} : { progress: options.progress }),
          });

    const { emitGeneratedFiles, toolOutputPaths } = await import('./emit/emit-generated-files.js');
    // A writing run records each tool's emission key, and re-emits only the tools whose key or
    // files changed since the last run (`check` emits every tool: it is the authority).
    const normalized =
      inputs === undefined ? undefined : await normalizedInputs(root, inputs, previous);
    const base = inputs === undefined ? undefined : emissionBase(inputs, normalized!, paths);
    const emitted = emitGeneratedFiles(set, {
      ...(audit === undefined ? {} : { annotationsFor: (tool) => audit.annotationsFor(tool) }),
      ...(options.contractModule === undefined ? {} : { contractModule: options.contractModule }),
      paths,
      eagerHooksModules: await eagerHooksModules(root, paths),
      ...(base === undefined
        ? {}
        : {
            reuse: {
              base,
              filesOf: (tool, key) => {
                if (previous === undefined || options.force) return undefined;
                const outputs = toolOutputPaths(generatedDirectory, tool.manifest.name);
                const required = [
                  outputs.module,
                  outputs.zod,
                  outputs.inputSchema,
                  outputs.outputSchema,
                ];
                return reusableEmission(root, previous, tool.manifest.name, key, required, [
                  ...required,
                  outputs.descriptions,
                  outputs.descriptionsDeclaration,
                ]);
              },
            },
          }),
    });
    if (hookIssues.length > 0 || !emitted.ok)
      return failed([...hookIssues, ...(emitted.ok ? [] : emitted.issues)], warnings);
    const { strictWarnings } = await import('./manifest/strict-warnings.js');
    warnings.push(
      ...strictWarnings(set.tools, (tool) => {
        const text = emitted.files.get(
          `${generatedDirectory}/schemas/${tool.manifest.name}.input.json`,
        );
        return text === undefined ? undefined : (JSON.parse(text) as JsonSchema);
      }),
    );
    const emittedFiles =
      audit === undefined ? emitted.files : new Map([...emitted.files, ...audit.files]);
    // Everything so far follows from the inputs alone: an up-to-date run reports these again.
    const inputWarnings = [...warnings];
    // generated/model-view/ is rendered from generated modules on disk (a child process, see
    // model-view/render-model-views.ts): from the staged directory when writing, so the views are
    // swapped in with the modules they came from; from generated/ when checking.
    const carried = await views.readModelViewsOnDisk(root, paths);
    const files = sortedFiles([...emittedFiles, ...carried]);
    const isViewFile = (file: string) => views.isModelViewFile(file, paths);

    const relative = (all: ReadonlyMap<string, string>) => {
      const directory = new Map<string, string>();
      for (const [file, text] of all)
        if (isGenerated(file)) directory.set(file.slice(generatedDirectory.length + 1), text);
      return directory;
    };
    const modulesOf = (all: ReadonlyMap<string, string>) =>
      new Map([...relative(all)].filter(([file]) => !isView(file)));
    /** Whether anything in generated/ but the model views differs from this run's files. */
    const modulesChanged = (onDisk: Pick<GenerateResult, 'changed' | 'extra'>) =>
      onDisk.extra.length > 0 ||
      onDisk.changed.some((file) => isGenerated(file) && !isViewFile(file));

    if (!options.write) {
      // What is stale is decided as a writing run decides it: the views are rendered from this
      // run's modules — staged beside generated/ when those on disk differ — and compared with the
      // views on disk, so check names every file generate would then write.
      const comparison = await compareWithDisk(root, files, paths);
      let rendered: Map<string, string> | undefined;
      try {
        rendered = modulesChanged(comparison)
          ? await withGenerateLock(root, () =>
              withStagedDirectory(
                root,
                generatedDirectory,
                modulesOf(files),
                renderViews,
                options.faults,
              ),
            )
          : await renderViews(generatedPath);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== undefined && UNWRITABLE.has(code)) {
          // A read-only checkout: the modules are stale all the same; the views cannot be rendered
          // from them here, so they are left out of the comparison, and the report says so.
          const unrendered = `the model views were not compared: the new modules could not be staged beside ${generatedDirectory}/ to render them (${code})`;
          return finish({
            ...EMPTY,
            files,
            ...comparison,
            toolCount: set.tools.length,
            emittedTools: emitted.emittedTools,
            warnings: [...warnings, unrendered],
          });
        }
        if (!(error instanceof views.ModelViewRenderError)) throw error;
        return failed([error.toIssue()], warnings);
      }
      if (rendered === undefined)
        return finish({
          ...EMPTY,
          files,
          ...comparison,
          toolCount: set.tools.length,
          emittedTools: emitted.emittedTools,
          warnings,
        });
      // The carried views were just read from disk: their comparison with the rendered ones is the
      // views' comparison with disk, without reading every generated file again.
      return finish({
        ...EMPTY,
        files: sortedFiles([...emittedFiles, ...rendered]),
        ...withViewChanges(comparison, carried, rendered, isViewFile),
        toolCount: set.tools.length,
        emittedTools: emitted.emittedTools,
        warnings,
      });
    }
    const lockOptions = options.faults?.pause ? { pause: options.faults.pause } : {};
    let final = files;
    try {
      const comparison = await withGenerateLock(
        root,
        async () => {
          const onDisk = await compareWithDisk(root, files, paths);
          const stateFor = (all: ReadonlyMap<string, string>) =>
            stateFileText(
              stateOf(
                set.tools.length,
                inputs!,
                all,
                normalized!,
                inputWarnings,
                emitted.emissions,
              ),
            );
          const withViews = (rendered: ReadonlyMap<string, string> | undefined) =>
            rendered === undefined ? files : sortedFiles([...emittedFiles, ...rendered]);
          const stateName = stateFile.slice(generatedDirectory.length + 1);
          let rendered: Map<string, string> | undefined;
          if (modulesChanged(onDisk)) {
            // Stage the modules, render the views from the staged ones, add views and state, swap:
            // generated/ and its model view change together or not at all.
            await writeGeneratedDirectory(
              root,
              generatedDirectory,
              modulesOf(files),
              options.faults,
              async (staging) => {
                rendered = await renderViews(staging);
                final = withViews(rendered);
                const added = new Map([...relative(final)].filter(([file]) => isView(file)));
                added.set(stateName, stateFor(final));
                return added;
              },
            );
          } else {
            // The modules on disk are this run's already: render from them, and swap only when
            // the views differ.
            rendered = await renderViews(generatedPath);
            final = withViews(rendered);
            if (rendered !== undefined && !sameViews(carried, rendered)) {
              const directory = relative(final);
              directory.set(stateName, stateFor(final));
              await writeGeneratedDirectory(root, generatedDirectory, directory, options.faults);
            } else {
              await writeFileAtomically(path.join(root, ...stateFile.split('/')), stateFor(final));
            }
          }
          // The manifest schemas go last: a failure before this point has changed nothing at all.
          for (const file of onDisk.changed) {
            if (!isGenerated(file))
              await writeFileAtomically(path.join(root, ...file.split('/')), files.get(file)!);
          }
          return rendered === undefined
            ? onDisk
            : withViewChanges(onDisk, carried, rendered, isViewFile);
        },
        lockOptions,
      );
      return finish({
        ...EMPTY,
        files: final,
        ...comparison,
        toolCount: set.tools.length,
        emittedTools: emitted.emittedTools,
        warnings,
      });
    } catch (error) {
      if (!(error instanceof views.ModelViewRenderError)) throw error;
      return failed([error.toIssue()], warnings);
    }
  } finally {
    renderer.close();
  }
}

/** Errors of a file system `check` may not write to (a read-only checkout or mount). */
const UNWRITABLE = new Set(['EACCES', 'EPERM', 'EROFS']);

/** Relative to generated/: whether `file` is a model view. */
function isView(file: string): boolean {
  return file.startsWith('model-view/');
}

function sameViews(
  carried: ReadonlyMap<string, string>,
  rendered: ReadonlyMap<string, string>,
): boolean {
  return (
    carried.size === rendered.size &&
    [...rendered].every(([file, text]) => carried.get(file) === text)
  );
}

/** `onDisk` (compared with the carried views) with the rendered views' own comparison instead. */
function withViewChanges(
  onDisk: Pick<GenerateResult, 'changed' | 'missing' | 'unchanged' | 'extra'>,
  carried: ReadonlyMap<string, string>,
  rendered: ReadonlyMap<string, string>,
  isViewFile: (file: string) => boolean,
): Pick<GenerateResult, 'changed' | 'missing' | 'unchanged' | 'extra'> {
  const others = (list: readonly string[]) => list.filter((file) => !isViewFile(file));
  const views = [...rendered.keys()];
  return {
    changed: [
      ...others(onDisk.changed),
      ...views.filter((file) => carried.get(file) !== rendered.get(file)),
    ].sort(compareCodeUnits),
    missing: [...others(onDisk.missing), ...views.filter((file) => !carried.has(file))].sort(
      compareCodeUnits,
    ),
    unchanged: [
      ...others(onDisk.unchanged),
      ...views.filter((file) => carried.get(file) === rendered.get(file)),
    ].sort(compareCodeUnits),
    extra: [...onDisk.extra, ...[...carried.keys()].filter((file) => !rendered.has(file))].sort(
      compareCodeUnits,
    ),
  };
}

/** Implementations with an `<implementation>-eager-hooks.ts` module beside them. */
async function eagerHooksModules(root: string, paths: ProjectPaths): Promise<Set<string>> {
  const suffix = '-eager-hooks.ts';
  const files = await listFiles(root, paths.implementations);
  return new Set(
    files
      .filter(
        (file) =>
          file.endsWith(suffix) && !file.slice(paths.implementations.length + 1).includes('/'),
      )
      .map((file) => file.slice(paths.implementations.length + 1, -suffix.length)),
  );
}

function sortedFiles(entries: Iterable<[string, string]>): Map<string, string> {
  return new Map([...entries].sort(([left], [right]) => compareCodeUnits(left, right)));
}

const EMPTY: Omit<GenerateResult, 'durationMs'> = {
  ok: true,
  upToDate: false,
  issues: [],
  files: new Map(),
  changed: [],
  missing: [],
  unchanged: [],
  extra: [],
  toolCount: 0,
  emittedTools: 0,
  warnings: [],
};

/** How `files` differ from disk; `extra` lists files in `generated/` no output accounts for. */
async function compareWithDisk(
  root: string,
  files: ReadonlyMap<string, string>,
  paths: ProjectPaths,
): Promise<Pick<GenerateResult, 'changed' | 'missing' | 'unchanged' | 'extra'>> {
  const changed: string[] = [];
  const missing: string[] = [];
  const unchanged: string[] = [];
  await mapConcurrently([...files], async ([file, text]) => {
    let onDisk: Buffer | undefined;
    try {
      onDisk = await readFile(path.join(root, ...file.split('/')));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (onDisk === undefined) missing.push(file);
    if (onDisk === undefined || !onDisk.equals(Buffer.from(text, 'utf8'))) changed.push(file);
    else unchanged.push(file);
  });
  const extra = (await listFiles(root, paths.generated)).filter(
    (file) => file !== paths.stateFile && !files.has(file),
  );
  return {
    changed: changed.sort(compareCodeUnits),
    missing: missing.sort(compareCodeUnits),
    unchanged: unchanged.sort(compareCodeUnits),
    extra,
  };
}
