/**
 * `tool-contracts watch`: regenerate once, then after every change below the manifest folder or
 * the implementations (`manifest/` and `runtime/` here; the config's folders in a configured
 * project), debounced, one run at a time, printing each run's summary. Ctrl-C (SIGINT) or
 * SIGTERM stops it with exit code 0.
 */
import { watch as watchDirectory, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { isInFolder, manifestOutputFiles } from '../generator/support/project-paths.js';
import type { CommandIO } from './command-io.js';
import { defineCommand, UsageError } from './define-command.js';
import { generateReport, paint, progressOption } from './generate-command.js';
import { requireProjectLayout, type ProjectLayout } from './project-layout.js';

export const WATCH_USAGE = `Usage: tool-contracts watch [options]

Regenerate now, then whenever a file below manifest/ or runtime/ (in a configured project: its
manifest and implementation folders) changes. Ctrl-C stops.

Options:
  --debounce <ms>  Wait this long after the last change before a run (default: 200)
  -h, --help       Show this help`;

export interface WatchOptions {
  readonly projectRoot: string;
  /** The project's config and folders. Default: read from `projectRoot`. */
  readonly layout?: ProjectLayout;
  readonly io: CommandIO;
  /** Quiet period after the last change before regenerating. */
  readonly debounceMs: number;
  /** Stops watching; the returned promise then resolves. */
  readonly signal: AbortSignal;
}

export const command = defineCommand({
  name: 'watch',
  usage: WATCH_USAGE,
  options: { debounce: { type: 'string' } },
  async run({ values }, io) {
    const debounceMs = debounceOption(values.debounce);
    const layout = await requireProjectLayout(io.cwd);
    const { projectRoot } = layout;
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    try {
      await watchProject({ projectRoot, layout, io, debounceMs, signal: controller.signal });
    } finally {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    }
    return 0;
  },
});

export const run = command.run;

/** `--debounce` checked: 200 ms when absent. */
export function debounceOption(value: string | undefined): number {
  if (!/^\d+$/.test(value ?? '200'))
    throw new UsageError('--debounce expects a whole number of milliseconds');
  return Number(value ?? '200');
}

/** Watch until `signal` aborts. Runs never overlap: a change during a run queues one more run. */
export async function watchProject(options: WatchOptions): Promise<void> {
  const { projectRoot, io, signal } = options;
  const layout = options.layout ?? (await requireProjectLayout(projectRoot));
  const { paths } = layout;
  const { generate } = await import('../generator/generate.js');
  // This repository's hooks, contract types and audited code are all of runtime/.
  const folders = [
    paths.manifests,
    ...(layout.configFile === undefined ? ['runtime'] : []),
    paths.implementations,
  ];
  const watched = folders.filter(
    (folder, position) =>
      folders.indexOf(folder) === position &&
      !folders.some((other) => other !== folder && isInFolder(folder, other)),
  );
  const outputs = manifestOutputFiles(paths);
  /** Files the generator itself writes below a watched directory must not trigger another run. */
  const isOwnOutput = (file: string): boolean =>
    outputs.some((output) => file === output || file.startsWith(`${output}.tmp-`));
  let running = false;
  let pending = false;
  let timer: NodeJS.Timeout | undefined;

  const regenerate = async (): Promise<void> => {
    if (running) {
      pending = true;
      return;
    }
    running = true;
    try {
      do {
        pending = false;
        try {
          const result = await generate({
            ...layout.generateOptions,
            ...progressOption(io),
            projectRoot,
            write: true,
          });
          for (const line of generateReport(result, io.color)) (result.ok ? io.out : io.err)(line);
        } catch (error) {
          io.err(
            paint(
              io.color,
              'red',
              `generate failed: ${error instanceof Error ? error.message : String(error)}`,
            ),
          );
        }
      } while (pending && !signal.aborted);
    } finally {
      running = false;
    }
  };

  const schedule = (file: string | null): void => {
    if (file !== null && isOwnOutput(file)) return;
    clearTimeout(timer);
    timer = setTimeout(() => void regenerate(), options.debounceMs);
  };

  await regenerate();
  if (signal.aborted) return;
  const watchers: FSWatcher[] = watched.map((directory) =>
    watchDirectory(
      path.join(projectRoot, ...directory.split('/')),
      { recursive: true },
      (_event, file) =>
        schedule(file === null ? null : `${directory}/${String(file).split(path.sep).join('/')}`),
    ),
  );
  io.out(`Watching ${watched.map((directory) => `${directory}/`).join(' and ')} (Ctrl-C stops).`);
  await new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
  clearTimeout(timer);
  for (const watcher of watchers) watcher.close();
  while (running) await new Promise((resolve) => setTimeout(resolve, 20));
  io.out('Stopped watching.');
}
