/** An installable unit of the repository (see dist-packages.js). */
export interface DistPackage {
  readonly key: 'runtime' | 'tools' | 'cli';
  /** Project-relative folder of its package.json (`.` for the CLI). */
  readonly directory: string;
  /** Whether it owns a project-relative source path. */
  owns(file: string): boolean;
}
/** The packages in build order. */
export declare const DIST_PACKAGES: readonly DistPackage[];
/** The package owning a project-relative source path, if any. */
export declare function ownerOf(file: string): DistPackage | undefined;
/** The `name` field of a package's package.json. */
export declare function packageName(root: string, distPackage: DistPackage): string;
/** The CLI bundle's own entry points: cli/main.ts and the model-view renderer. */
export declare const CLI_ENTRY_POINTS: readonly string[];
/** Per package, the entry points of its bundle (see dist-packages.js). */
export declare function distEntryPoints(root: string): Map<DistPackage['key'], string[]>;
