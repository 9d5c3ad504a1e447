import { TOOL_NAME_PATTERN } from './manifest-schema.js';
import type { Manifest, ToolIndex } from './manifest-schema.js';
import type { ManifestIssue } from './manifest-issue.js';
import type { ManifestRecord } from './manifest-record.js';
import type { YamlSource } from './parse-yaml-source.js';
import { issueInChain } from './locate-in-chain.js';
import { suggestName } from './suggest-name.js';

/** A manifest that passed validation, with the sources of its `extends` chain (own file first). */
export interface ValidatedManifest {
  readonly manifest: Manifest;
  readonly chain: readonly YamlSource[];
}

/**
 * Rules that need more than one manifest (or the index): duplicate names, aliases that collide
 * with a name or another alias, `readOnly` with `destructive`, and the index's lists against the
 * manifests. Every issue is placed at the field to fix.
 *
 * `records` are all parsed manifest files (names are checked even when a manifest is otherwise
 * invalid); `index` is absent when `manifest/tools.yaml` is missing or invalid;
 * `incompleteRecords` says some manifest file could not be read or parsed at all.
 */
export function checkCrossManifest(
  records: readonly ManifestRecord[],
  validated: readonly ValidatedManifest[],
  index: { readonly value: ToolIndex; readonly source: YamlSource } | undefined,
  incompleteRecords: boolean,
): ManifestIssue[] {
  const issues: ManifestIssue[] = [];

  const filesByName = new Map<string, string[]>();
  for (const record of records) {
    if (record.name === undefined || !TOOL_NAME_PATTERN.test(record.name)) continue;
    filesByName.set(record.name, [...(filesByName.get(record.name) ?? []), record.source.file]);
  }
  for (const record of records) {
    const files = record.name === undefined ? [] : (filesByName.get(record.name) ?? []);
    if (files.length < 2) continue;
    const others = files.filter((file) => file !== record.source.file);
    issues.push(
      issueInChain([record.source], {
        code: 'duplicate_name',
        path: ['name'],
        anchor: 'value',
        found: JSON.stringify(record.name),
        message: `duplicate tool name ${JSON.stringify(record.name)}, also defined in ${others.join(', ')}`,
      }),
    );
  }

  const aliasHolders = new Map<string, string[]>();
  for (const { manifest } of validated) {
    for (const alias of new Set(manifest.aliases))
      aliasHolders.set(alias, [...(aliasHolders.get(alias) ?? []), manifest.name]);
  }
  for (const { manifest, chain } of validated) {
    manifest.aliases.forEach((alias, position) => {
      const at = {
        path: ['aliases', position] as const,
        anchor: 'value' as const,
        found: JSON.stringify(alias),
      };
      const owner = filesByName.get(alias);
      if (alias === manifest.name) {
        issues.push(
          issueInChain(chain, {
            ...at,
            code: 'alias_conflict',
            message: `alias ${JSON.stringify(alias)} is the tool's own name`,
          }),
        );
      } else if (owner) {
        issues.push(
          issueInChain(chain, {
            ...at,
            code: 'alias_conflict',
            message: `alias ${JSON.stringify(alias)} is the name of a tool (${owner.join(', ')}); a name always wins over an alias`,
          }),
        );
      }
      if (manifest.aliases.indexOf(alias) !== position) {
        issues.push(
          issueInChain(chain, {
            ...at,
            code: 'alias_conflict',
            message: `alias ${JSON.stringify(alias)} is listed twice`,
          }),
        );
      }
      const others = (aliasHolders.get(alias) ?? []).filter((name) => name !== manifest.name);
      if (others.length > 0) {
        issues.push(
          issueInChain(chain, {
            ...at,
            code: 'alias_conflict',
            message: `alias ${JSON.stringify(alias)} is also an alias of ${others.map((name) => JSON.stringify(name)).join(', ')}`,
          }),
        );
      }
    });
    if (manifest.flags.readOnly && manifest.flags.destructive) {
      issues.push(
        issueInChain(chain, {
          code: 'read_only_destructive',
          path: ['flags', 'destructive'],
          anchor: 'value',
          found: 'true',
          message: 'a read-only tool cannot be destructive (flags.readOnly is true)',
        }),
      );
    }
  }

  // A manifest without a usable name may be the one the index lists; saying "no manifest defines
  // it" would then send the author to the wrong file. Its own problem is reported already.
  const everyNameKnown = records.every(
    (record) => record.name !== undefined && TOOL_NAME_PATTERN.test(record.name),
  );
  if (everyNameKnown && !incompleteRecords)
    issues.push(...checkReferences(records, validated, filesByName, aliasHolders));
  if (index) {
    const templates = new Set(
      records.filter((record) => record.raw?.abstract === true).map((record) => record.name),
    );
    issues.push(
      ...checkIndex(
        index.value,
        index.source,
        filesByName,
        everyNameKnown && !incompleteRecords,
        templates,
      ),
    );
    issues.push(...checkGroups(validated, index.value, index.source.file));
  }
  return issues;
}

/**
 * Names a manifest refers to must exist: `availability.supersededBy` names a tool (the runtime
 * looks it up by name, so an alias does not count) other than the tool itself. (`extends` is
 * resolved, and its unknown bases reported, by `resolveExtends`.)
 */
function checkReferences(
  records: readonly ManifestRecord[],
  validated: readonly ValidatedManifest[],
  filesByName: ReadonlyMap<string, string[]>,
  aliasHolders: ReadonlyMap<string, string[]>,
): ManifestIssue[] {
  const issues: ManifestIssue[] = [];
  // An invalid manifest's own supersededBy is checked too (its other problems are reported
  // anyway), so one run names every problem.
  const validFiles = new Set(validated.map(({ chain }) => chain[0]!.file));
  const references = [
    ...validated.map(({ manifest, chain }) => ({
      name: manifest.name,
      target: manifest.availability.supersededBy,
      chain,
    })),
    ...records
      .filter((record) => !validFiles.has(record.source.file) && record.name !== undefined)
      .map((record) => {
        const availability = record.raw?.availability;
        const target =
          typeof availability === 'object' && availability !== null
            ? (availability as Record<string, unknown>).supersededBy
            : undefined;
        return {
          name: record.name!,
          target: typeof target === 'string' && TOOL_NAME_PATTERN.test(target) ? target : undefined,
          chain: [record.source],
        };
      }),
  ];
  for (const { name, target, chain } of references) {
    if (target === undefined) continue;
    const at = {
      code: 'unknown_reference' as const,
      path: ['availability', 'supersededBy'] as const,
      anchor: 'value' as const,
      found: JSON.stringify(target),
    };
    if (target === name) {
      issues.push(issueInChain(chain, { ...at, message: 'a tool cannot be superseded by itself' }));
    } else if (!filesByName.has(target)) {
      const holders = aliasHolders.get(target);
      const suggestion =
        holders?.length === 1 ? holders[0] : suggestName(target, [...filesByName.keys()]);
      issues.push(
        issueInChain(chain, {
          ...at,
          message: `no manifest defines ${JSON.stringify(target)}${holders === undefined ? '' : ` (it is an alias; supersededBy names a tool)`}${suggestion === undefined ? '' : `, did you mean ${JSON.stringify(suggestion)}?`}`,
        }),
      );
    }
  }
  return issues;
}

function checkIndex(
  index: ToolIndex,
  source: YamlSource,
  filesByName: ReadonlyMap<string, string[]>,
  everyNameKnown: boolean,
  templates: ReadonlySet<string | undefined>,
): ManifestIssue[] {
  const issues: ManifestIssue[] = [];
  const chain = [source];
  const firstPosition = new Map<string, number>();
  index.registrationOrder.forEach((name, position) => {
    const path = ['registrationOrder', position] as const;
    const first = firstPosition.get(name);
    if (first !== undefined) {
      issues.push(
        issueInChain(chain, {
          code: 'duplicate_in_registration_order',
          path,
          anchor: 'value',
          found: JSON.stringify(name),
          message: `${JSON.stringify(name)} is listed more than once (first at registrationOrder[${first}])`,
        }),
      );
      return;
    }
    firstPosition.set(name, position);
    if (templates.has(name)) {
      issues.push(
        issueInChain(chain, {
          code: 'unknown_in_registration_order',
          path,
          anchor: 'value',
          found: JSON.stringify(name),
          message: `${JSON.stringify(name)} is an abstract template (abstract: true): it is never registered, so it is not listed here`,
        }),
      );
    } else if (everyNameKnown && !filesByName.has(name)) {
      const suggestion = suggestName(name, [...filesByName.keys()]);
      issues.push(
        issueInChain(chain, {
          code: 'unknown_in_registration_order',
          path,
          anchor: 'value',
          found: JSON.stringify(name),
          message: `no manifest defines ${JSON.stringify(name)}${suggestion ? `, did you mean ${JSON.stringify(suggestion)}?` : ''}`,
        }),
      );
    }
  });
  for (const [name, files] of filesByName) {
    if (firstPosition.has(name) || templates.has(name)) continue;
    issues.push(
      issueInChain(chain, {
        code: 'missing_from_registration_order',
        path: ['registrationOrder'],
        anchor: 'key',
        expected: JSON.stringify(name),
        message: `missing ${JSON.stringify(name)} (defined in ${files.join(', ')}); every built-in tool is listed in its registration order`,
      }),
    );
  }
  index.reservedReferenceNames.forEach((name, position) => {
    const files = filesByName.get(name);
    if (!files) return;
    issues.push(
      issueInChain(chain, {
        code: 'reserved_name_defined',
        path: ['reservedReferenceNames', position],
        anchor: 'value',
        found: JSON.stringify(name),
        message: `${JSON.stringify(name)} is defined by ${files.join(', ')}; reserve only names no manifest defines`,
      }),
    );
  });
  return issues;
}

/** A tool's `group` must be one of the index's `groups`. */
function checkGroups(
  validated: readonly ValidatedManifest[],
  index: ToolIndex,
  indexFile: string,
): ManifestIssue[] {
  const known = Object.keys(index.groups);
  return validated
    .filter(
      ({ manifest }) =>
        manifest.group !== undefined && !Object.hasOwn(index.groups, manifest.group),
    )
    .map(({ manifest, chain }) => {
      const suggestion = suggestName(manifest.group!, known);
      return issueInChain(chain, {
        code: 'unknown_group',
        path: ['group'],
        anchor: 'value',
        found: JSON.stringify(manifest.group),
        message: `no group ${JSON.stringify(manifest.group)} in ${indexFile}${known.length === 0 ? ' (it declares none; add it under `groups`)' : suggestion === undefined ? ` (groups: ${known.map((name) => JSON.stringify(name)).join(', ')})` : `, did you mean ${JSON.stringify(suggestion)}?`}`,
      });
    });
}
