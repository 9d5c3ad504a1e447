/**
 * Where a command's project is: the nearest folder, from the current directory up, that holds a
 * `tool-contracts.config.json`/`.yaml`/`.yml` or a `manifest/tools.yaml`. So `tool-contracts
 * check` works from `runtime/tools/` as from the root, like `git` or `npm` do.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CommandError } from './usage-error.js';

/** Files whose presence marks a project root, in the order they are looked for. */
export const PROJECT_ROOT_MARKERS = [
  'tool-contracts.config.json',
  'tool-contracts.config.yaml',
  'tool-contracts.config.yml',
  'manifest/tools.yaml',
] as const;

/** The nearest folder at or above `start` with a marker; `undefined` when there is none. */
export function findProjectRoot(start: string): string | undefined {
  let directory = path.resolve(start);
  for (;;) {
    if (PROJECT_ROOT_MARKERS.some((marker) => existsSync(path.join(directory, marker))))
      return directory;
    const parent = path.dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
}

/** {@link findProjectRoot}, or a {@link CommandError} that says what was looked for, and where. */
export function requireProjectRoot(start: string): string {
  const root = findProjectRoot(start);
  if (root === undefined)
    throw new CommandError(
      `no tool-contracts project in ${path.resolve(start)} or any folder above it (looked for ${PROJECT_ROOT_MARKERS.join(', ')}); run \`tool-contracts init\` to create one`,
    );
  return root;
}
