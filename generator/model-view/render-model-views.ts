/**
 * The model-view step of `generate` and `check`: runs `print-model-views.ts` in a child process
 * (Node with tsx, as the CLI runs) over a directory of generated modules — the generated folder
 * itself, or the staged directory a write is about to swap in, so the views are swapped in with
 * the modules they were rendered from — and returns the files. This repository renders with its
 * own `runtime/integrations/providers/model-view.ts` (a copy of its layout without that file has no model
 * view); a project that uses the package renders with the package's, from its own tools and the
 * built-ins it selects.
 */
import { spawn } from 'node:child_process';
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { packagePath } from '../support/package-root.js';
import type { EmitIssue } from '../emit/emit-issue.js';
import { listFiles } from '../support/list-files.js';
import { mapConcurrently } from '../support/map-concurrently.js';
import { REPOSITORY_PATHS, isInFolder, type ProjectPaths } from '../support/project-paths.js';
import type { BuiltInSelection } from '../config/select-built-ins.js';

/** This repository's renderer, project-relative. */
export const MODEL_VIEW_RENDERER = 'runtime/integrations/providers/model-view.ts';

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
): Promise<Map<string, string> | undefined> {
  const renderer = await startModelViewRenderer(projectRoot, options);
  try {
    return await renderer.render(generatedDirectory);
  } finally {
    renderer.close();
  }
}

/** A renderer process started ahead of time: it loads while the generator works. */
export interface ModelViewRenderer {
  /**
   * The views of the modules in `generatedDirectory` (absolute), as {@link renderModelViews}
   * gives them. The process renders once; a second call starts another.
   */
  render(generatedDirectory: string): Promise<Map<string, string> | undefined>;
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
    async render(generatedDirectory) {
      const used = child ?? spawnRenderer(projectRoot, paths, options);
      child = undefined;
      options.progress?.(`rendering ${paths.modelViewDirectory}/ from the generated modules…`);
      const { stdout } = await used.finish(path.resolve(generatedDirectory));
      let files: Record<string, string>;
      try {
        ({ files } = JSON.parse(stdout) as { files: Record<string, string> });
      } catch {
        throw new ModelViewRenderError(
          'the renderer printed no model views',
          paths.modelViewDirectory,
        );
      }
      const outside = Object.keys(files).find(
        (file) =>
          !isModelViewFile(file, paths) ||
          file.split('/').some((part) => part === '..' || part === '.'),
      );
      if (outside !== undefined)
        throw new ModelViewRenderError(
          `the renderer returned ${outside}, outside ${paths.modelViewDirectory}/`,
          paths.modelViewDirectory,
        );
      return new Map(Object.entries(files));
    },
    close() {
      child?.kill();
      child = undefined;
    },
  };
}

/** The most a renderer may print; more is a failure, not an out-of-memory generator. */
const MAX_OUTPUT_BYTES = 256 * 1024 * 1024;

interface RendererProcess {
  /** Names the directory, waits for the process to end: its output, or a render error. */
  finish(generatedDirectory: string): Promise<{ stdout: string }>;
  kill(): void;
}

function spawnRenderer(
  projectRoot: string,
  paths: ProjectPaths,
  options: ModelViewOptions,
): RendererProcess {
  const script = packagePath('generator/model-view/print-model-views.ts');
  const child = spawn(
    process.execPath,
    [
      // tsx as this package resolves it: a project's own node_modules may have none.
      '--import',
      import.meta.resolve('tsx'),
      script,
      path.resolve(projectRoot),
      '-',
      paths.generated,
      ...(options.packageBuiltIns === undefined ? [] : [JSON.stringify(options.packageBuiltIns)]),
    ],
    { cwd: projectRoot, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  const collect = (into: Buffer[]) => (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_OUTPUT_BYTES) {
      tooLarge = true;
      child.kill();
      return;
    }
    into.push(chunk);
  };
  child.stdout.on('data', collect(stdout));
  child.stderr.on('data', collect(stderr));
  // A process that ends before it reads its input (a failure while loading) closes the pipe.
  child.stdin.on('error', () => undefined);
  const ended = new Promise<{ code: number | null; error?: Error }>((resolve) => {
    child.on('error', (error) => resolve({ code: null, error }));
    child.on('close', (code) => resolve({ code }));
  });
  return {
    async finish(generatedDirectory) {
      child.stdin.end(`${generatedDirectory}\n`);
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
      return { stdout: Buffer.concat(stdout).toString('utf8') };
    },
    kill() {
      child.stdin.destroy();
      child.kill();
    },
  };
}
