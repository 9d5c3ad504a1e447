/**
 * MCP schemas normalised once per identical schema: a server (or many servers) that lists a
 * thousand tools usually repeats a handful of schemas, and normalising one — inlining
 * references, converting the dialect, the meta-schema validation — is most of what registering
 * a tool costs. The result is frozen and shared: by every tool with that schema, and by every
 * model-facing list (`render-model-contract.ts` shares frozen data instead of copying it).
 *
 * The key is the schema's JSON, and the schema normalised is the one that JSON parses back to:
 * what the model and the wire would see, so the result depends on the key alone. The warnings
 * come with the result, so each tool with a bad schema is still reported at its registration.
 */
import { deepFreeze } from '../contract.js';
import { normalizeMcpInputSchema, type NormalizedMcpSchema } from './normalize-mcp-input-schema.js';

/** A schema whose JSON is longer than this is normalised but not kept. */
export const MAX_SHARED_SCHEMA_CHARS = 262_144;
/**
 * The kept schemas' JSON stays below this many characters in all (oldest dropped first): a few
 * hundred ordinary schemas. Keeping more costs more in garbage collection than it saves.
 */
export const MAX_SHARED_SCHEMA_TOTAL_CHARS = 262_144;

const shared = new Map<string, NormalizedMcpSchema>();
let sharedChars = 0;

/** `normalizeMcpInputSchema(raw)`, frozen, computed once per distinct JSON of `raw`; never throws. */
export function sharedMcpSchema(raw: unknown): NormalizedMcpSchema {
  let key: string | undefined;
  try {
    key = JSON.stringify(raw);
  } catch {
    // A bigint, a cycle, a throwing getter: not JSON, as no server could have sent it.
  }
  if (key === undefined) return frozen(normalizeMcpInputSchema(raw));
  const known = shared.get(key);
  if (known !== undefined) return known;
  const result = frozen(normalizeMcpInputSchema(JSON.parse(key)));
  if (key.length <= MAX_SHARED_SCHEMA_CHARS) {
    shared.set(key, result);
    sharedChars += key.length;
    for (const [oldest] of shared) {
      if (sharedChars <= MAX_SHARED_SCHEMA_TOTAL_CHARS) break;
      shared.delete(oldest);
      sharedChars -= oldest.length;
    }
  }
  return result;
}

function frozen(result: NormalizedMcpSchema): NormalizedMcpSchema {
  return deepFreeze({ schema: result.schema, warnings: result.warnings });
}
