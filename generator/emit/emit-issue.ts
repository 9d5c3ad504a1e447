import type { ManifestIssue } from '../manifest/manifest-issue.js';

/** Problems the emitter finds in manifests that the manifest language alone cannot rule out. */
export type EmitIssueCode =
  /** Two branches of a union accept the same value (the schema would use `oneOf`). */
  | 'union_overlap'
  /** A `default` its own schema refuses. */
  | 'invalid_default'
  /** A property name the JSON Schema projection cannot carry (`__proto__`). */
  | 'unsupported_property_name'
  /** Something the manifest states that the JSON Schema of that node cannot hold. */
  | 'unsupported_annotation'
  /** `runtime/integrations/providers/model-view.ts` failed to render `generated/model-view/`. */
  | 'model_view_failed';

/** Same fields and wording rules as a {@link ManifestIssue}; only the codes differ. */
export interface EmitIssue extends Omit<ManifestIssue, 'code'> {
  readonly code: EmitIssueCode;
}
