import type { EmitIssue } from './emit/emit-issue.js';
import {
  compareManifestIssues,
  formatManifestIssue,
  type ManifestIssue,
} from './manifest/manifest-issue.js';

/** Any problem that stops a run: from the loader, the hook-export check or the emitter. */
export type GenerateIssue = ManifestIssue | EmitIssue;

// The loader's wording and order use location, path and message only; the code never reaches
// the text, so an emitter issue is worded and sorted exactly like a loader issue.
function asWorded(issue: GenerateIssue): ManifestIssue {
  return { ...issue, code: 'invalid_manifest' };
}

/** `manifest/tools/read.yaml:40:9 input.properties.mode.anyOf[1]: union branches …` */
export function formatGenerateIssue(issue: GenerateIssue): string {
  return formatManifestIssue(asWorded(issue));
}

export function compareGenerateIssues(left: GenerateIssue, right: GenerateIssue): number {
  return compareManifestIssues(asWorded(left), asWorded(right));
}
