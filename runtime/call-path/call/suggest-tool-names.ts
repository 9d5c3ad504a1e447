/**
 * "Did you mean" for an unknown tool name. A model that calls `read_file` or `bash` and only
 * hears "not found" tends to try again with the same name; a short list of real names ends that.
 */
import { distance } from 'fastest-levenshtein';
import { compareCodeUnits } from '../../core/support/compare-code-units.js';

/** Requested names longer than this get no suggestions. */
const MAX_COMPARED_NAME_LENGTH = 256;

/** At most this many names are suggested. */
export const MAX_TOOL_NAME_SUGGESTIONS = 3;

/** Lower case without `_` and `-`: `read_file`, `ReadFile` and `read-file` compare alike. */
function comparable(name: string): string {
  return name.toLowerCase().replace(/[-_]/g, '');
}

/**
 * Up to three of `candidates` close to `requested`, closest first (ties in code-unit order, so
 * the text is the same on every machine).
 *
 * Names are compared case-insensitively with `_` and `-` removed. A candidate is close when
 * - the edit distance (Levenshtein) is at most `max(2, ⌊longer length / 3⌋)`, or
 * - one name contains the other and the shorter has at least 3 characters
 *   (`read_file` → `Read`, `WebFetchTool` → `WebFetch`), ranked by the distance too.
 */
export function suggestToolNames(requested: string, candidates: Iterable<string>): string[] {
  const wanted = comparable(requested);
  // A name this long is close to no tool name (64 at most), and comparing it would cost time.
  if (wanted === '' || wanted.length > MAX_COMPARED_NAME_LENGTH) return [];
  const scored: { name: string; score: number }[] = [];
  for (const name of new Set(candidates)) {
    const other = comparable(name);
    const score = distance(wanted, other);
    const threshold = Math.max(2, Math.floor(Math.max(wanted.length, other.length) / 3));
    const shorter = wanted.length <= other.length ? wanted : other;
    const contains = shorter.length >= 3 && (wanted.includes(other) || other.includes(wanted));
    if (score <= threshold || contains) scored.push({ name, score });
  }
  scored.sort((left, right) => left.score - right.score || compareCodeUnits(left.name, right.name));
  return scored.slice(0, MAX_TOOL_NAME_SUGGESTIONS).map((entry) => entry.name);
}
