/**
 * Every project-relative path the generator and the commands read or write, resolved once from
 * the three folders of a project's config (`manifests`, `generated`, `implementations`) and passed
 * down: nothing below the CLI names `manifest/`, `generated/` or `runtime/tools/` itself.
 * All paths are posix, relative to the project root, without a trailing slash.
 */
import path from 'node:path';

/** The folders a config names (see `ProjectConfigSchema`). */
export interface ProjectFolders {
  readonly manifests: string;
  readonly generated: string;
  readonly implementations: string;
}

export interface ProjectPaths extends ProjectFolders {
  /** The index: `<manifests>/tools.yaml`. */
  readonly toolIndexFile: string;
  /** One manifest per tool: `<manifests>/tools/*.yaml`. */
  readonly manifestDirectory: string;
  /** The JSON Schema of a manifest, beside the index (the manifests' modeline names it `../manifest.schema.json`). */
  readonly manifestSchemaFile: string;
  /** The JSON Schema of the index (its modeline names it `./tools.schema.json`). */
  readonly toolIndexSchemaFile: string;
  /** The generator's no-op cache: `<generated>/.generate-state.json`. */
  readonly stateFile: string;
  /** What the model is sent, per context and request format: `<generated>/model-view`. */
  readonly modelViewDirectory: string;
  /** `<generated>/AUDIT.md`. */
  readonly auditMarkdownFile: string;
  /** `<generated>/field-readers.json`. */
  readonly fieldReadersFile: string;
}

/** The folders of this repository (and of every project whose config leaves them out). */
export const DEFAULT_PROJECT_FOLDERS: ProjectFolders = {
  manifests: 'manifest',
  generated: 'generated',
  implementations: 'runtime/tools',
};

export function projectPaths(folders: ProjectFolders): ProjectPaths {
  const { manifests, generated, implementations } = folders;
  return {
    manifests,
    generated,
    implementations,
    toolIndexFile: `${manifests}/tools.yaml`,
    manifestDirectory: `${manifests}/tools`,
    manifestSchemaFile: `${manifests}/manifest.schema.json`,
    toolIndexSchemaFile: `${manifests}/tools.schema.json`,
    stateFile: `${generated}/.generate-state.json`,
    modelViewDirectory: `${generated}/model-view`,
    auditMarkdownFile: `${generated}/AUDIT.md`,
    fieldReadersFile: `${generated}/field-readers.json`,
  };
}

/** The paths of this repository's layout. */
export const REPOSITORY_PATHS: ProjectPaths = projectPaths(DEFAULT_PROJECT_FOLDERS);

/** The outputs the generator writes outside `<generated>/`: the two schemas in `<manifests>/`. */
export function manifestOutputFiles(paths: ProjectPaths): readonly string[] {
  return [paths.manifestSchemaFile, paths.toolIndexSchemaFile];
}

/** Whether `file` (project-relative) is `folder` itself or below it. */
export function isInFolder(file: string, folder: string): boolean {
  return file === folder || file.startsWith(`${folder}/`);
}

/**
 * The import specifier from a module in folder `from` to the module `to` (both project-relative
 * posix paths): `relativeSpecifier('src/gen/tools', 'src/impl/greet.js')` is `'../../impl/greet.js'`.
 */
export function relativeSpecifier(from: string, to: string): string {
  const relative = path.posix.relative(from, to);
  return relative.startsWith('../') ? relative : `./${relative}`;
}
