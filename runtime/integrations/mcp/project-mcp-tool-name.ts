/**
 * Provider-visible names of MCP tools (SPEC §5.4).
 *
 * A tool `t` of server `s` is called `mcp__<s>__<t>`, each part with every character outside
 * `[A-Za-z0-9_-]` replaced by `_`. When that name is longer than 64 characters (the providers'
 * limit), or is shared by two tools of the server, or is already taken in the registry, the tool
 * gets the shortened form instead: the first 55 characters of the sanitised name, `_`, and the
 * first 8 hex digits of the SHA-256 of the original, unsanitised `mcp__<s>__<t>` — deterministic,
 * at most 64 characters, and different for different originals. The original names are kept for
 * the call. Nothing is ever overwritten silently.
 */
import { sha256Hex } from '../../core/support/lazy-crypto.js';

/** Longest tool name the providers accept. */
export const PROVIDER_TOOL_NAME_LIMIT = 64;
const HASH_LENGTH = 8;

/** `part` with every code point outside `[A-Za-z0-9_-]` replaced by `_`. */
export function sanitizeMcpNamePart(part: string): string {
  // (Tested first: a replace with a global pattern allocates even when nothing matches, and most
  // names are clean; a server may list thousands of tools.)
  return UNSAFE_CHARACTER.test(part) ? part.replace(UNSAFE_CHARACTERS, '_') : part;
}

const UNSAFE_CHARACTER = /[^A-Za-z0-9_-]/u;
const UNSAFE_CHARACTERS = /[^A-Za-z0-9_-]/gu;

/**
 * The capability of an MCP tool, `mcp.<server>.<tool>` (each part sanitised like the name, so a
 * dot in a server or tool name never adds a level): `capability:mcp.github.*` rules match it.
 */
export function mcpCapability(
  server: string,
  tool: string,
  /** `sanitizeMcpNamePart(server)`, when the caller has it (one server, many tools). */
  serverPart: string = sanitizeMcpNamePart(server),
): string {
  return `mcp.${serverPart}.${sanitizeMcpNamePart(tool)}`;
}

/** `mcp__<server>__<tool>`, sanitised, not shortened. */
export function mcpToolName(
  server: string,
  tool: string,
  /** `sanitizeMcpNamePart(server)`, when the caller has it (one server, many tools). */
  serverPart: string = sanitizeMcpNamePart(server),
): string {
  return `mcp__${serverPart}__${sanitizeMcpNamePart(tool)}`;
}

/** The shortened form of `mcp__<server>__<tool>` (see the module comment). */
export function shortenedMcpToolName(
  server: string,
  tool: string,
  visibleServer: string = server,
): string {
  const hash = sha256Hex(`mcp__${server}__${tool}`).slice(0, HASH_LENGTH);
  return `${mcpToolName(visibleServer, tool).slice(0, PROVIDER_TOOL_NAME_LIMIT - HASH_LENGTH - 1)}_${hash}`;
}

export type McpNameProjection =
  | { readonly ok: true; readonly name: string; readonly shortened: boolean }
  | { readonly ok: false; readonly reason: 'nameCollision'; readonly name: string };

/**
 * Names for every tool of one server. `tools` are distinct original names; `taken` are names
 * already in the registry. The result does not depend on the order of `tools`: tools whose
 * plain names clash all get the shortened form. `visibleServer` is the server part the model
 * sees (the verified computer-use server is shown as `computer-use`).
 */
export function projectMcpToolNames(
  server: string,
  tools: readonly string[],
  taken: ReadonlySet<string>,
  visibleServer: string = server,
): Map<string, McpNameProjection> {
  const projections = mcpNameProjections(server, tools, taken, visibleServer);
  return new Map(tools.map((tool, index) => [tool, projections[index]!]));
}

/** {@link projectMcpToolNames} as a list: the projection of `tools[index]` at `index`. */
export function mcpNameProjections(
  server: string,
  tools: readonly string[],
  taken: ReadonlySet<string>,
  visibleServer: string = server,
): McpNameProjection[] {
  // Arrays and one count per name, not a map and a set more per tool: a server may list
  // thousands of tools.
  const serverPart = sanitizeMcpNamePart(visibleServer);
  const plain = tools.map((tool) => mcpToolName(visibleServer, tool, serverPart));
  const plainCounts = new Map<string, number>();
  // (indexed: no iterator result per step while the loop is not optimised yet)
  for (let index = 0; index < plain.length; index += 1) {
    const name = plain[index]!;
    plainCounts.set(name, (plainCounts.get(name) ?? 0) + 1);
  }
  /** Whether `name` is a plain name that its one tool keeps (so no other tool can have it). */
  const keptPlain = (name: string) =>
    name.length <= PROVIDER_TOOL_NAME_LIMIT && plainCounts.get(name) === 1 && !taken.has(name);
  const result = new Array<McpNameProjection | undefined>(tools.length);
  for (let index = 0; index < tools.length; index += 1) {
    const name = plain[index]!;
    if (keptPlain(name)) result[index] = { ok: true, name, shortened: false };
  }
  const usedShortened = new Set<string>();
  for (let index = 0; index < tools.length; index += 1) {
    if (result[index] !== undefined) continue;
    const name = shortenedMcpToolName(server, tools[index]!, visibleServer);
    if (taken.has(name) || keptPlain(name) || usedShortened.has(name)) {
      result[index] = { ok: false, reason: 'nameCollision', name };
    } else {
      result[index] = { ok: true, name, shortened: true };
      usedShortened.add(name);
    }
  }
  return result as McpNameProjection[];
}
