/**
 * `tool-contracts audit`: which contract fields the runtime reads, and where. Prints one row per
 * field (class and readers), then the findings; `--json` prints the whole report (the same data
 * as `generated/field-readers.json`). Exit 0 after a report, 1 for manifest problems, 2 for a
 * usage error. The scan is cached (see `generator/audit/audit-cache.ts`); `--no-cache` rescans.
 */
import { terminalText } from './terminal-text.js';
import type { AuditReport } from '../generator/audit/build-audit-report.js';
import { defineCommand } from './define-command.js';
import { count, paint } from './generate-command.js';
import { requireProjectLayout } from './project-layout.js';

export const AUDIT_USAGE = `Usage: tool-contracts audit [options]

Show every contract field path with its class and the runtime code that reads it:
  enforced        some read decides something (directly or through a copy that is enforced)
  projected only  every read only copies the value somewhere
  unread          nothing in runtime/ reads it
In a configured project the manifests are its own and the runtime scanned is the package's.

Options:
      --json      Print the full report as JSON, with current line numbers
                  (generated/field-readers.json holds it without them)
      --no-cache  Scan again even when runtime/ did not change
  -h, --help      Show this help`;

export const command = defineCommand({
  name: 'audit',
  usage: AUDIT_USAGE,
  options: { json: { type: 'boolean' }, 'no-cache': { type: 'boolean' } },
  async run({ values }, io) {
    const { projectRoot, paths, runtimeRoot } = await requireProjectLayout(io.cwd);
    const [{ loadManifestSet }, { formatManifestIssue }, { auditProject }] = await Promise.all([
      import('../generator/manifest/load-manifest-set.js'),
      import('../generator/manifest/manifest-issue.js'),
      import('../generator/audit/audit-project.js'),
    ]);
    const loaded = await loadManifestSet(projectRoot, { paths });
    if (!loaded.ok) {
      for (const issue of loaded.issues) io.err(terminalText(formatManifestIssue(issue)));
      io.err(
        paint(
          io.color,
          'red',
          `${count(loaded.issues.length, 'problem')} in manifests; nothing audited.`,
        ),
      );
      return 1;
    }
    const audit = await auditProject({
      projectRoot: runtimeRoot,
      paths,
      set: loaded.set,
      cache: values['no-cache'] !== true,
    });
    if (values.json === true) io.out(JSON.stringify(audit.report, null, 2));
    else io.out(auditTable(audit.report, io.color).join('\n'));
    return 0;
  },
});

export const run = command.run;

const CLASS_LABELS = {
  enforced: 'enforced',
  projected: 'projected only',
  unread: 'unread',
} as const;
const CLASS_COLORS = { enforced: 'green', projected: 'yellow', unread: 'red' } as const;

/** Readers shown per field in the table. */
const SHOWN_READERS = 2;

/** The human report: a field table, then the summary and findings. */
export function auditTable(report: AuditReport, color: boolean): string[] {
  const pathWidth = Math.max(...report.fields.map((field) => field.path.length), 'Field'.length);
  const classWidth = Math.max(
    ...Object.values(CLASS_LABELS).map((label) => label.length + ' (reserved)'.length),
  );
  const lines = [`${'Field'.padEnd(pathWidth)}  ${'Class'.padEnd(classWidth)}  Readers`];
  for (const field of report.fields) {
    const label = `${CLASS_LABELS[field.class]}${field.reserved === undefined ? '' : ' (reserved)'}`;
    const readers = field.readers
      .slice(0, SHOWN_READERS)
      .map((reader) => `${reader.file}:${reader.line}:${reader.column} ${reader.use}`);
    if (field.readers.length > SHOWN_READERS)
      readers.push(`+${field.readers.length - SHOWN_READERS} more`);
    lines.push(
      `${field.path.padEnd(pathWidth)}  ${paint(color, CLASS_COLORS[field.class], label.padEnd(classWidth))}  ${readers.join(', ') || '—'}`,
    );
  }
  const { summary, findings } = report;
  lines.push(
    '',
    `${count(summary.fields, 'field')}: ${summary.enforced} enforced, ${summary.projected} projected only, ${summary.unread} unread (${report.runtimeFiles.length} runtime files scanned).`,
  );
  if (summary.unreadNotReserved.length > 0) {
    lines.push(
      paint(color, 'red', `Unread and not reserved: ${summary.unreadNotReserved.join(', ')}`),
    );
  }
  for (const finding of findings.hooks)
    lines.push(`Hook never called: ${finding.hook} (declared by ${finding.declaredBy.join(', ')})`);
  for (const finding of findings.aliases)
    lines.push(`Unreachable alias: ${finding.alias} of ${finding.tool}: ${finding.reason}`);
  for (const finding of findings.sortedNames)
    lines.push(`Sorted-name entry without a tool: ${finding.name}`);
  return lines;
}
