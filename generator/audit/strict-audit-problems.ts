/**
 * `check --strict`: the unread contract fields that are not reserved, read from the audit report
 * the generate run just produced in memory (so the runtime is scanned once, or not at all when
 * the scan is cached).
 */
import { FIELD_READERS_FILE } from './audit-project.js';
import type { CommittedAuditReport } from './committed-report.js';

/** One line per unread, unreserved field; a line saying so when the run produced no report. */
export function strictAuditProblems(
  files: ReadonlyMap<string, string>,
  fieldReadersFile: string = FIELD_READERS_FILE,
): string[] {
  const text = files.get(fieldReadersFile);
  if (text === undefined)
    return [
      `unread:  no audit report (${fieldReadersFile}) was produced; is the audit extension registered?`,
    ];
  const report = JSON.parse(text) as CommittedAuditReport;
  return report.summary.unreadNotReserved.map(
    (field) =>
      `unread:  ${field} (no runtime reader; add one, or reserve it with a reason in RESERVED_CONTRACT_FIELDS)`,
  );
}
