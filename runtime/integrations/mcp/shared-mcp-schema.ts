/**
 * MCP schemas normalised, frozen and shared: a server (or many servers) that lists a thousand
 * tools usually repeats a handful of schemas. The result is frozen: shared by every tool with
 * that schema and by every model-facing list (`render-model-contract.ts` shares frozen data
 * instead of copying it).
 *
 * A schema within the common subset (`normalize-common-mcp-schema.ts`) is normalised by its one
 * fused walk, which costs about what the key below would (its JSON): that schema is not looked
 * up, it is normalised again each time. Any other schema goes through the full path
 * (`normalizeMcpInputSchema`, with ajv's meta-schema validation), once per identical schema: the
 * key is the schema's JSON, and the schema normalised is the one that JSON parses back to — what
 * the model and the wire would see, so the result depends on the key alone. The warnings come
 * with the result, so each tool with a bad schema is still reported at its registration.
 */
import { deepFreeze } from '../../core/frozen-data.js';
import { normalizeCommonMcpSchema } from './normalize-common-mcp-schema.js';
import { normalizeMcpInputSchema, type NormalizedMcpSchema } from './normalize-mcp-input-schema.js';

/** A normalised schema, frozen; `jsonCharsAtMost` bounds its JSON's length when it is known. */
export interface SharedMcpSchema extends NormalizedMcpSchema {
  readonly jsonCharsAtMost?: number;
}

/** A schema whose JSON is longer than this is normalised but not kept. */
export const MAX_SHARED_SCHEMA_CHARS = 262_144;
/**
 * The kept schemas' JSON stays below this many characters in all (oldest dropped first): a few
 * hundred ordinary schemas. Keeping more costs more in garbage collection than it saves.
 */
export const MAX_SHARED_SCHEMA_TOTAL_CHARS = 262_144;

const shared = new Map<string, NormalizedMcpSchema>();
let sharedChars = 0;

/**
 * `normalizeMcpInputSchema` of `raw`'s JSON, frozen: by the fused walk, or computed once per
 * distinct JSON of `raw`; never throws.
 */
export function sharedMcpSchema(raw: unknown): SharedMcpSchema {
  return normalizeCommonMcpSchema(raw) ?? sharedFullMcpSchema(raw);
}

/**
 * {@link sharedMcpSchema} by the full path alone, for a schema the fused walk was given already
 * and did not answer for.
 */
export function sharedFullMcpSchema(raw: unknown): SharedMcpSchema {
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
