/**
 * The model-view step of `generate` and `check`: runs `print-model-views.ts` in a child process
 * (Node with tsx, as the CLI runs) over the project's generated folder on disk, and returns the
 * files. This repository renders with its own `runtime/providers/model-view.ts` (a copy of its
 * layout without that file has no model view); a project that uses the package renders with the
 * package's, from its own tools and the built-ins it selects.
 */
import { execFile } from 'node:child_process';
import { access, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { listFiles } from '../list-files.js';
import { writeFileAtomically } from '../write-generated-directory.js';
import { REPOSITORY_PATHS, isInFolder, type ProjectPaths } from '../config/project-paths.js';
import type { BuiltInSelection } from '../config/select-built-ins.js';

const run = promisify(execFile);

/** Where this repository's model views live, project-relative. */
export const MODEL_VIEW_DIRECTORY = REPOSITORY_PATHS.modelViewDirectory;

const RENDERER = 'runtime/providers/model-view.ts';

/** How to render a project's views. */
export interface ModelViewOptions {
  readonly paths?: ProjectPaths;
  /**
   * Set for a project that uses the package (its config's `builtIns`): rendered by the package's
   * runtime. Default: this repository's layout, rendered by its own runtime.
   */
  readonly packageBuiltIns?: BuiltInSelection;
}

export function isModelViewFile(file: string, paths: ProjectPaths = REPOSITORY_PATHS): boolean {
  return isInFolder(file, paths.modelViewDirectory) && file !== paths.modelViewDirectory;
}

/** The model-view files on disk now. */
export async function readModelViewsOnDisk(
  projectRoot: string,
  paths: ProjectPaths = REPOSITORY_PATHS,
): Promise<Map<string, string>> {
  const files = await listFiles(projectRoot, paths.modelViewDirectory);
  const entries = await Promise.all(
    files.map(
      async (file) =>
        [file, await readFile(path.join(projectRoot, ...file.split('/')), 'utf8')] as const,
    ),
  );
  return new Map(entries);
}

/**
 * Project-relative path → text of every model-view file, rendered from `projectRoot`'s disk;
 * `undefined` (with a warning pushed) when the project has no renderer or rendering failed.
 */
export async function renderModelViewsOnDisk(
  projectRoot: string,
  warnings: string[],
  options: ModelViewOptions = {},
): Promise<Map<string, string> | undefined> {
  const paths = options.paths ?? REPOSITORY_PATHS;
  if (options.packageBuiltIns === undefined) {
    try {
      await access(path.join(projectRoot, RENDERER));
    } catch {
      return undefined;
    }
  }
  const script = fileURLToPath(new URL('./print-model-views.ts', import.meta.url));
  try {
    const { stdout } = await run(
      process.execPath,
      [
        // tsx as this package resolves it: a project's own node_modules may have none.
        '--import',
        import.meta.resolve('tsx'),
        script,
        path.resolve(projectRoot),
        paths.generated,
        ...(options.packageBuiltIns === undefined ? [] : [JSON.stringify(options.packageBuiltIns)]),
      ],
      { cwd: projectRoot, maxBuffer: 256 * 1024 * 1024 },
    );
    const { files } = JSON.parse(stdout) as { files: Record<string, string> };
    return new Map(Object.entries(files));
  } catch (error) {
    const message = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    warnings.push(`${paths.modelViewDirectory}/ not rendered: ${message.split('\n')[0]}`);
    return undefined;
  }
}

/** Write the views that differ from `previous`, remove the ones no longer rendered; the changed paths. */
export async function writeModelViews(
  projectRoot: string,
  previous: ReadonlyMap<string, string>,
  rendered: ReadonlyMap<string, string>,
): Promise<string[]> {
  const changed: string[] = [];
  for (const [file, text] of rendered) {
    if (previous.get(file) === text) continue;
    await writeFileAtomically(path.join(projectRoot, ...file.split('/')), text);
    changed.push(file);
  }
  for (const file of previous.keys()) {
    if (rendered.has(file)) continue;
    await rm(path.join(projectRoot, ...file.split('/')), { force: true });
    changed.push(file);
  }
  return changed;
}
