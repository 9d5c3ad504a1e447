/**
 * `generated/TOOLS.md`: one table row per tool for people (purpose, read-only, availability in
 * words, hooks, aliases, manifest), from the handlebars template `generator/templates/tools.md.hbs`.
 */
import { readFileSync } from 'node:fs';
import Handlebars from 'handlebars';
import type { Manifest } from '../manifest/manifest-schema.js';
import { wellFormed } from './js-literal.js';

export interface ToolsTableEntry {
  readonly manifest: Manifest;
  /** Project-relative posix path of the manifest. */
  readonly file: string;
}

const TEMPLATE_URL = new URL('../templates/tools.md.hbs', import.meta.url);

export function toolsTable(
  tools: readonly ToolsTableEntry[],
  templateSource = readFileSync(TEMPLATE_URL, 'utf8'),
): string {
  const template = Handlebars.create().compile(templateSource, { noEscape: true, strict: true });
  return template({
    count: tools.length,
    tools: tools.map(({ manifest, file }) => ({
      name: cell(manifest.name),
      purpose: cell(manifest.purpose),
      readOnly: manifest.flags.readOnly ? 'yes' : 'no',
      availability: cell(availabilityInWords(manifest)),
      hooks: cell(listOrDash(manifest.hooks)),
      aliases: cell(listOrDash(manifest.aliases)),
      file: cell(file),
      link: `../${file}`,
    })),
  });
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
