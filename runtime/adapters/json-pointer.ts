/**
 * JSON Pointers (RFC 6901) as they appear in the fragment of a local `$ref` (`#/$defs/a~1b`).
 */

/** Split a pointer (`/a/b~1c`) into unescaped reference tokens (`['a', 'b/c']`). `''` is the root. */
export function parseJsonPointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) {
    throw new SyntaxError(
      `JSON pointer ${JSON.stringify(pointer)} must be empty or start with "/"`,
    );
  }
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** Join reference tokens into a pointer, escaping `~` and `/`. */
export function formatJsonPointer(tokens: readonly string[]): string {
  return tokens.map((token) => `/${token.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/**
 * The pointer a local `$ref` names, or `undefined` when the ref is not local (another document).
 * The fragment is percent-decoded first, as a URI fragment must be (`#/$defs/a%20b` names `a b`).
 */
export function localRefPointer(ref: string): string | undefined {
  if (!ref.startsWith('#')) return undefined;
  return decodeURIComponent(ref.slice(1));
}

/** The `$ref` value that names `#/$defs/<name>`. */
export function defsRef(name: string): string {
  return `#${formatJsonPointer(['$defs', name])}`;
}

/** Follow `tokens` from `root`; `undefined` when a step does not exist. */
export function resolveJsonPointer(root: unknown, tokens: readonly string[]): unknown {
  let node: unknown = root;
  for (const token of tokens) {
    if (Array.isArray(node)) {
      // RFC 6901: array indexes are decimal without leading zeros.
      if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
      node = node[Number(token)];
    } else if (typeof node === 'object' && node !== null && Object.hasOwn(node, token)) {
      node = (node as Record<string, unknown>)[token];
    } else {
      return undefined;
    }
  }
  return node;
}
