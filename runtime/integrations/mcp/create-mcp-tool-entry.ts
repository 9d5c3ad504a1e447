/**
 * One MCP tool descriptor → a {@link ToolEntry} like any built-in, whose handler calls the
 * host's `callMcpTool` with the tool's original name (SPEC §5.4).
 */
import { timerDelayMs } from '../../core/support/timer-delay.js';
import { z } from 'zod';
import {
  type JsonSchema,
  type McpToolHints,
  type RiskLevel,
  type SideEffectScope,
  type ToolEntry,
  type ToolResultBudget,
} from '../../core/contract.js';
import { adoptFrozenJsonTree, deepFreeze } from '../../core/frozen-data.js';
import { formatMcpContent } from './format-mcp-content.js';
import { mcpContentBlocks } from './mcp-content-blocks.js';
import { MCP_DEFAULT_TIMEOUT_MS } from './mcp-result-budgets.js';
import { mcpCapability } from './project-mcp-tool-name.js';
import type { CallMcpTool, McpCallResult, McpToolDescriptor } from './mcp-tool-descriptor.js';

export type McpToolInput = Record<string, unknown>;

export interface McpToolEntryOptions {
  /** Server name as the host knows it (used for the call). */
  readonly server: string;
  readonly descriptor: McpToolDescriptor;
  /** Provider-visible name. */
  readonly name: string;
  readonly aliases: readonly string[];
  readonly inputSchema: JsonSchema;
  readonly outputSchema: JsonSchema;
  readonly resultBudget: ToolResultBudget;
  /** `system` + `high` for the host node_repl server's `js`; otherwise `network`. */
  readonly sideEffectScope: SideEffectScope;
  readonly riskLevel?: RiskLevel | undefined;
  readonly callMcpTool: CallMcpTool;
  /** `mcpCapability(server, descriptor.name)` when the caller has it already. */
  readonly capability?: string;
  /** `mcp:<server>`, when the caller has it already (one string for all of a server's tools). */
  readonly source?: string;
  /**
   * The server is trusted (`"trust": true` in its configuration): its annotations decide
   * approval too — a read-only tool needs none. Default: false (every call needs approval).
   */
  readonly trusted?: boolean;
}

const McpInputSchema = z.record(z.string(), z.unknown());
const McpOutputSchema = z
  .object({
    content: z.array(z.unknown()).optional(),
    structuredContent: z.unknown().optional(),
    isError: z.boolean().optional(),
  })
  .passthrough();

// What every MCP entry has alike, frozen and shared (an entry is data nothing changes): a
// thousand tools registered should not be a thousand copies of each.
const NO_NAMES: readonly string[] = deepFreeze([]);
const ASK_OPTIONS = deepFreeze({ allowAlways: true });
const DEFAULT_TIMEOUT: ToolEntry['timeout'] = timeoutOf(MCP_DEFAULT_TIMEOUT_MS);
const CANCELLATION: ToolEntry['cancellation'] = deepFreeze({
  supported: true,
  cleanup: 'abortSignal',
  userMessage: 'The user cancelled this tool call.',
});
const TRACE: ToolEntry['trace'] = deepFreeze({
  required: false,
  input: 'summary',
  output: 'summary',
});
const AVAILABILITY: ToolEntry['availability'] = deepFreeze({
  ports: [],
  features: [],
  sessionKinds: [],
  excludedSessionKinds: [],
  modelCapabilities: [],
});

function timeoutOf(ms: number): ToolEntry['timeout'] {
  return deepFreeze({
    kind: 'bounded',
    defaultMs: ms,
    maxMs: ms,
    allowCallOverride: false,
    cleanupGraceMs: 0,
  });
}

/**
 * Flags from annotations: `readOnlyHint` and `destructiveHint` map directly (absent = false;
 * read-only wins over destructive); `concurrentSafe` = read-only or idempotent. Approval: always
 * needed, unless the server is trusted and the tool read-only (an untrusted server's
 * annotations order calls but never waive an approval). The annotations are kept as given
 * (`mcp.annotations`), for the gateway to relay. Risk: `high` when destructive, `low` when read-only, else `medium`, unless given.
 * Keeps no reference to `options` (registration reuses one object for all of a server's tools).
 */
export function createMcpToolEntry(
  options: McpToolEntryOptions,
): ToolEntry<McpToolInput, McpCallResult> {
  const { descriptor, server, callMcpTool } = options;
  // Descriptors come from other processes: read every field defensively.
  const annotations: McpToolDescriptor['annotations'] & object =
    typeof descriptor.annotations === 'object' && descriptor.annotations !== null
      ? descriptor.annotations
      : {};
  const readOnly = annotations.readOnlyHint === true;
  const destructive = !readOnly && annotations.destructiveHint === true;
  const idempotent = annotations.idempotentHint === true || readOnly;
  const needsApproval = !(options.trusted === true && readOnly);
  const hints = mcpToolHints(annotations as Record<string, unknown>);
  const riskLevel: RiskLevel =
    options.riskLevel ?? (destructive ? 'high' : readOnly ? 'low' : 'medium');
  const timeout =
    typeof descriptor.timeoutMs === 'number' &&
    Number.isInteger(descriptor.timeoutMs) &&
    descriptor.timeoutMs > 0
      ? timeoutOf(timerDelayMs(descriptor.timeoutMs))
      : DEFAULT_TIMEOUT;
  // (Conditions, not a list searched: registration makes a thousand entries at a time.)
  const description =
    typeof descriptor.description === 'string'
      ? descriptor.description
      : typeof descriptor.title === 'string'
        ? descriptor.title
        : typeof annotations.title === 'string'
          ? annotations.title
          : '';
  // The server's own display title when it gives one (serve lists it as the MCP title).
  const purpose =
    typeof descriptor.title === 'string' && descriptor.title !== ''
      ? descriptor.title
      : typeof annotations.title === 'string' && annotations.title !== ''
        ? annotations.title
        : `Tool "${descriptor.name}" of the MCP server "${server}"`;
  // Frozen like the schemas and budget (see `registerMcpTools`): every list shares it. Built
  // here of strings and frozen data only, so it is marked without a walk.
  const permission: ToolEntry['permission'] = adoptFrozenJsonTree({
    permission: options.name,
    reason: `Calls "${descriptor.name}" on the MCP server "${server}", which runs outside the agent`,
    riskLevel,
    sideEffectScope: options.sideEffectScope,
    needsApproval,
    alwaysAsk: false,
    askOptions: ASK_OPTIONS,
    patternSources: NO_NAMES,
    alwaysAllowPatternSources: NO_NAMES,
    denyPriority: 'beforeAsk',
  });
  const tool = descriptor.name;
  return {
    capability: options.capability ?? mcpCapability(server, tool),
    metadata: {
      name: options.name,
      purpose,
      modelInstructions: NO_NAMES,
      aliases: options.aliases,
      readOnly,
      destructive,
      concurrentSafe: readOnly || idempotent,
      sideEffectScope: options.sideEffectScope,
      riskLevel,
      needsApproval,
      requiresUserInteraction: false,
      allowedInPlanMode: readOnly,
      stopTurnOnSuccess: false,
      providerVisible: true,
      idempotent,
      recovery: readOnly ? 'none' : idempotent ? 'retry' : 'manual',
    },
    description,
    inputSchema: options.inputSchema,
    outputSchema: options.outputSchema,
    runtimeInputSchema: McpInputSchema,
    runtimeOutputSchema: McpOutputSchema as z.ZodType<McpCallResult, z.ZodTypeDef, unknown>,
    strict: false,
    executionMode: 'client',
    permission,
    resultBudget: options.resultBudget,
    timeout,
    cancellation: CANCELLATION,
    trace: TRACE,
    availability: AVAILABILITY,
    ordering: 'registration',
    source: options.source ?? `mcp:${server}`,
    mcp: hints === undefined ? { server, tool } : { server, tool, annotations: hints },
    // A method, not an arrow property: the same closure, but one a transpiler keeping function
    // names (tsx) does not wrap in a name-defining call per entry.
    async handler(input, context) {
      try {
        const result = await callMcpTool(server, tool, input, context.signal);
        if (result.isError === true) {
          return {
            ok: false,
            code: 'mcp_tool_error',
            message: formatMcpContent(result) || `The MCP tool "${tool}" reported an error.`,
          };
        }
        return { ok: true, output: result };
      } catch (error) {
        if (context.signal.aborted) throw error;
        const message = error instanceof Error ? error.message : String(error);
        return {
          ok: false,
          code: 'mcp_call_failed',
          message: `The MCP server "${server}" failed to run "${tool}": ${message}`,
        };
      }
    },
    formatModelContent: formatMcpContent,
    formatModelBlocks: mcpContentBlocks,
  };
}

const HINT_KEYS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

/** The annotations' hints as the server gave them (booleans, a string title), frozen; none: `undefined`. */
function mcpToolHints(annotations: Record<string, unknown>): McpToolHints | undefined {
  const hints: { -readonly [Key in keyof McpToolHints]: McpToolHints[Key] } = {};
  if (typeof annotations.title === 'string') hints.title = annotations.title;
  for (const key of HINT_KEYS)
    if (typeof annotations[key] === 'boolean') hints[key] = annotations[key] as boolean;
  return Object.keys(hints).length === 0 ? undefined : Object.freeze(hints);
}
