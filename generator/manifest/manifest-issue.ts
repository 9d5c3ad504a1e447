/**
 * A problem found while loading manifests. Problems are data: the loader collects every one of a
 * run and the edge (CLI, tests) words them with {@link formatManifestIssue}.
 */
import { compareCodeUnits } from '../../runtime/core/support/compare-code-units.js';

/** What kind of problem an issue is; one code per rule, so tools can filter without parsing text. */
export type ManifestIssueCode =
  // reading and parsing
  | 'unreadable_file'
  | 'yaml_syntax'
  | 'duplicate_key'
  | 'alias_limit'
  | 'missing_schema_comment'
  | 'not_a_regular_file'
  | 'control_character'
  | 'non_finite_number'
  | 'too_deep'
  // one manifest against the language
  | 'invalid_type'
  | 'missing_field'
  | 'invalid_value'
  | 'unknown_field'
  | 'too_small'
  | 'too_big'
  | 'invalid_string'
  | 'invalid_manifest'
  | 'file_name'
  | 'invalid_required'
  | 'invalid_bounds'
  | 'duplicate_enum_value'
  | 'unsafe_pattern'
  | 'invalid_template'
  // warnings: carried in a weaker form than written
  | 'unchecked_format'
  | 'required_with_default'
  // extends
  | 'unknown_base'
  | 'extends_cycle'
  // across manifests
  | 'duplicate_name'
  | 'alias_conflict'
  | 'read_only_destructive'
  | 'unknown_group'
  | 'unknown_in_registration_order'
  | 'missing_from_registration_order'
  | 'duplicate_in_registration_order'
  | 'reserved_name_defined'
  | 'unknown_reference'
  // hand-written implementation modules
  | 'missing_implementation'
  | 'missing_handler'
  | 'hook_not_exported'
  | 'hook_not_declared'
  | 'wrong_export_type';

export interface ManifestIssue {
  readonly code: ManifestIssueCode;
  /** Project-relative posix path of the file the problem is in, e.g. `manifest/tools/bash.yaml`. */
  readonly file: string;
  /** 1-based line of the offending value (or key, for unknown fields). */
  readonly line: number;
  /** 1-based column of the offending value (or key, for unknown fields). */
  readonly column: number;
  /** Field path in the manifest, e.g. `permission.riskLevel`; empty for the whole document. */
  readonly path: string;
  /** What the language accepts here, in words (`one of "low" | "medium" | "high"`). */
  readonly expected?: string;
  /** What the file has here, in words (`"hgih"`, `a list`, `nothing`). */
  readonly found?: string;
  /** The whole explanation, without location and path. */
  readonly message: string;
}

/**
 * One line per issue: `manifest/tools/bash.yaml:14:16 permission.riskLevel: expected one of "low" |
 * "medium" | "high", found "hgih"`. Issues about a whole document have no path part.
 */
export function formatManifestIssue(issue: ManifestIssue): string {
  const location = `${issue.file}:${issue.line}:${issue.column}`;
  return issue.path === ''
    ? `${location} ${issue.message}`
    : `${location} ${issue.path}: ${issue.message}`;
}

/** Order of a report: by file, then position, then path and text, so runs print the same bytes. */
export function compareManifestIssues(left: ManifestIssue, right: ManifestIssue): number {
  return (
    compareCodeUnits(left.file, right.file) ||
    left.line - right.line ||
    left.column - right.column ||
    compareCodeUnits(left.path, right.path) ||
    compareCodeUnits(left.message, right.message)
  );
}
