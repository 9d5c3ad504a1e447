import type { FieldPath } from './field-path.js';
import { formatFieldPath } from './field-path.js';
import type { ManifestIssue, ManifestIssueCode } from './manifest-issue.js';
import type { YamlSource } from './parse-yaml-source.js';

/** Where an issue points: the value at `path`, its key, or the object that should hold it. */
export type IssueAnchor = 'value' | 'key' | 'parent';

/**
 * Places an issue about a merged manifest in the file that wrote the field. `chain` is the tool's
 * own source first, then its `extends` bases in order; the first one that has the field (or, for a
 * missing field, the object that lacks it) owns the issue. When none has it, the tool's own file
 * does, at the nearest existing ancestor.
 */
export function locateInChain(
  chain: readonly YamlSource[],
  path: FieldPath,
  anchor: IssueAnchor,
): { readonly file: string; readonly line: number; readonly column: number } {
  const target = anchor === 'parent' ? path.slice(0, -1) : path;
  const owner = chain.find((source) => source.has(target)) ?? chain[0]!;
  const position = anchor === 'key' ? owner.locateKey(target) : owner.locateValue(target);
  return { file: owner.file, ...position };
}

/** Builds a located {@link ManifestIssue} for a field of a (possibly extended) manifest. */
export function issueInChain(
  chain: readonly YamlSource[],
  draft: {
    readonly code: ManifestIssueCode;
    readonly path: FieldPath;
    readonly anchor: IssueAnchor;
    readonly message: string;
    readonly expected?: string;
    readonly found?: string;
  },
): ManifestIssue {
  const location = locateInChain(chain, draft.path, draft.anchor);
  return {
    code: draft.code,
    ...location,
    path: formatFieldPath(draft.path),
    ...(draft.expected === undefined ? {} : { expected: draft.expected }),
    ...(draft.found === undefined ? {} : { found: draft.found }),
    message: draft.message,
  };
}
