/**
 * The audit report: the scan's field classes joined with what the manifests declare. Plain
 * data, written as `generated/field-readers.json` and rendered into `generated/AUDIT.md`.
 */
import type { ManifestSet } from '../manifest/manifest-set.js';
import { auditFindings, type AuditFindings } from './audit-findings.js';
import { manifestPathOf, setsExplicitly } from './manifest-path-of.js';
import { requirementCoverage, type ToolCoverage } from './requirement-coverage.js';
import type { FieldAudit, FieldClass, FieldReaderScan, HookAudit } from './scan-field-readers.js';

/** A contract field in the report. */
export interface ReportedField extends FieldAudit {
  /** The manifest field that writes it; absent when no manifest does (`source`, `mcp.*`). */
  readonly manifestPath?: string;
  /** Tools whose manifest writes the field explicitly, in registration order. */
  readonly setBy: readonly string[];
  /** Why the runtime deliberately does not read it yet (from `RESERVED_CONTRACT_FIELDS`). */
  readonly reserved?: string;
}

export interface ReportedHook extends HookAudit {
  /** Tools whose manifest declares the hook, in registration order. */
  readonly declaredBy: readonly string[];
}

export interface AuditSummary {
  readonly fields: number;
  readonly enforced: number;
  readonly projected: number;
  readonly unread: number;
  /** Unread fields not marked reserved: what `check --strict` fails on. */
  readonly unreadNotReserved: readonly string[];
  readonly projectedOnly: readonly string[];
}

export interface AuditReport {
  /** Scanned runtime files, project-relative, sorted. */
  readonly runtimeFiles: readonly string[];
  readonly summary: AuditSummary;
  /** Every leaf contract field, sorted by path. */
  readonly fields: readonly ReportedField[];
  /** `ModelToolContract` fields the contract is projected into. */
  readonly modelFields: readonly FieldAudit[];
  readonly hooks: readonly ReportedHook[];
  readonly coverage: readonly ToolCoverage[];
  readonly findings: AuditFindings;
}

export function buildAuditReport(
  scan: FieldReaderScan,
  set: ManifestSet,
  reserved: Readonly<Record<string, string>>,
): AuditReport {
  const fields: ReportedField[] = scan.fields.map((field) => {
    const manifestPath = manifestPathOf(field.path);
    const reason = reserved[field.path];
    return {
      ...field,
      ...(manifestPath === undefined ? {} : { manifestPath }),
      setBy: set.tools
        .filter((tool) => setsExplicitly(tool, field.path))
        .map((tool) => tool.manifest.name),
      ...(reason === undefined ? {} : { reserved: reason }),
    };
  });
  const classes = new Map<string, FieldClass>(fields.map((field) => [field.path, field.class]));
  const count = (fieldClass: FieldClass): number =>
    fields.filter((field) => field.class === fieldClass).length;
  return {
    runtimeFiles: scan.files,
    summary: {
      fields: fields.length,
      enforced: count('enforced'),
      projected: count('projected'),
      unread: count('unread'),
      unreadNotReserved: fields
        .filter((field) => field.class === 'unread' && field.reserved === undefined)
        .map((field) => field.path),
      projectedOnly: fields
        .filter((field) => field.class === 'projected')
        .map((field) => field.path),
    },
    fields,
    modelFields: scan.modelFields,
    hooks: scan.hooks.map((hook) => ({
      ...hook,
      declaredBy: set.tools
        .filter((tool) => (tool.manifest.hooks as readonly string[]).includes(hook.hook))
        .map((tool) => tool.manifest.name),
    })),
    coverage: requirementCoverage(set.tools, (fieldPath) => classes.get(fieldPath)),
    findings: auditFindings(set, scan.hooks),
  };
}
