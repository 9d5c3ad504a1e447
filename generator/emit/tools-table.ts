/**
 * `generated/TOOLS.md`, for reviewers of a tool change: one compact table of what decides how
 * much a tool may do unattended (read-only declared and recomputed, side-effect scope, risk,
 * permission, approval, timeout, result budget, availability), then one short section per tool
 * (purpose, hooks, aliases, manifest). From the handlebars template
 * `generator/templates/tools.md.hbs`; every value is the contract's effective one (defaults
 * applied, as the generated module holds it).
 */
import { readFileSync } from 'node:fs';
import Handlebars from 'handlebars';
import type { Manifest } from '../manifest/manifest-schema.js';
import { wellFormed } from '../support/js-literal.js';
import { packagePath } from '../support/package-root.js';

export interface ToolsTableEntry {
  readonly manifest: Manifest;
  /** Project-relative posix path of the manifest. */
  readonly file: string;
}

/** The hook through which the runtime recomputes read-only, risk and scope for each call. */
const PER_CALL_HOOK = 'resolvePermissionCapability';

export function toolsTable(
  tools: readonly ToolsTableEntry[],
  templateSource = readFileSync(packagePath('generator/templates/tools.md.hbs'), 'utf8'),
): string {
  const template = Handlebars.create().compile(templateSource, { noEscape: true, strict: true });
  return template({
    count: tools.length,
    countText: tools.length === 1 ? '1 tool' : `${tools.length} tools`,
    tools: tools.map(({ manifest, file }) => ({
      name: cell(manifest.name),
      anchor: anchorOf(manifest.name),
      purpose: cell(manifest.purpose),
      readOnly: readOnlyCell(manifest),
      scope: cell(scopeCell(manifest)),
      risk: cell(riskCell(manifest)),
      permission: cell(manifest.permission.permission),
      approval: approvalCell(manifest),
      timeout: timeoutCell(manifest),
      budget: budgetCell(manifest),
      availability: cell(availabilityInWords(manifest)),
      hooks: cell(listOrDash(manifest.hooks)),
      aliases: cell(listOrDash(manifest.aliases)),
      effects: cell(effectsInWords(manifest)),
      file: cell(file),
      link: `../${file}`,
    })),
  });
}

/** Declared read-only, and `(per call)` when a hook recomputes it from each call's input. */
export function readOnlyCell(manifest: Manifest): string {
  const declared = manifest.flags.readOnly ? 'yes' : 'no';
  return (manifest.hooks as readonly string[]).includes(PER_CALL_HOOK)
    ? `${declared} (per call)`
    : declared;
}

function scopeCell(manifest: Manifest): string {
  const { sideEffectScope } = manifest.flags;
  const permission = manifest.permission.sideEffectScope;
  return permission === undefined || permission === sideEffectScope
    ? sideEffectScope
    : `${sideEffectScope} (permission: ${permission})`;
}

function riskCell(manifest: Manifest): string {
  const { riskLevel } = manifest.flags;
  const permission = manifest.permission.riskLevel;
  return permission === undefined || permission === riskLevel
    ? riskLevel
    : `${riskLevel} (permission: ${permission})`;
}

/** `asks` / `always asks` / `—`, and `no always-allow` when the prompt does not offer it. */
export function approvalCell(manifest: Manifest): string {
  const { permission } = manifest;
  const needsApproval = permission.needsApproval ?? manifest.flags.needsApproval;
  const asks = permission.alwaysAsk ? 'always asks' : needsApproval ? 'asks' : '—';
  return asks !== '—' && !permission.askOptions.allowAlways ? `${asks}, no always-allow` : asks;
}

/** `30 s` or `2 min (max 10 min, call may set)`; `none` for a tool that never times out. */
export function timeoutCell(manifest: Manifest): string {
  const { timeout } = manifest;
  if (timeout.kind === 'none') return 'none';
  const base = duration(timeout.defaultMs);
  const max = timeout.maxMs === timeout.defaultMs ? '' : `max ${duration(timeout.maxMs)}`;
  const extra = [max, timeout.allowCallOverride ? 'call may set' : ''].filter(
    (part) => part !== '',
  );
  return extra.length === 0 ? base : `${base} (${extra.join(', ')})`;
}

/** What the model sees of a result at most, and where the rest goes. */
export function budgetCell(manifest: Manifest): string {
  const budget = manifest.resultBudget;
  const limit = size(budget.maxModelBytes);
  return budget.strategy === 'artifact' ? `${limit}, rest to a file` : `${limit}, truncated`;
}

function effectsInWords(manifest: Manifest): string {
  const { flags } = manifest;
  const parts = [
    flags.destructive ? 'destructive' : 'not destructive',
    flags.idempotent ? 'idempotent' : 'not idempotent',
    `recovery ${flags.recovery}`,
    flags.concurrentSafe ? 'may run in parallel' : 'runs alone',
  ];
  if (manifest.maxOutputBytes !== undefined)
    parts.push(`keeps at most ${size(manifest.maxOutputBytes)} of output`);
  if (manifest.trace.required) parts.push('trace required');
  return parts.join(', ');
}

/** `500 ms`, `30 s`, `2 min`, `1.5 s`: exact, in the largest unit that divides evenly. */
export function duration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms >= 1000 && ms % 100 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

/** `20 kB`, `1 MB`, `1500 B`: exact, decimal units. */
export function size(bytes: number): string {
  if (bytes >= 1_000_000 && bytes % 1_000_000 === 0) return `${bytes / 1_000_000} MB`;
  if (bytes >= 1000 && bytes % 1000 === 0) return `${bytes / 1000} kB`;
  return `${bytes} B`;
}

/** GitHub's heading anchor for a tool name (lower case; `_` and `-` kept). */
function anchorOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9_-]/g, '');
}

/** When the registration gate and `getTools` let the tool through, as a sentence fragment. */
export function availabilityInWords(manifest: Manifest): string {
  const { availability } = manifest;
  const parts: string[] = [];
  if (availability.ports.length > 0)
    parts.push(`host port${plural(availability.ports)} ${availability.ports.join(', ')}`);
  if (availability.features.length > 0)
    parts.push(`feature${plural(availability.features)} ${availability.features.join(', ')} on`);
  if (availability.sessionKinds.length > 0)
    parts.push(`only in ${availability.sessionKinds.join(', ')} sessions`);
  if (availability.excludedSessionKinds.length > 0)
    parts.push(`not in ${availability.excludedSessionKinds.join(', ')} sessions`);
  if (availability.modelCapabilities.length > 0)
    parts.push(`model with ${availability.modelCapabilities.join(', ')}`);
  if (availability.supersededBy !== undefined)
    parts.push(`not while ${availability.supersededBy} is registered`);
  if (!manifest.flags.providerVisible) parts.push('never sent to the model');
  return parts.length === 0 ? 'always' : parts.join('; ');
}

function plural(list: readonly unknown[]): string {
  return list.length === 1 ? '' : 's';
}

function listOrDash(list: readonly string[]): string {
  return list.length === 0 ? '—' : list.join(', ');
}

/** Table cell text: a `|` would end the cell and a line break the row. */
export function markdownCell(text: string): string {
  // Backslashes first: the `\uXXXX` that spells a lone surrogate must stay a single backslash.
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\r\n|[\r\n\u2028\u2029]/g, '<br>');
  return wellFormed(escaped);
}

const cell = markdownCell;
