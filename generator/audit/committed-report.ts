/**
 * The audit report as committed (`generated/field-readers.json`, `generated/AUDIT.md`, the inline
 * flags): every reader named by file and symbol, never by line, so a runtime edit that moves code
 * without changing how a field is classified leaves the committed files byte-identical. Live
 * positions stay in the {@link AuditReport} that `tool-contracts audit` prints.
 */
import type { AuditReport, ReportedField, ReportedHook } from './build-audit-report.js';
import { compareCodeUnits } from '../../runtime/core/support/compare-code-units.js';
import type { FieldAudit, FieldReader } from './scan-field-readers.js';

/** A reader without its position; reads of one kind in one symbol are one reader. */
export type CommittedReader = Omit<FieldReader, 'line' | 'column'>;

type WithCommittedReaders<T extends { readonly readers: readonly FieldReader[] }> = Omit<
  T,
  'readers'
> & { readonly readers: readonly CommittedReader[] };

export type CommittedField = WithCommittedReaders<ReportedField>;
export type CommittedModelField = WithCommittedReaders<FieldAudit>;
export type CommittedHook = WithCommittedReaders<ReportedHook>;

/** {@link AuditReport} without line numbers and without the list of scanned files. */
export interface CommittedAuditReport extends Omit<
  AuditReport,
  'runtimeFiles' | 'fields' | 'modelFields' | 'hooks'
> {
  readonly fields: readonly CommittedField[];
  readonly modelFields: readonly CommittedModelField[];
  readonly hooks: readonly CommittedHook[];
}

export function committedReport(report: AuditReport): CommittedAuditReport {
  const { runtimeFiles: _files, ...rest } = report;
  return {
    ...rest,
    fields: report.fields.map(withoutLines),
    modelFields: report.modelFields.map(withoutLines),
    hooks: report.hooks.map(withoutLines),
  };
}

function withoutLines<T extends { readonly readers: readonly FieldReader[] }>(
  item: T,
): WithCommittedReaders<T> {
  return { ...item, readers: committedReaders(item.readers) };
}

/** Readers by file, symbol, use and access; duplicates (same symbol, same use) once. */
export function committedReaders(readers: readonly FieldReader[]): CommittedReader[] {
  const unique = new Map<string, CommittedReader>();
  for (const { line: _line, column: _column, ...reader } of readers) {
    const key = JSON.stringify([
      reader.file,
      reader.symbol,
      reader.use,
      reader.access,
      reader.projectsTo ?? [],
    ]);
    if (!unique.has(key)) unique.set(key, reader);
  }
  return [...unique.values()].sort(
    (left, right) =>
      compareCodeUnits(left.file, right.file) ||
      compareCodeUnits(left.symbol, right.symbol) ||
      compareCodeUnits(left.use, right.use) ||
      compareCodeUnits(left.access, right.access) ||
      compareCodeUnits((left.projectsTo ?? []).join(','), (right.projectsTo ?? []).join(',')),
  );
}

/** `runtime/registry.ts#ToolRegistry.register`: how committed output names a reader. */
export function readerName(reader: Pick<FieldReader, 'file' | 'symbol'>): string {
  return `${reader.file}#${reader.symbol}`;
}
