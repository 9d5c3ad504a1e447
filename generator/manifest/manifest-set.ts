import type { FieldPath } from './field-path.js';
import type { ManifestIssue } from './manifest-issue.js';
import type { HookName } from '../../runtime/core/contract.js';
import type { Manifest, ToolIndex } from './manifest-schema.js';

/** One valid tool manifest, ready for the emitter. */
export interface LoadedTool {
  /** The manifest after `extends` is applied and zod defaults are filled in. */
  readonly manifest: Manifest;
  /** Project-relative posix path of the manifest, e.g. `manifest/tools/bash.yaml`. */
  readonly file: string;
  /**
   * Module name in `runtime/tools/` with the handler and hooks: the manifest's `implementation`
   * (own or inherited through `extends`), else `kebab(name)` of the first tool of the chain
   * (`Task extends Agent` → `agent`).
   */
  readonly implementation: string;
  /**
   * Field paths the YAML writes (own or inherited), parents included, formatted like issue paths:
   * `permission`, `permission.patternSources`, `aliases[0]`. Fields filled by zod defaults are not
   * in it.
   */
  readonly explicitPaths: ReadonlySet<string>;
  /** 1-based position of a field's value in this tool's own file (nearest existing ancestor). */
  locate(path: FieldPath): { line: number; column: number };
}

/**
 * What the implementation-module check needs of a tool. Every {@link LoadedTool} is one; a
 * manifest that fails validation still is one when its `name` and `hooks` are valid, so its
 * module's problems come in the same run as its manifest's.
 */
export interface ImplementationTarget {
  readonly file: string;
  readonly implementation: string;
  readonly explicitPaths: ReadonlySet<string>;
  readonly manifest: {
    readonly name: string;
    readonly hooks: readonly HookName[];
    readonly extends?: string | undefined;
  };
  locate(path: FieldPath): { line: number; column: number };
}

/** Every valid manifest of a project and the index that orders them. */
export interface ManifestSet {
  /** In `registrationOrder` of `manifest/tools.yaml`. */
  readonly tools: readonly LoadedTool[];
  readonly index: ToolIndex;
  /** Every input file read (project-relative posix paths), sorted by code unit. */
  readonly files: readonly string[];
}

/** A loaded set, or every problem found (sorted by file and position, never empty). */
export type LoadResult =
  | {
      readonly ok: true;
      readonly set: ManifestSet;
      /** Problems that do not fail the run (a schema nested deep enough to warn about), sorted. */
      readonly warnings: readonly ManifestIssue[];
    }
  | {
      readonly ok: false;
      readonly issues: readonly ManifestIssue[];
      /**
       * The tools whose implementation modules can still be checked (valid manifests, and
       * invalid ones with a valid name and hooks), so those problems come in the same run.
       */
      readonly implementationTargets: readonly ImplementationTarget[];
    };
