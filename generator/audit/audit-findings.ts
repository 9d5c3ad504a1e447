/**
 * Findings beyond field classes: sorted-name table entries no tool answers to, aliases a call can
 * never reach, and hooks manifests declare that the runtime never calls.
 */
import type { LoadedTool, ManifestSet } from '../manifest/manifest-set.js';
import { compareCodeUnits } from '../../runtime/core/support/compare-code-units.js';
import type { HookAudit } from './scan-field-readers.js';

/** A name in the sorted-name table (`SORTED_PROVIDER_TOOL_NAMES`) that matches no registered tool. */
export interface SortedNameFinding {
  readonly name: string;
  readonly reason: string;
}

/** An alias the registry skips or that another name always wins over. */
export interface AliasFinding {
  readonly tool: string;
  readonly alias: string;
  readonly reason: string;
}

/** A hook some manifests declare and no runtime code calls. */
export interface HookFinding {
  readonly hook: string;
  readonly declaredBy: readonly string[];
}

export interface AuditFindings {
  readonly sortedNames: readonly SortedNameFinding[];
  readonly aliases: readonly AliasFinding[];
  readonly hooks: readonly HookFinding[];
}

/** Prefix of MCP tool names (`mcp__<server>__<tool>`); MCP tools register after the built-ins. */
const MCP_PREFIX = 'mcp__';

export function auditFindings(set: ManifestSet, hooks: readonly HookAudit[]): AuditFindings {
  return {
    sortedNames: sortedNameFindings(set),
    aliases: aliasFindings(set.tools),
    hooks: hookFindings(set.tools, hooks),
  };
}

function sortedNameFindings(set: ManifestSet): SortedNameFinding[] {
  const names = new Set(set.tools.map((tool) => tool.manifest.name));
  const reference = set.tools
    .filter((tool) => tool.manifest.ordering === 'reference')
    .map((tool) => tool.manifest.name);
  const table = [...new Set([...reference, ...set.index.reservedReferenceNames])].sort(
    compareCodeUnits,
  );
  return table
    .filter((name) => !names.has(name))
    .map((name) => ({
      name,
      reason: 'reserved in manifest/tools.yaml; no manifest defines a tool with this name',
    }));
}

/**
 * The registry's rules (SPEC §5.2), replayed in registration order: a canonical name always wins
 * over an alias, and an alias already taken by an earlier tool is skipped.
 */
function aliasFindings(tools: readonly LoadedTool[]): AliasFinding[] {
  const names = new Set(tools.map((tool) => tool.manifest.name));
  const owners = new Map<string, string>();
  const findings: AliasFinding[] = [];
  for (const tool of tools) {
    const name = tool.manifest.name;
    for (const alias of tool.manifest.aliases) {
      let reason: string | undefined;
      if (alias === name) reason = 'equals the tool’s own name';
      else if (names.has(alias))
        reason = `shadowed: "${alias}" is the name of a tool, and a tool name always wins`;
      else if (owners.has(alias) && owners.get(alias) !== name)
        reason = `skipped: already an alias of "${owners.get(alias)}", registered earlier`;
      else if (alias.startsWith(MCP_PREFIX))
        reason =
          'may be shadowed: names starting with mcp__ belong to MCP tools, which win over aliases';
      if (reason === undefined) owners.set(alias, name);
      else findings.push({ tool: name, alias, reason });
    }
  }
  return findings;
}

function hookFindings(tools: readonly LoadedTool[], hooks: readonly HookAudit[]): HookFinding[] {
  return hooks
    .filter((hook) => !hook.called)
    .map((hook) => ({
      hook: hook.hook,
      declaredBy: tools
        .filter((tool) => (tool.manifest.hooks as readonly string[]).includes(hook.hook))
        .map((tool) => tool.manifest.name),
    }))
    .filter((finding) => finding.declaredBy.length > 0);
}
