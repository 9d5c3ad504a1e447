/**
 * Checks of a manifest `pattern` beyond "it compiles": both regular-expression dialects accept it,
 * and matching it cannot backtrack catastrophically. A pattern runs on the model's input, in the
 * runtime's zod schema and in the JSON Schema gate, on the main thread; an exponential pattern
 * there blocks the process for minutes on a short input, past every timeout.
 */
import { recheckVerdict } from './regexp-verdicts.js';

/**
 * What is wrong with `source` as a manifest pattern, in words, or `undefined`. Expects a pattern
 * that already compiles with the `u` flag (the manifest language checks that first).
 *
 * - It must mean the same with and without the `u` flag: JSON Schema validators and provider
 *   strict modes differ in which dialect they use. Only `\p{…}`, `\P{…}` and `\u{…}` compile in
 *   both and mean different things (without `u`, `\p{L}` matches the text "p{L}").
 * - It must not be vulnerable to catastrophic backtracking (exponential or polynomial), and it
 *   must be provably so: a pattern the checker cannot analyse (it gives up or does not support a
 *   construct) is refused, with the checker's reason.
 */
export function regExpProblem(source: string): string | undefined {
  const dialectSpecific = unicodeOnlyEscape(source);
  if (dialectSpecific !== undefined)
    return `${JSON.stringify(dialectSpecific)} means something else without the "u" flag (a validator without it reads \\p{L} as the text "p{L}"); list the characters instead`;
  const verdict = recheckVerdict(source);
  if (verdict.status === 'safe') return undefined;
  if (verdict.status === 'vulnerable') {
    const attack = verdict.attack?.pattern;
    return `catastrophic backtracking (${verdict.complexity?.summary ?? 'super-linear'} time)${attack === undefined ? '' : ` on inputs like ${shorten(attack)}`}; rewrite it so that no two ways of matching overlap (for example (a+)+ → a+)`;
  }
  const reason = verdict.error?.message ?? verdict.error?.kind ?? 'no verdict';
  return `cannot be proven free of catastrophic backtracking (${reason}); simplify it`;
}

/** The first `\p{`, `\P{` or `\u{` escape of `source` (not counting escaped backslashes). */
function unicodeOnlyEscape(source: string): string | undefined {
  for (let index = 0; index < source.length; index += 1) {
    if (source[index] !== '\\') continue;
    const next = source[index + 1];
    if ((next === 'p' || next === 'P' || next === 'u') && source[index + 2] === '{') {
      const close = source.indexOf('}', index);
      return source.slice(index, close < 0 ? index + 3 : close + 1);
    }
    index += 1; // skip the escaped character, so `\\p{` is a backslash and a literal p
  }
  return undefined;
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
