/**
 * The project a command works on: its root (see project-root.ts) and what its config file says.
 * A project with a `tool-contracts.config.*` uses the package from `node_modules`: its folders are
 * the config's, its generated modules import the runtime types as `@tool-contracts/runtime/contract`, and
 * the audit scans the package's runtime (on demand, not in every generate). Without a config file
 * nothing changes: this repository.
 */
import path from 'node:path';
import { loadProjectConfig, type ProjectConfig } from '../generator/config/project-config.js';
import { packageRoot } from '../generator/support/package-root.js';
import { projectPaths, type ProjectPaths } from '../generator/support/project-paths.js';
import type { BuiltInSelection } from '../generator/config/select-built-ins.js';
import { formatManifestIssue } from '../generator/manifest/manifest-issue.js';
import { requireProjectRoot } from './project-root.js';
import { CommandError } from './usage-error.js';

/** The package's module of runtime types, as a project that installed it imports it. */
export const PACKAGE_CONTRACT_MODULE = '@tool-contracts/runtime/contract';

export interface ProjectLayout {
  readonly projectRoot: string;
  /** Project-relative name of the config file; `undefined` for this repository's own layout. */
  readonly configFile: string | undefined;
  readonly config: ProjectConfig;
  /** Every folder and file of the project, resolved from the config once. */
  readonly paths: ProjectPaths;
  /**
   * The root whose `runtime/` the audit scans: the project itself for this repository, the
   * installed package for a project that uses it (its handlers run on the package's runtime).
   */
  readonly runtimeRoot: string;
  /** Options for `generate()` that follow from the config. */
  readonly generateOptions: {
    readonly paths: ProjectPaths;
    readonly contractModule?: string;
    readonly audit?: boolean;
    readonly packageBuiltIns?: BuiltInSelection;
  };
}

/**
 * {@link requireProjectRoot} plus its config, or a {@link CommandError} that lists every problem
 * of the config file (file:line:col, paths relative to the current directory's project).
 */
export async function requireProjectLayout(start: string): Promise<ProjectLayout> {
  const projectRoot = requireProjectRoot(start);
  // The package's built-in names, read only for a config that names some.
  const loaded = await loadProjectConfig(projectRoot, async () =>
    (await import('../generated/index.js')).builtInTools.map((tool) => tool.metadata.name),
  );
  if (!loaded.ok)
    throw new CommandError(
      `bad config in ${projectRoot}:\n${loaded.issues.map(formatManifestIssue).join('\n')}`,
    );
  const { config, file } = loaded;
  const paths = projectPaths(config);
  if (file === undefined)
    return {
      projectRoot,
      configFile: undefined,
      config,
      paths,
      runtimeRoot: projectRoot,
      generateOptions: { paths },
    };
  return {
    projectRoot,
    configFile: file,
    config,
    paths,
    runtimeRoot: packageRoot(),
    // The audit scans the package's runtime and takes seconds cold: `tool-contracts audit` and
    // `check --strict` run it on demand instead of every generate.
    generateOptions: {
      paths,
      contractModule: PACKAGE_CONTRACT_MODULE,
      audit: false,
      packageBuiltIns: config.builtIns,
    },
  };
}
