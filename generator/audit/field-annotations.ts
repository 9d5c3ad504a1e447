/**
 * The inline flags of the generated tool modules: each line that sets a field the manifest
 * writes and no runtime code enforces ends with a comment, so the diff that adds the field shows
 * the reviewer what the runtime does with it.
 */
import type { LoadedTool } from '../manifest/manifest-set.js';
import { readerName, type CommittedAuditReport } from './committed-report.js';
import { setsExplicitly } from './manifest-path-of.js';

/** Comment text for an unread field. */
export const UNREAD_NOTE = 'unread: no runtime reader';

/**
 * The trailing comments of `tool`'s module, by contract field path (a field without one is
 * absent): `unread: no runtime reader`
 * (`… (reserved)` when the schema marks it so), or `projected only: runtime/x.ts#symbol` naming
 * the first place (by file and symbol) the value is copied, `+N more` when there are others.
 */
export function fieldAnnotations(
  report: CommittedAuditReport,
  tool: LoadedTool,
): ReadonlyMap<string, string> {
  const notes = new Map<string, string>();
  for (const field of report.fields) {
    if (field.class === 'enforced' || !setsExplicitly(tool, field.path)) continue;
    if (field.class === 'unread') {
      notes.set(
        field.path,
        field.reserved === undefined ? UNREAD_NOTE : `${UNREAD_NOTE} (reserved)`,
      );
    } else {
      const places = [...new Set(field.readers.map(readerName))];
      const more = places.length > 1 ? ` +${places.length - 1} more` : '';
      notes.set(field.path, `projected only: ${places[0]}${more}`);
    }
  }
  return notes;
}
