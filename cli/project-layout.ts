/**
 * The project a command works on: its root (see project-root.ts) and what its config file says.
 * A project with a `tool-contracts.config.*` uses the package from `node_modules`: its generated
 * modules import the runtime types as `tool-contracts/contract`, and the audit (which reads this
 * repository's `runtime/`) does not run. Without a config file nothing changes: this repository.
 */
import path from 'node:path';
import {
  DEFAULT_PROJECT_CONFIG,
  loadProjectConfig,
  type ProjectConfig,
} from '../generator/config/project-config.js';
import { formatManifestIssue } from '../generator/manifest/manifest-issue.js';
import { requireProjectRoot } from './project-root.js';
import { CommandError } from './usage-error.js';

/** The package's module of runtime types, as a project that installed it imports it. */
export const PACKAGE_CONTRACT_MODULE = 'tool-contracts/contract';

export interface ProjectLayout {
  readonly projectRoot: string;
  /** Project-relative name of the config file; `undefined` for this repository's own layout. */
  readonly configFile: string | undefined;
  readonly config: ProjectConfig;
  /** Options for `generate()` that follow from the config. */
  readonly generateOptions: { readonly contractModule?: string; readonly audit?: boolean };
}

/**
 * {@link requireProjectRoot} plus its config, or a {@link CommandError} that lists every problem
 * of the config file (file:line:col, paths relative to the current directory's project).
 */
export async function requireProjectLayout(start: string): Promise<ProjectLayout> {
  const projectRoot = requireProjectRoot(start);
  const loaded = await loadProjectConfig(projectRoot);
  if (!loaded.ok)
    throw new CommandError(
      `bad config in ${projectRoot}:\n${loaded.issues.map(formatManifestIssue).join('\n')}`,
    );
  const { config, file } = loaded;
  if (file === undefined)
    return { projectRoot, configFile: undefined, config, generateOptions: {} };
  const moved = (['manifests', 'generated', 'implementations'] as const).filter(
    (key) => config[key] !== DEFAULT_PROJECT_CONFIG[key],
  );
  if (moved.length > 0)
    throw new CommandError(
      `${path.join(projectRoot, file)}: ${moved.map((key) => `${key}: ${JSON.stringify(config[key])}`).join(', ')}: folders other than the defaults (${moved.map((key) => `${key}: ${JSON.stringify(DEFAULT_PROJECT_CONFIG[key])}`).join(', ')}) are not supported yet`,
    );
  return {
    projectRoot,
    configFile: file,
    config,
    generateOptions: { contractModule: PACKAGE_CONTRACT_MODULE, audit: false },
  };
}
