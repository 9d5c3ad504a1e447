/**
 * An MCP tool as `tools/list` returns it (the fields the runtime uses), plus the host's
 * optional `timeoutMs`; and the function a host provides to call one.
 */

export interface McpToolAnnotations {
  readonly title?: string;
  /** The tool does not change its environment. Default here: false. */
  readonly readOnlyHint?: boolean;
  /** The tool may destroy data. Default here: false (hints are advisory; approval is always asked). */
  readonly destructiveHint?: boolean;
  /** Repeating a call has no further effect. Default: false. */
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

export interface McpToolDescriptor {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  /** Any JSON Schema dialect, or nothing; see `normalizeMcpInputSchema`. */
  readonly inputSchema?: unknown;
  readonly outputSchema?: unknown;
  readonly annotations?: McpToolAnnotations;
  /**
   * How the tool may be called: `taskSupport` `"forbidden"` (default), `"optional"` or
   * `"required"` (only as an MCP task; such tools are not registered).
   */
  readonly execution?: { readonly taskSupport?: 'forbidden' | 'optional' | 'required' };
  /** Host-provided call timeout. Default: 30 000 ms. */
  readonly timeoutMs?: number;
}

/** What an MCP `tools/call` returns (the fields the runtime reads). */
export interface McpCallResult {
  readonly content?: readonly unknown[];
  readonly structuredContent?: unknown;
  readonly isError?: boolean;
  readonly [key: string]: unknown;
}

/** Calls `tool` (its original name on `server`) with `args`; aborts with `signal`. */
export type CallMcpTool = (
  server: string,
  tool: string,
  args: Readonly<Record<string, unknown>>,
  signal: AbortSignal,
) => Promise<McpCallResult>;
