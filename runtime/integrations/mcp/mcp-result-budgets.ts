/** Result budgets of MCP tools (SPEC §5.4); frozen, so every entry and list shares them. */
import { type ToolResultBudget } from '../../core/contract.js';
import { deepFreeze } from '../../core/frozen-data.js';

/** Ordinary MCP tools: 50 000 bytes, cut at the end. */
export const MCP_RESULT_BUDGET: ToolResultBudget = deepFreeze({
  maxInlineBytes: 50_000,
  maxModelBytes: 50_000,
  strategy: 'truncate',
  preview: { maxBytes: 50_000, direction: 'head' },
  artifact: { enabled: false, retention: 'session' },
});

/** The host's `node_repl` server: 64 KiB; a longer result is spilled to a file, the tail shown. */
export const NODE_REPL_RESULT_BUDGET: ToolResultBudget = deepFreeze({
  maxInlineBytes: 65_536,
  maxModelBytes: 65_536,
  strategy: 'artifact',
  preview: { maxBytes: 65_536, direction: 'tail' },
  artifact: { enabled: true, retention: 'session' },
});

/** The verified computer-use server: 256 KiB (screenshots are large), cut at the end. */
export const COMPUTER_USE_RESULT_BUDGET: ToolResultBudget = deepFreeze({
  maxInlineBytes: 262_144,
  maxModelBytes: 262_144,
  strategy: 'truncate',
  preview: { maxBytes: 262_144, direction: 'head' },
  artifact: { enabled: false, retention: 'session' },
});

/** Default timeout of an MCP call when the descriptor has no `timeoutMs`. */
export const MCP_DEFAULT_TIMEOUT_MS = 30_000;
