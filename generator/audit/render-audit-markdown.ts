/**
 * `generated/AUDIT.md` from the handlebars template `generator/templates/audit.md.hbs`. The view
 * model below does all formatting (cells escaped, lists shortened), the template only lays out.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import type { AuditReport } from './build-audit-report.js';
import { REQUIREMENTS } from './requirement-coverage.js';
import type { FieldAudit, FieldReader } from './scan-field-readers.js';

const TEMPLATE_FILE = fileURLToPath(new URL('../templates/audit.md.hbs', import.meta.url));

/** Readers listed per cell before `+N more`. */
const MAX_READERS = 3;
/** Tool names listed per cell before `+N more`. */
const MAX_TOOLS = 6;

export async function renderAuditMarkdown(report: AuditReport, toolCount: number): Promise<string> {
  const source = await readFile(TEMPLATE_FILE, 'utf8');
  const template = Handlebars.create().compile(source, { noEscape: true, strict: true });
  return template(viewOf(report, toolCount));
}

function viewOf(report: AuditReport, toolCount: number): object {
  const reserved = report.fields.filter((field) => field.reserved !== undefined);
  return {
    fileCount: report.runtimeFiles.length,
    summary: report.summary,
    reservedCount: reserved.length,
    fields: report.fields.map((field) => ({
      path: field.path,
      class: classLabel(field) + (field.reserved === undefined ? '' : ' (reserved)'),
      readers: readersCell(field),
      setBy: toolsCell(field.setBy, toolCount),
    })),
    reserved: reserved.map((field) => ({
      path: field.path,
      class: classLabel(field),
      reason: cell(field.reserved!),
    })),
    modelFields: report.modelFields.map((field) => ({
      path: field.path,
      class: classLabel(field),
      readers: readersCell(field),
    })),
    hooks: report.hooks.map((hook) => ({
      hook: hook.hook,
      declaredBy: toolsCell(hook.declaredBy, toolCount),
      called: hook.called ? 'yes' : 'no',
      readers: cell(readerList(hook.readers)),
    })),
    requirements: REQUIREMENTS.map((requirement, index) => {
      const notEnforced = new Set(
        report.coverage.flatMap((tool) => tool.requirements[index]!.notEnforced),
      );
      return {
        requirement: requirement.requirement,
        fields: requirement.fields.map((field) => `\`${field}\``).join(', '),
        notEnforced:
          notEnforced.size === 0 ? '—' : [...notEnforced].map((field) => `\`${field}\``).join(', '),
      };
    }),
    coverageHead: ['Tool', ...REQUIREMENTS.map((requirement) => requirement.requirement)].join(
      ' | ',
    ),
    coverageRule: ['Tool', ...REQUIREMENTS].map(() => '---').join(' | '),
    coverage: report.coverage.map((tool) =>
      [
        tool.tool,
        ...tool.requirements.map(
          (item) => `${item.declared ? 'declared' : '—'} / ${item.enforced}`,
        ),
      ].join(' | '),
    ),
    findings: {
      sortedNames: report.findings.sortedNames.map((finding) => ({
        name: finding.name,
        reason: finding.reason,
      })),
      aliases: report.findings.aliases.map((finding) => ({ ...finding, reason: finding.reason })),
      hooks: report.findings.hooks.map((finding) => ({
        hook: finding.hook,
        declaredBy: finding.declaredBy.join(', '),
      })),
    },
  };
}

function classLabel(field: FieldAudit): string {
  return field.class === 'projected' ? 'projected only' : field.class;
}

function readersCell(field: FieldAudit): string {
  const list = readerList(field.readers);
  return cell(
    field.via === undefined
      ? list
      : `${list}; via ${field.via.map((step) => `\`${step}\``).join(' → ')}`,
  );
}

function readerList(readers: readonly FieldReader[]): string {
  if (readers.length === 0) return '—';
  const shown = readers.slice(0, MAX_READERS).map((reader) => {
    const target =
      reader.projectsTo === undefined
        ? ''
        : ` → ${reader.projectsTo.map((item) => `\`${item}\``).join(', ')}`;
    return `${reader.file}:${reader.line} (${reader.use}${target})`;
  });
  const more = readers.length > MAX_READERS ? `, +${readers.length - MAX_READERS} more` : '';
  return `${shown.join(', ')}${more}`;
}

function toolsCell(tools: readonly string[], toolCount: number): string {
  if (tools.length === 0) return '—';
  if (tools.length === toolCount && toolCount > 1) return `all ${toolCount} tools`;
  const shown = tools.slice(0, MAX_TOOLS).join(', ');
  return tools.length > MAX_TOOLS ? `${shown}, +${tools.length - MAX_TOOLS} more` : shown;
}

/** A table cell: no line breaks, `|` escaped. */
function cell(text: string): string {
  return text.replace(/\r\n|\r|\n|\u2028|\u2029/g, ' ').replace(/\|/g, '\\|');
}
