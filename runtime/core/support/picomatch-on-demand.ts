/**
 * picomatch, loaded on its first use: permission rules with a glob, Grep's `type` filter and an
 * MCP server's tool filters need it; listing built-in tools does not, so a list does not compile
 * it. Loaded through Node's `require` (picomatch is CommonJS), which is synchronous like every
 * caller: a rule is matched, and a matcher built, in the middle of a synchronous decision.
 */
import { createRequire } from 'node:module';
import type Picomatch from 'picomatch';

let picomatch: typeof Picomatch | undefined;

/** The picomatch function (with `isMatch` and the rest), required the first time. */
export function picomatchOnDemand(): typeof Picomatch {
  return (picomatch ??= createRequire(import.meta.url)('picomatch') as typeof Picomatch);
}
