import type { ManifestIssue } from './manifest-issue.js';
import type { ManifestRecord } from './manifest-record.js';
import { issueInChain } from './locate-in-chain.js';
import { mergeManifestValues } from './merge-manifest-values.js';
import { suggestName } from './suggest-name.js';

/** A manifest with its `extends` chain applied. */
export interface ResolvedManifest {
  readonly record: ManifestRecord;
  /** The raw value after merging every base under it. */
  readonly merged: unknown;
  /** The record itself, then its base, that base's base, … (the last one extends nothing). */
  readonly chain: readonly ManifestRecord[];
}

export type ExtendsResolution =
  { readonly ok: true; readonly resolved: ResolvedManifest } | { readonly ok: false };

/**
 * Resolves `extends` for every record. A record whose base is unknown, or that is part of a cycle,
 * gets an issue at its `extends` field (a cycle names the whole chain: `A → B → A`); a record whose
 * base failed fails quietly, since the base's own issue explains it.
 *
 * `byName` maps a tool name to the record that defines it (the first in file order when names
 * collide; duplicate names are reported elsewhere). `unparsedFiles` says whether some file could
 * not be read as a manifest: then an unknown base may just be in that file, and is not reported.
 */
export function resolveExtends(
  records: readonly ManifestRecord[],
  byName: ReadonlyMap<string, ManifestRecord>,
  unparsedFiles: boolean,
): {
  readonly results: ReadonlyMap<ManifestRecord, ExtendsResolution>;
  readonly issues: ManifestIssue[];
} {
  const results = new Map<ManifestRecord, ExtendsResolution>();
  const issues: ManifestIssue[] = [];
  const stack: ManifestRecord[] = [];

  const resolve = (record: ManifestRecord): ExtendsResolution => {
    const done = results.get(record);
    if (done) return done;
    const raw = record.raw;
    const baseName = raw?.extends;
    if (raw === undefined || typeof baseName !== 'string') {
      return remember(record, {
        ok: true,
        resolved: { record, merged: raw ?? record.source.value, chain: [record] },
      });
    }
    const base = byName.get(baseName);
    if (!base) {
      if (!unparsedFiles) {
        const suggestion = suggestName(baseName, [...byName.keys()]);
        issues.push(
          issueInChain([record.source], {
            code: 'unknown_base',
            path: ['extends'],
            anchor: 'value',
            found: JSON.stringify(baseName),
            message: `unknown tool ${JSON.stringify(baseName)}${suggestion ? `, did you mean ${JSON.stringify(suggestion)}?` : ''}`,
          }),
        );
      }
      return remember(record, { ok: false });
    }
    const cycleStart = base === record ? stack.length : stack.indexOf(base);
    if (cycleStart >= 0) {
      const members = [...stack.slice(cycleStart), record];
      members.forEach((member, index) => {
        const rotated = [...members.slice(index), ...members.slice(0, index), member];
        issues.push(
          issueInChain([member.source], {
            code: 'extends_cycle',
            path: ['extends'],
            anchor: 'value',
            message: `extends cycle: ${rotated.map((item) => item.name ?? item.source.file).join(' → ')}`,
          }),
        );
        results.set(member, { ok: false });
      });
      return { ok: false };
    }
    stack.push(record);
    const baseResult = resolve(base);
    stack.pop();
    if (results.has(record)) return results.get(record)!; // marked as part of a cycle meanwhile
    if (!baseResult.ok) return remember(record, { ok: false });
    return remember(record, {
      ok: true,
      resolved: {
        record,
        merged: mergeManifestValues(inheritedPart(baseResult.resolved.merged), raw),
        chain: [record, ...baseResult.resolved.chain],
      },
    });
  };

  const remember = (record: ManifestRecord, result: ExtendsResolution): ExtendsResolution => {
    results.set(record, result);
    return result;
  };

  for (const record of records) resolve(record);
  return { results, issues };
}

/**
 * What a tool takes from its base: everything but the fields about the base itself — whether it
 * is an abstract template, when it is registered (`availability`) and whether the model sees it
 * (`flags.providerVisible`). A hidden or host-gated base does not hide or gate its copies.
 */
export function inheritedPart(base: unknown): unknown {
  if (typeof base !== 'object' || base === null || Array.isArray(base)) return base;
  const inherited: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(base)) {
    if (key === 'abstract' || key === 'availability') continue;
    const kept =
      key === 'flags' && typeof value === 'object' && value !== null && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).filter(([flag]) => flag !== 'providerVisible'))
        : value;
    Object.defineProperty(inherited, key, {
      value: kept,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return inherited;
}
