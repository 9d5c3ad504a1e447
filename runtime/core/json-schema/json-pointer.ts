/**
 * JSON Pointers (RFC 6901): `/properties/a~1b` names the key `a/b` of `properties`. Also as they
 * appear in the fragment of a local `$ref` (`#/$defs/a~1b`, percent-encoded).
 */
import { isJsonObject } from '../support/is-json-object.js';

/** One reference token as it is written in a pointer: `~` → `~0`, `/` → `~1`. */
export function escapeJsonPointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** The reference token a written one stands for: `~1` → `/`, `~0` → `~` (in that order). */
export function unescapeJsonPointerToken(written: string): string {
  return written.replaceAll('~1', '/').replaceAll('~0', '~');
}

/**
 * Split a pointer (`/a/b~1c`) into unescaped reference tokens (`['a', 'b/c']`). `''` is the
 * root; anything else must start with `/` (a `SyntaxError` otherwise).
 */
export function parseJsonPointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) {
    throw new SyntaxError(
      `JSON pointer ${JSON.stringify(pointer)} must be empty or start with "/"`,
    );
  }
  return pointer.slice(1).split('/').map(unescapeJsonPointerToken);
}

/** Join reference tokens into a pointer, escaping `~` and `/`. */
export function formatJsonPointer(tokens: readonly (string | number)[]): string {
  return tokens.map((token) => `/${escapeJsonPointerToken(String(token))}`).join('');
}

/**
 * The pointer a local `$ref` names, or `undefined` when the ref is not local (another document).
 * The fragment is percent-decoded first, as a URI fragment must be (`#/$defs/a%20b` names `a b`);
 * a malformed escape throws a `URIError`.
 */
export function localRefPointer(ref: string): string | undefined {
  if (!ref.startsWith('#')) return undefined;
  return decodeURIComponent(ref.slice(1));
}

/** The `$ref` value that names `#/$defs/<name>`. */
export function defsRef(name: string): string {
  return `#${formatJsonPointer(['$defs', name])}`;
}

/** RFC 6901 array indexes: decimal, without leading zeros. */
const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/;

/** Whether `token` names an element of an array (`0`, `12`; not `01`, `-`, `length`). */
export function isArrayIndexToken(token: string): boolean {
  return ARRAY_INDEX.test(token);
}

/** Follow `tokens` from `root` (own properties and array indexes only); `undefined` when a step does not exist. */
export function resolveJsonPointer(root: unknown, tokens: readonly string[]): unknown {
  let node: unknown = root;
  for (const token of tokens) {
    node = followToken(node, token);
    if (node === undefined) return undefined;
  }
  return node;
}

/** One step of {@link resolveJsonPointer}: `node`'s child `token`, or `undefined`. */
function followToken(node: unknown, token: string): unknown {
  if (Array.isArray(node)) return isArrayIndexToken(token) ? node[Number(token)] : undefined;
  return isJsonObject(node) && Object.hasOwn(node, token) ? node[token] : undefined;
}

/**
 * What a local `$ref` points at inside `root`, or `undefined` when it is not local, is not a
 * well-formed pointer, or points at nothing. Never throws.
 */
export function resolveLocalRef(root: unknown, ref: string): unknown {
  // Most references are `#/$defs/Name`, with nothing to decode or unescape: followed token by
  // token without the list of tokens (a registration resolves one per tool and more).
  if (ref.startsWith('#/') && !ref.includes('%') && !ref.includes('~')) {
    let node = root;
    for (let start = 2; ;) {
      const end = ref.indexOf('/', start);
      node = followToken(node, end === -1 ? ref.slice(start) : ref.slice(start, end));
      if (end === -1 || node === undefined) return node;
      start = end + 1;
    }
  }
  let tokens: string[];
  try {
    const pointer = localRefPointer(ref);
    if (pointer === undefined) return undefined;
    tokens = parseJsonPointer(pointer);
  } catch {
    return undefined;
  }
  return resolveJsonPointer(root, tokens);
}
