/**
 * The `--json` shapes of `check`, `generate` and `call`, built in one place so they stay stable
 * (documented in README.md, "Machine-readable output"). Fields are only ever added.
 */
import type { GenerateIssue } from '../generator/generate-issue.js';

/** One manifest (or hook-export, or emitter) problem. */
export interface ProblemJson {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** Field path in the manifest (`timeout.defaultMs`); empty for the whole document. */
  readonly path: string;
  /** One code per rule (`unknown_field`, `hook_not_exported`, …). */
  readonly code: string;
  readonly message: string;
}

export function problemJson(issue: GenerateIssue): ProblemJson {
  return {
    file: issue.file,
    line: issue.line,
    column: issue.column,
    path: issue.path,
    code: issue.code,
    message: issue.message,
  };
}

/** Two-space-indented JSON, the only way the CLI prints it. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, null, 2);
}
