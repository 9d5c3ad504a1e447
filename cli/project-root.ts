/**
 * Where a command's project is: the nearest folder, from the current directory up, that holds a
 * `tool-contracts.config.json`/`.yaml`/`.yml` or a `manifest/tools.yaml`. So `tool-contracts
 * check` works from `runtime/tools/` as from the root, like `git` or `npm` do.
 */
import path from 'node:path';
import { existsSync } from './sync-fs.js';
import { CommandError } from './usage-error.js';

/** Config files (as `generator/config/project-config.ts` reads them), in the order looked for. */
const CONFIG_FILE_MARKERS = [
  'tool-contracts.config.json',
  'tool-contracts.config.yaml',
  'tool-contracts.config.yml',
] as const;

/** Files whose presence marks a project root, in the order they are looked for. */
export const PROJECT_ROOT_MARKERS = [...CONFIG_FILE_MARKERS, 'manifest/tools.yaml'] as const;

/**
 * Whether the project at `root` has a config file: checked without reading it, so that a command
 * in this repository's own layout never loads the config parser (yaml, zod) it does not need.
 */
export function hasConfigFile(root: string): boolean {
  return CONFIG_FILE_MARKERS.some((file) => existsSync(path.join(root, file)));
}

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
