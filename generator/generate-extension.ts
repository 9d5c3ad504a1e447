/**
 * Extensions add to a generate run without the pipeline knowing them: the audit adds trailing
 * comments to contract fields no runtime code enforces, and its reports (`generated/AUDIT.md`,
 * `generated/field-readers.json`). An extension runs only in a full run, after the manifests
 * loaded; it should import heavy modules (ts-morph) lazily inside `run`.
 */
import { auditExtension } from './audit/audit-extension.js';
import type { FieldAnnotations } from './emit/print-value.js';
import type { GenerateIssue } from './generate-issue.js';
import type { LoadedTool, ManifestSet } from './manifest/manifest-set.js';

export interface GenerateExtensionContext {
  readonly projectRoot: string;
  readonly set: ManifestSet;
}

export interface GenerateContribution {
  /**
   * Trailing comment per contract field path of one tool (`metadata.maxOutputBytes` →
   * `projected only: runtime/registry.ts:41`); `undefined` for no comment.
   */
  readonly annotationsFor?: (tool: LoadedTool) => FieldAnnotations | undefined;
  /** More output files, project-relative under `generated/` (`generated/AUDIT.md`). */
  readonly files?: ReadonlyMap<string, string>;
  /** Printed in the summary; do not fail the run. */
  readonly warnings?: readonly string[];
  /** Fail the run like manifest errors. */
  readonly issues?: readonly GenerateIssue[];
}

export interface GenerateExtension {
  /** Shown when the extension fails (`audit`). */
  readonly name: string;
  run(context: GenerateExtensionContext): Promise<GenerateContribution>;
}

/**
 * The extensions `generate`, `check` and `watch` use unless told otherwise. Register project-wide
 * extensions here (import their modules lazily, inside `run`).
 */
export function defaultGenerateExtensions(): readonly GenerateExtension[] {
  return [auditExtension()];
}

/** Several extensions' comments on one field, joined in extension order. */
export function combineAnnotations(
  contributions: readonly GenerateContribution[],
): ((tool: LoadedTool) => FieldAnnotations | undefined) | undefined {
  const sources = contributions.flatMap((contribution) =>
    contribution.annotationsFor ? [contribution.annotationsFor] : [],
  );
  if (sources.length === 0) return undefined;
  return (tool) => {
    const perTool = sources
      .map((source) => source(tool))
      .filter((annotations) => annotations !== undefined);
    if (perTool.length === 0) return undefined;
    return (fieldPath) => {
      const notes = perTool
        .map((annotations) => annotations(fieldPath))
        .filter((note) => note !== undefined && note !== '');
      return notes.length === 0 ? undefined : notes.join('; ');
    };
  };
}
