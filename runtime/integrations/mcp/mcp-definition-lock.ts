/**
 * Pinning of MCP tool definitions (the MCP spec treats them as untrusted): the definitions a user
 * approved — name, title, description, input and output schemas, annotations — are recorded in a
 * lock file (`.tool-contracts/mcp-lock.json` by default: deterministic JSON, keys sorted, each
 * definition whole with its SHA-256), and every later `tools/list` is compared with it. A pinned
 * tool whose definition changed (a "rug pull": the description now tells the model to send files
 * away) is `changed`; a tool that appears on a server already approved is `added` and counts as
 * changed (a server must not slip an exfiltration tool in after approval). Both are reported with
 * a diff of what changed (`mcp-definition-diff.ts`), and with `onChange: 'hide'` not registered
 * until approved again (`tool-contracts mcp approve SERVER [--tool NAME]`). Only the tools of a
 * server the lock does not know at all are `new`: registered (trust on first use) and reported,
 * so that they can be approved.
 *
 * Pure: no files here — the CLI reads and writes the lock; `registerMcpTools` takes the policy.
 */
import { sha256Hex } from '../../core/support/lazy-crypto.js';
import { isJsonObject } from '../../core/support/is-json-object.js';
import { canonicalJson } from '../../core/visibility/tools-fingerprint.js';
import type { McpToolDescriptor } from './mcp-tool-descriptor.js';
import { mcpDefinitionDiff } from './mcp-definition-diff.js';

/** Default lock file, relative to the project root. */
export const MCP_LOCK_FILE = '.tool-contracts/mcp-lock.json';
const LOCK_VERSION = 1;

/** The fields of a definition that are pinned. */
export const PINNED_FIELDS = [
  'title',
  'description',
  'inputSchema',
  'outputSchema',
  'annotations',
] as const;

/** One approved definition: its pinned fields and their hash. */
export interface PinnedDefinition {
  /** `sha256:` + hex of the canonical JSON of `definition`. */
  readonly sha256: string;
  readonly definition: Readonly<Record<string, unknown>>;
}

/** The lock: server → tool (original name) → pinned definition. */
export interface McpLock {
  readonly version: 1;
  readonly servers: Readonly<Record<string, Readonly<Record<string, PinnedDefinition>>>>;
}

/** What registration does with a pinned tool whose definition changed. Default: `warn`. */
export type McpPinPolicy = 'warn' | 'hide';

export type McpPinVerdict =
  /** Approved and unchanged; or `new`: on a server the lock does not know (trust on first use). */
  | { readonly tool: string; readonly status: 'pinned' | 'new' }
  /** On an approved server, but never approved itself: treated as a change. */
  | { readonly tool: string; readonly status: 'added'; readonly diff: string }
  | {
      readonly tool: string;
      readonly status: 'changed';
      readonly fields: readonly string[];
      /** Unified-diff hunks from the approved definition to the current one. */
      readonly diff: string;
    };

/** Whether `verdict` needs a new approval before the tool is trusted: `changed` or `added`. */
export function isUnapprovedChange(
  verdict: McpPinVerdict,
): verdict is Extract<McpPinVerdict, { status: 'changed' | 'added' }> {
  return verdict.status === 'changed' || verdict.status === 'added';
}

export const EMPTY_MCP_LOCK: McpLock = { version: LOCK_VERSION, servers: {} };

/** The pinned part of a descriptor (absent fields left out). */
export function pinnedDefinition(descriptor: McpToolDescriptor): Record<string, unknown> {
  const definition: Record<string, unknown> = { name: descriptor.name };
  for (const field of PINNED_FIELDS)
    if (descriptor[field] !== undefined) definition[field] = descriptor[field];
  return definition;
}

function pin(descriptor: McpToolDescriptor): PinnedDefinition {
  const definition = pinnedDefinition(descriptor);
  return {
    sha256: `sha256:${sha256Hex(canonicalJson(definition))}`,
    definition,
  };
}

/** Compare one server's descriptors with the lock. */
export function checkMcpPins(
  lock: McpLock,
  server: string,
  descriptors: readonly McpToolDescriptor[],
): McpPinVerdict[] {
  const approvedServer = Object.hasOwn(lock.servers, server);
  const pinned = approvedServer ? lock.servers[server]! : {};
  return descriptors.map((descriptor) => {
    const known = Object.hasOwn(pinned, descriptor.name) ? pinned[descriptor.name] : undefined;
    if (known === undefined) {
      if (!approvedServer) return { tool: descriptor.name, status: 'new' };
      return {
        tool: descriptor.name,
        status: 'added',
        diff: mcpDefinitionDiff(undefined, pinnedDefinition(descriptor)),
      };
    }
    const now = pin(descriptor);
    if (now.sha256 === known.sha256) return { tool: descriptor.name, status: 'pinned' };
    const fields = ['name', ...PINNED_FIELDS].filter(
      (field) => canonicalJson(now.definition[field]) !== canonicalJson(known.definition[field]),
    );
    return {
      tool: descriptor.name,
      status: 'changed',
      fields,
      diff: mcpDefinitionDiff(known.definition, now.definition),
    };
  });
}

/**
 * The lock with `descriptors` of `server` approved: all of them, or only those named in `tools`.
 * Tools of the server that the lock has and `descriptors` lack are kept (a server that lists
 * fewer tools today has not changed the others).
 */
export function approveMcpPins(
  lock: McpLock,
  server: string,
  descriptors: readonly McpToolDescriptor[],
  tools?: readonly string[],
): McpLock {
  const current = Object.hasOwn(lock.servers, server) ? { ...lock.servers[server] } : {};
  for (const descriptor of descriptors)
    if (tools === undefined || tools.includes(descriptor.name))
      current[descriptor.name] = pin(descriptor);
  return { version: LOCK_VERSION, servers: { ...lock.servers, [server]: current } };
}

/** The lock as a file: canonical JSON (sorted keys), two-space indent, final newline. */
export function serializeMcpLock(lock: McpLock): string {
  return `${JSON.stringify(JSON.parse(canonicalJson(lock)), null, 2)}\n`;
}

export type ParseMcpLockResult =
  | { readonly success: true; readonly lock: McpLock }
  | { readonly success: false; readonly error: string };

/** Read a lock file's text; a damaged lock is an error, never a silent empty lock. */
export function parseMcpLock(text: string): ParseMcpLockResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { success: false, error: `not JSON (${(error as Error).message})` };
  }
  if (!isJsonObject(data) || data['version'] !== LOCK_VERSION || !isJsonObject(data['servers']))
    return { success: false, error: `expected {"version": 1, "servers": {…}}` };
  for (const [server, tools] of Object.entries(data['servers'])) {
    if (!isJsonObject(tools))
      return { success: false, error: `servers.${server} is not an object` };
    for (const [tool, pinned] of Object.entries(tools)) {
      if (
        !isJsonObject(pinned) ||
        typeof pinned['sha256'] !== 'string' ||
        !isJsonObject(pinned['definition'])
      )
        return {
          success: false,
          error: `servers.${server}.${tool} needs "sha256" and "definition"`,
        };
    }
  }
  return { success: true, lock: data as unknown as McpLock };
}
