/**
 * The model-view step of `generate` and `check`: runs `print-model-views.ts` in a child process
 * (Node with tsx, as the CLI runs) over a directory of generated modules — `generated/` itself, or
 * the staged directory a write is about to swap in, so the views are swapped in with the modules
 * they were rendered from — and returns the files. A project without
 * `runtime/providers/model-view.ts` has no model view.
 */
import { execFile } from 'node:child_process';
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { EmitIssue } from '../emit/emit-issue.js';
import { listFiles } from '../list-files.js';

const run = promisify(execFile);

/** Where the model views live, project-relative. */
export const MODEL_VIEW_DIRECTORY = 'generated/model-view';

/** The project's renderer, project-relative. */
export const MODEL_VIEW_RENDERER = 'runtime/providers/model-view.ts';

export function isModelViewFile(file: string): boolean {
  return file.startsWith(`${MODEL_VIEW_DIRECTORY}/`);
}

/** The renderer failed: nothing of the run is written. */
export class ModelViewRenderError extends Error {
  constructor(readonly detail: string) {
    super(`${MODEL_VIEW_DIRECTORY}/ not rendered: ${detail}`);
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
export async function readModelViewsOnDisk(projectRoot: string): Promise<Map<string, string>> {
  const files = await listFiles(projectRoot, MODEL_VIEW_DIRECTORY);
  const entries = await Promise.all(
    files.map(
      async (file) =>
        [file, await readFile(path.join(projectRoot, ...file.split('/')), 'utf8')] as const,
    ),
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
): Promise<Map<string, string> | undefined> {
  try {
    await access(path.join(projectRoot, MODEL_VIEW_RENDERER));
  } catch {
    return undefined;
  }
  const script = fileURLToPath(new URL('./print-model-views.ts', import.meta.url));
  let stdout: string;
  try {
    ({ stdout } = await run(
      process.execPath,
      ['--import', 'tsx', script, path.resolve(projectRoot), path.resolve(generatedDirectory)],
      { cwd: projectRoot, maxBuffer: 256 * 1024 * 1024 },
    ));
  } catch (error) {
    const text = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    const lines = text.split('\n').map((line) => line.trim());
    throw new ModelViewRenderError(lines.find((line) => /^\w*Error\b/.test(line)) ?? lines[0]!);
  }
  const { files } = JSON.parse(stdout) as { files: Record<string, string> };
  const outside = Object.keys(files).find(
    (file) =>
      !isModelViewFile(file) || file.split('/').some((part) => part === '..' || part === '.'),
  );
  if (outside !== undefined)
    throw new ModelViewRenderError(
      `the renderer returned ${outside}, outside ${MODEL_VIEW_DIRECTORY}/`,
    );
  return new Map(Object.entries(files));
}
