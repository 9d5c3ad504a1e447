/**
 * `generated/AUDIT.md` from the handlebars template `generator/templates/audit.md.hbs`. The view
 * model below does all formatting (cells escaped, lists shortened), the template only lays out.
 * Everything is named by file and symbol, never by line (see `committed-report.ts`).
 */
import { readFile } from 'node:fs/promises';
import { packagePath } from '../support/package-root.js';
import Handlebars from 'handlebars';
import {
  readerName,
  type CommittedAuditReport,
  type CommittedField,
  type CommittedReader,
} from './committed-report.js';
import { compareCodeUnits } from '../../runtime/core/support/compare-code-units.js';
import { REQUIREMENTS, type RequirementCoverage } from './requirement-coverage.js';
import type { FieldClass } from './scan-field-readers.js';

/** Readers listed per cell before `+N more`. */
const MAX_READERS = 3;
/** Tool names listed per cell before `+N more`. */
const MAX_TOOLS = 6;

export async function renderAuditMarkdown(
  report: CommittedAuditReport,
  toolCount: number,
): Promise<string> {
  const source = await readFile(packagePath('generator/templates/audit.md.hbs'), 'utf8');
  const template = Handlebars.create().compile(source, { noEscape: true, strict: true });
  return template(auditView(report, toolCount));
}

/** The template's data; exported for tests. */
export function auditView(report: CommittedAuditReport, toolCount: number): object {
  const reserved = report.fields.filter((field) => field.reserved !== undefined);
  return {
    summary: report.summary,
    reservedCount: reserved.length,
    decisions: report.fields.filter(needsDecision).map((field) => decisionOf(field, toolCount)),
    fields: report.fields.map((field) => ({
      path: field.path,
      class: classLabel(field.class) + (field.reserved === undefined ? '' : ' (reserved)'),
      readers: readersCell(field),
      setBy: toolsCell(field.setBy, toolCount),
    })),
    reserved: reserved.map((field) => ({
      path: field.path,
      class: classLabel(field.class),
      reason: cell(field.reserved!),
    })),
    modelFields: report.modelFields.map((field) => ({
      path: field.path,
      class: classLabel(field.class),
      readers: readersCell(field),
    })),
    hooks: report.hooks.map((hook) => ({
      hook: hook.hook,
      declaredBy: toolsCell(hook.declaredBy, toolCount),
      called: hook.called ? 'yes' : 'no',
      readers: cell(readerList(hook.readers)),
    })),
    requirements: requirementRows(report),
    findings: {
      sortedNames: report.findings.sortedNames,
      aliases: report.findings.aliases,
      hooks: report.findings.hooks.map((finding) => ({
        hook: finding.hook,
        declaredBy: finding.declaredBy.join(', '),
      })),
    },
  };
}

/** A field some manifest sets on purpose that nothing enforces and nobody marked reserved. */
export function needsDecision(field: CommittedField): boolean {
  return field.class !== 'enforced' && field.reserved === undefined && field.setBy.length > 0;
}

function decisionOf(field: CommittedField, toolCount: number): object {
  const targets = [...new Set(field.readers.flatMap((reader) => reader.projectsTo ?? []))].sort(
    compareCodeUnits,
  );
  const remove = `remove \`${field.manifestPath ?? field.path}\``;
  let todo: string;
  if (field.class === 'unread') todo = `add a reader, ${remove}, or reserve it`;
  else if (targets.length > 0)
    todo = `read ${shortList(targets.map(code), 2)} where it should matter, ${remove}, or reserve it`;
  else {
    const places = [...new Set(field.readers.map(readerName))].map(code);
    todo = `make ${shortList(places, 2)} decide something with it, ${remove}, or reserve it`;
  }
  return {
    path: field.path,
    class: classLabel(field.class),
    setBy: toolsCell(field.setBy, toolCount),
    readers: cell(field.readers.length === 0 ? 'nothing' : readerList(field.readers)),
    todo: cell(todo),
  };
}

/**
 * Per requirement: the most common coverage over all tools, and only the tools that differ from
 * it (most tools look alike, so the full tools × requirements matrix says little).
 */
function requirementRows(report: CommittedAuditReport): object[] {
  return REQUIREMENTS.map((requirement, index) => {
    const cells = report.coverage.map((tool) => ({
      tool: tool.tool,
      value: coverageCell(tool.requirements[index]!),
    }));
    const counts = new Map<string, number>();
    for (const { value } of cells) counts.set(value, (counts.get(value) ?? 0) + 1);
    // Most tools first; ties by text, so the choice never depends on tool order.
    const common = [...counts].sort(
      ([leftValue, left], [rightValue, right]) =>
        right - left || compareCodeUnits(leftValue, rightValue),
    )[0];
    const differing = cells.filter(({ value }) => value !== common?.[0]);
    const notEnforced = new Set(
      report.coverage.flatMap((tool) => tool.requirements[index]!.notEnforced),
    );
    return {
      requirement: requirement.requirement,
      notEnforced:
        notEnforced.size === 0 ? '—' : [...notEnforced].sort(compareCodeUnits).map(code).join(', '),
      common: common === undefined ? '—' : `${common[0]} (${common[1]} of ${cells.length})`,
      differing:
        differing.length === 0
          ? '—'
          : cell(differing.map(({ tool, value }) => `${tool}: ${value}`).join('; ')),
    };
  });
}

function coverageCell(item: RequirementCoverage): string {
  return `${item.declared ? 'declared' : 'not declared'}, enforced ${item.enforced}`;
}

function classLabel(fieldClass: FieldClass): string {
  return fieldClass === 'projected' ? 'projected only' : fieldClass;
}

function readersCell(field: {
  readonly readers: readonly CommittedReader[];
  readonly via?: readonly string[];
}): string {
  const list = readerList(field.readers);
  return cell(field.via === undefined ? list : `${list}; via ${field.via.map(code).join(' → ')}`);
}

/** Distinct `file#symbol` names with their uses, capped at {@link MAX_READERS}. */
function readerList(readers: readonly CommittedReader[]): string {
  if (readers.length === 0) return '—';
  const uses = new Map<string, Set<string>>();
  for (const reader of readers) {
    const name = readerName(reader);
    const set = uses.get(name) ?? new Set<string>();
    set.add(reader.use);
    uses.set(name, set);
  }
  const shown = [...uses].map(([name, kinds]) => `${code(name)} (${[...kinds].join(', ')})`);
  return shortList(shown, MAX_READERS);
}

function toolsCell(tools: readonly string[], toolCount: number): string {
  if (tools.length === 0) return '—';
  if (tools.length === toolCount && toolCount === 2) return 'both tools';
  if (tools.length === toolCount && toolCount > 2) return `all ${toolCount} tools`;
  return shortList(tools, MAX_TOOLS);
}

function shortList(items: readonly string[], max: number): string {
  const shown = items.slice(0, max).join(', ');
  return items.length > max ? `${shown}, +${items.length - max} more` : shown;
}

function code(text: string): string {
  return `\`${text}\``;
}

/** A table cell: no line breaks, `|` escaped. */
function cell(text: string): string {
  return text.replace(/\r\n|\r|\n|\u2028|\u2029/g, ' ').replace(/\|/g, '\\|');
}
