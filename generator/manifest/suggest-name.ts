import { closest, distance } from 'fastest-levenshtein';
import { compareCodeUnits } from '../../runtime/core/support/compare-code-units.js';

/**
 * The closest known name, if it is close enough to be a typo: at most a third of the name's length
 * (and at least 2) edits away, or the same name in another case. Ties go to the first name in
 * code-unit order so the suggestion does not depend on the schema's field order.
 */
export function suggestName(name: string, known: readonly string[]): string | undefined {
  if (known.length === 0) return undefined;
  const sameCase = known.find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  if (sameCase) return sameCase;
  const sorted = [...known].sort(compareCodeUnits);
  const best = closest(name, sorted);
  const limit = Math.max(2, Math.floor(name.length / 3));
  return distance(name, best) <= limit ? best : undefined;
}
