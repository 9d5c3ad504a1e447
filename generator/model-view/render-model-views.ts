/**
 * The model-view step of `generate` and `check`: runs `print-model-views.ts` in a child process
 * (Node with tsx, as the CLI runs) over a directory of generated modules — the generated folder
 * itself, or the staged directory a write is about to swap in, so the views are swapped in with
 * the modules they were rendered from — and returns the files. This repository renders with its
 * own `runtime/integrations/providers/model-view.ts` (a copy of its layout without that file has no model
 * view); a project that uses the package renders with the package's, from its own tools and the
 * built-ins it selects.
 */
import { execFile } from 'node:child_process';
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { EmitIssue } from '../emit/emit-issue.js';
import { listFiles } from '../support/list-files.js';
import { mapConcurrently } from '../support/map-concurrently.js';
import { REPOSITORY_PATHS, isInFolder, type ProjectPaths } from '../support/project-paths.js';
import type { BuiltInSelection } from '../config/select-built-ins.js';

const run = promisify(execFile);

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
  const paths = options.paths ?? REPOSITORY_PATHS;
  if (options.packageBuiltIns === undefined) {
    try {
      await access(path.join(projectRoot, MODEL_VIEW_RENDERER));
    } catch {
      return undefined;
    }
  }
  const script = fileURLToPath(new URL('./print-model-views.ts', import.meta.url));
  options.progress?.(`rendering ${paths.modelViewDirectory}/ from the generated modules…`);
  let stdout: string;
  try {
    ({ stdout } = await run(
      process.execPath,
      [
        // tsx as this package resolves it: a project's own node_modules may have none.
        '--import',
        import.meta.resolve('tsx'),
        script,
        path.resolve(projectRoot),
        path.resolve(generatedDirectory),
        paths.generated,
        ...(options.packageBuiltIns === undefined ? [] : [JSON.stringify(options.packageBuiltIns)]),
      ],
      { cwd: projectRoot, maxBuffer: 256 * 1024 * 1024 },
    ));
  } catch (error) {
    const text = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    const lines = text.split('\n').map((line) => line.trim());
    throw new ModelViewRenderError(
      lines.find((line) => /^\w*Error\b/.test(line)) ?? lines[0]!,
      paths.modelViewDirectory,
    );
  }
  const { files } = JSON.parse(stdout) as { files: Record<string, string> };
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
}
