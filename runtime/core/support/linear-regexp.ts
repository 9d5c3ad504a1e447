/**
 * Regular expressions from untrusted sources, matched in time linear in the input: RE2's
 * semantics through `re2js` (pure JavaScript, no native build). RE2 has no look-around and no
 * back-references — the constructs that make backtracking engines exponential — so a pattern
 * using them does not compile here (the MCP normaliser then drops it with a warning).
 *
 * {@link linearRegExpEngine} is the shape ajv's `code.regExp` option expects, so JSON Schema
 * `pattern` keywords of MCP tools never backtrack. Loaded on first use.
 */
import { createRequire } from 'node:module';
import type { RE2JS as RE2JSClass } from 're2js';

type RE2JSStatic = typeof RE2JSClass;
let engine: RE2JSStatic | undefined;
function re2(): RE2JSStatic {
  engine ??= (createRequire(import.meta.url)('re2js') as { RE2JS: RE2JSStatic }).RE2JS;
  return engine;
}

/** What ajv and the schema tools need of a compiled pattern. */
export interface LinearRegExp {
  readonly source: string;
  readonly flags: string;
  /** Whether the pattern matches anywhere in `text`. */
  test(text: string): boolean;
  /**
   * Each match in `text`, left to right, as `[start, end)` offsets in UTF-16 code units (string
   * indices); after an empty match the search goes on one position further.
   */
  matches(text: string): Generator<readonly [number, number]>;
  /** `/source/flags`: ajv keys compiled patterns by it. */
  toString(): string;
}

/**
 * Compile `source` with JavaScript-style `flags` (`i`, `m`, `s`; `u` and `g` change nothing:
 * RE2 always works on code points and callers ask for every match themselves).
 * @throws {SyntaxError} when RE2 cannot compile the pattern (the message says why).
 */
export function compileLinearRegExp(source: string, flags = ''): LinearRegExp {
  const RE2JS = re2();
  let options = 0;
  for (const flag of flags) {
    if (flag === 'i') options |= RE2JS.CASE_INSENSITIVE;
    else if (flag === 'm') options |= RE2JS.MULTILINE;
    else if (flag === 's') options |= RE2JS.DOTALL;
    else if (flag !== 'u' && flag !== 'g') throw new SyntaxError(`unsupported flag "${flag}"`);
  }
  let compiled: InstanceType<RE2JSStatic>;
  try {
    compiled = RE2JS.compile(source, options);
  } catch (error) {
    throw new SyntaxError((error as Error).message);
  }
  return {
    source,
    flags,
    test: (text) => compiled.matcher(text).find(),
    *matches(text) {
      const matcher = compiled.matcher(text);
      while (matcher.find()) yield [matcher.start(), matcher.end()] as const;
    },
    // ajv keys compiled patterns by this text: it must differ between patterns.
    toString: () => `/${source}/${flags}`,
  };
}

/** ajv's `code.regExp`: `new Ajv({ code: { regExp: linearRegExpEngine } })`. */
export const linearRegExpEngine = Object.assign(
  (pattern: string, flags: string) => compileLinearRegExp(pattern, flags),
  { code: 'compileLinearRegExp' },
);
