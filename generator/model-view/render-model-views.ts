/**
 * The model-view step of `generate` and `check`: runs `print-model-views.ts` in a child process
 * (Node with tsx, as the CLI runs) over the project's `generated/` on disk, and returns the files.
 * A project without `runtime/providers/model-view.ts` has no model view.
 */
import { execFile } from 'node:child_process';
import { access, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { listFiles } from '../list-files.js';
import { writeFileAtomically } from '../write-generated-directory.js';

const run = promisify(execFile);

/** Where the model views live, project-relative. */
export const MODEL_VIEW_DIRECTORY = 'generated/model-view';

const RENDERER = 'runtime/providers/model-view.ts';

export function isModelViewFile(file: string): boolean {
  return file.startsWith(`${MODEL_VIEW_DIRECTORY}/`);
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
 * Project-relative path → text of every model-view file, rendered from `projectRoot`'s disk;
 * `undefined` (with a warning pushed) when the project has no renderer or rendering failed.
 */
export async function renderModelViewsOnDisk(
  projectRoot: string,
  warnings: string[],
): Promise<Map<string, string> | undefined> {
  try {
    await access(path.join(projectRoot, RENDERER));
  } catch {
    return undefined;
  }
  const script = fileURLToPath(new URL('./print-model-views.ts', import.meta.url));
  try {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', script, path.resolve(projectRoot)],
      { cwd: projectRoot, maxBuffer: 256 * 1024 * 1024 },
    );
    const { files } = JSON.parse(stdout) as { files: Record<string, string> };
    return new Map(Object.entries(files));
  } catch (error) {
    const message = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    warnings.push(`${MODEL_VIEW_DIRECTORY}/ not rendered: ${message.split('\n')[0]}`);
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
