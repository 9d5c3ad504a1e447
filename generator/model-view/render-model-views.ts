/**
 * The model-view step of `generate` and `check`: renders the views in a child process over a
 * directory of generated modules — the generated folder itself, or the staged directory a write is
 * about to swap in, so the views are swapped in with the modules they were rendered from — and
 * returns the files. Two ways, the same bytes: `print-model-views.ts` (started ahead, so a small
 * project's render is done moments after its modules are staged), or, from
 * {@link BUNDLE_FROM_TOOLS} tools on, the one-module bundle of `bundle-model-views.ts` under plain
 * Node (tsx's per-module cost is what a large project's render is made of). The started process
 * of a CLI that runs from dist/ bundles the own modules of a package project, or of this
 * repository, itself, at any size.
 * This repository renders with its own `runtime/integrations/providers/model-view.ts` (a copy of
 * its layout without that file has no model view); a project that uses the package renders with
 * the package's, from its own tools and the built-ins it selects.
 */
import { spawn } from 'node:child_process';
import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { packagePath } from '../support/package-root.js';
import { RUNS_FROM_SOURCES } from '../support/typescript-loader.js';
import type { EmitIssue } from '../emit/emit-issue.js';
import { listFiles } from '../support/list-files.js';
import { mapConcurrently } from '../support/map-concurrently.js';
import { ModelViewRecordReader } from './model-view-records.js';
import { startedRendererBundles } from './started-renderer-bundles.js';
import { REPOSITORY_PATHS, isInFolder, type ProjectPaths } from '../support/project-paths.js';
import type { BuiltInSelection } from '../config/select-built-ins.js';

/** This repository's renderer, project-relative. */
export const MODEL_VIEW_RENDERER = 'runtime/integrations/providers/model-view.ts';

/**
 * From this many tools on, the views are rendered by a bundle (`bundle-model-views.ts`) rather
 * than by the tsx process started ahead. The bundle costs more up front (esbuild bundles the
 * runtime too, after the modules are staged) and less per tool; the two measured alike at
 * 150–400 tools (`docs/performance.md`, "The model-view step").
 */
export const BUNDLE_FROM_TOOLS = 300;

/** How to render a project's views. */
export interface ModelViewOptions {
  readonly paths?: ProjectPaths;
  /**
   * Set for a project that uses the package (its config's `builtIns`): rendered by the package's
   * runtime. Default: this repository's layout, rendered by its own runtime.
   */
  readonly packageBuiltIns?: BuiltInSelection;
  /** Told when the render starts (a child process: a second or more). */
  readonly progress?: (step: string) => void;
  /** The tool count from which a render is bundled (default {@link BUNDLE_FROM_TOOLS}). */
  readonly bundleFromTools?: number;
  /**
   * When a bundled render fails, render again through tsx (default `true`): a bundle can fail where
   * module-by-module loading does not (a file esbuild cannot read). Tests turn it off to see the
   * bundle's own result.
   */
  readonly bundleFallback?: boolean;
}

export function isModelViewFile(file: string, paths: ProjectPaths = REPOSITORY_PATHS): boolean {
  return isInFolder(file, paths.modelViewDirectory) && file !== paths.modelViewDirectory;
}

/** The renderer failed: nothing of the run is written. */
export class ModelViewRenderError extends Error {
  constructor(
    readonly detail: string,
    /** The model-view folder, project-relative. */
    readonly directory: string,
  ) {
    super(`${directory}/ not rendered: ${detail}`);
    this.name = 'ModelViewRenderError';
  }

  /** As a problem of the run, located at the renderer. */
  toIssue(): EmitIssue {
    return {
      code: 'model_view_failed',
      file: MODEL_VIEW_RENDERER,
      line: 1,
      column: 1,
      path: '',
      message: `${this.message} (nothing was written)`,
    };
  }
}

/** The model-view files on disk now. */
export async function readModelViewsOnDisk(
  projectRoot: string,
  paths: ProjectPaths = REPOSITORY_PATHS,
): Promise<Map<string, string>> {
  const files = await listFiles(projectRoot, paths.modelViewDirectory);
  const entries = await mapConcurrently(
    files,
    async (file) =>
      [file, await readFile(path.join(projectRoot, ...file.split('/')), 'utf8')] as const,
  );
  return new Map(entries);
}

/**
 * Project-relative path → text of every model-view file, rendered from the modules in
 * `generatedDirectory` (absolute); `undefined` when the project has no renderer. Throws
 * {@link ModelViewRenderError} when rendering fails.
 */
export async function renderModelViews(
  projectRoot: string,
  generatedDirectory: string,
  options: ModelViewOptions = {},
  toolCount?: number,
): Promise<Map<string, string> | undefined> {
  const renderer = await startModelViewRenderer(projectRoot, options);
  try {
    return await renderer.render(generatedDirectory, toolCount);
  } finally {
    renderer.close();
  }
}

/** A renderer process started ahead of time: it loads while the generator works. */
export interface ModelViewRenderer {
  /**
   * The views of the modules in `generatedDirectory` (absolute), as {@link renderModelViews}
   * gives them; `toolCount`, the project's tool count, chooses the way (see
   * {@link BUNDLE_FROM_TOOLS}). The process renders once; a second call starts another.
   */
  render(generatedDirectory: string, toolCount?: number): Promise<Map<string, string> | undefined>;
  /** Stops the process if it has not rendered (a run that ends without views). */
  close(): void;
}

/**
 * Starts the renderer process now — it loads tsx, the runtime and the renderer, then waits for
 * the directory on its standard input — so that by the time the modules are staged most of its
 * second of loading is behind it. Call `close` when the run ends, rendered or not.
 */
export async function startModelViewRenderer(
  projectRoot: string,
  options: ModelViewOptions = {},
): Promise<ModelViewRenderer> {
  const paths = options.paths ?? REPOSITORY_PATHS;
  if (options.packageBuiltIns === undefined) {
    try {
      await access(path.join(projectRoot, MODEL_VIEW_RENDERER));
    } catch {
      return { render: async () => undefined, close: () => undefined };
    }
  }
  let child: RendererProcess | undefined = spawnRenderer(projectRoot, paths, options);
  return {
    async render(generatedDirectory, toolCount) {
      const directory = path.resolve(generatedDirectory);
      options.progress?.(`rendering ${paths.modelViewDirectory}/ from the generated modules…`);
      if (
        !startedRendererBundles(projectRoot, options.packageBuiltIns !== undefined) &&
        toolCount !== undefined &&
        toolCount >= (options.bundleFromTools ?? BUNDLE_FROM_TOOLS)
      ) {
        try {
          const files = await renderBundled(projectRoot, directory, paths, options);
          child?.kill();
          child = undefined;
          return files;
        } catch (error) {
          if (options.bundleFallback === false || !(error instanceof ModelViewRenderError))
            throw error;
          options.progress?.(
            `the bundled render failed (${error.detail}); rendering module by module…`,
          );
        }
      }
      const used = child ?? spawnRenderer(projectRoot, paths, options);
      child = undefined;
      return used.finish(`${directory}\n`);
    },
    close() {
      child?.kill();
      child = undefined;
    },
  };
}

/** Bundles the renderer into a temporary folder and runs the bundle: the files it prints. */
async function renderBundled(
  projectRoot: string,
  generatedDirectory: string,
  paths: ProjectPaths,
  options: ModelViewOptions,
): Promise<Map<string, string>> {
  const { bundleModelViews, ModelViewBundleError } = await import('./bundle-model-views.js');
  const folder = await mkdtemp(path.join(tmpdir(), 'tool-contracts-model-view-'));
  try {
    const bundle = path.join(folder, 'render-model-views.mjs');
    try {
      await bundleModelViews(
        {
          projectRoot: path.resolve(projectRoot),
          generatedDirectory,
          generatedFolder: paths.generated,
          renderer:
            options.packageBuiltIns === undefined
              ? path.resolve(projectRoot, MODEL_VIEW_RENDERER)
              : packagePath('runtime/integrations/providers/model-view.ts'),
          ...(options.packageBuiltIns === undefined
            ? {}
            : { packageBuiltIns: options.packageBuiltIns }),
        },
        bundle,
      );
    } catch (error) {
      if (!(error instanceof ModelViewBundleError)) throw error;
      throw new ModelViewRenderError(
        `the renderer could not be bundled: ${error.message}`,
        paths.modelViewDirectory,
      );
    }
    return await spawnNode([bundle], projectRoot, paths).finish('');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The most a renderer may print; more is a failure, not an out-of-memory generator. */
const MAX_OUTPUT_BYTES = 256 * 1024 * 1024;

interface RendererProcess {
  /** Writes `input` and closes standard input, waits for the end: the files, or a render error. */
  finish(input: string): Promise<Map<string, string>>;
  kill(): void;
}

function spawnRenderer(
  projectRoot: string,
  paths: ProjectPaths,
  options: ModelViewOptions,
): RendererProcess {
  return spawnNode(
    [
      // The renderer as this module runs: compiled, by plain Node, when the generator runs from
      // dist/ (the renderer registers tsx for the TypeScript it reads); else its source under tsx,
      // as this package resolves it (a project's own node_modules may have none).
      ...(RUNS_FROM_SOURCES
        ? [
            '--import',
            import.meta.resolve('tsx'),
            packagePath('generator/model-view/print-model-views.ts'),
          ]
        : [packagePath('dist/generator/model-view/print-model-views.js')]),
      path.resolve(projectRoot),
      '-',
      paths.generated,
      ...(options.packageBuiltIns === undefined ? [] : [JSON.stringify(options.packageBuiltIns)]),
    ],
    projectRoot,
    paths,
  );
}

/** Node running `args` in the project: a renderer process, its output collected and bounded. */
function spawnNode(
  args: readonly string[],
  projectRoot: string,
  paths: ProjectPaths,
): RendererProcess {
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const records = new ModelViewRecordReader((file) =>
    !isModelViewFile(file, paths) || file.split('/').some((part) => part === '..' || part === '.')
      ? `the renderer returned ${file}, outside ${paths.modelViewDirectory}/`
      : undefined,
  );
  const stderr: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  const collect = (take: (chunk: Buffer) => void) => (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_OUTPUT_BYTES) {
      tooLarge = true;
      child.kill();
      return;
    }
    take(chunk);
  };
  child.stdout.on(
    'data',
    collect((chunk) => records.push(chunk)),
  );
  child.stderr.on(
    'data',
    collect((chunk) => stderr.push(chunk)),
  );
  // A process that ends before it reads its input (a failure while loading) closes the pipe.
  child.stdin.on('error', () => undefined);
  const ended = new Promise<{ code: number | null; error?: Error }>((resolve) => {
    child.on('error', (error) => resolve({ code: null, error }));
    child.on('close', (code) => resolve({ code }));
  });
  return {
    async finish(input) {
      child.stdin.end(input);
      const { code, error } = await ended;
      const text = Buffer.concat(stderr).toString('utf8').trim();
      if (tooLarge)
        throw new ModelViewRenderError(
          `the renderer printed more than ${MAX_OUTPUT_BYTES} bytes`,
          paths.modelViewDirectory,
        );
      if (error !== undefined || code !== 0) {
        const lines = (text || error?.message || `the renderer exited with ${code}`)
          .split('\n')
          .map((line) => line.trim());
        throw new ModelViewRenderError(
          lines.find((line) => /^\w*Error\b/.test(line)) ?? lines[0]!,
          paths.modelViewDirectory,
        );
      }
      const read = records.files();
      if ('problem' in read) throw new ModelViewRenderError(read.problem, paths.modelViewDirectory);
      return read.files;
    },
    kill() {
      child.stdin.destroy();
      child.kill();
    },
  };
}
