/**
 * Gemini function names: `^[a-zA-Z_][a-zA-Z0-9_\-.:]{0,63}$` — like Anthropic's and OpenAI's
 * `^[a-zA-Z0-9_-]{1,64}$` except that the first character must be a letter or `_`. A tool name
 * that breaks the rule (one starting with a digit or `-`, or holding other characters) is sent as
 * `_` + the name with every other character replaced by `_`; when that is longer than 64, taken
 * or shared, as its first 55 characters, `_` and 8 hex digits of the SHA-256 of the original name
 * (the scheme MCP names use). The map back to the tool's own name is kept for the call.
 */
import { sha256Hex } from '../../core/support/lazy-crypto.js';

/** The names Gemini accepts. */
export const GEMINI_FUNCTION_NAME = /^[a-zA-Z_][a-zA-Z0-9_\-.:]{0,63}$/;

/** Sent name for every tool name, in order; names that already fit are kept as they are. */
export function projectGeminiFunctionNames(names: readonly string[]): Map<string, string> {
  const result = new Map<string, string>();
  const taken = new Set(names.filter((name) => GEMINI_FUNCTION_NAME.test(name)));
  for (const name of names) {
    if (GEMINI_FUNCTION_NAME.test(name)) {
      result.set(name, name);
      continue;
    }
    const plain = `_${name.replace(/[^a-zA-Z0-9_\-.:]/gu, '_')}`;
    const sent =
      GEMINI_FUNCTION_NAME.test(plain) && !taken.has(plain) ? plain : hashedName(plain, name);
    taken.add(sent);
    result.set(name, sent);
  }
  return result;
}

function hashedName(plain: string, original: string): string {
  const hash = sha256Hex(original).slice(0, 8);
  return `${plain.slice(0, 55)}_${hash}`;
}
