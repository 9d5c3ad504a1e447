/**
 * Tool lists the provider tests project: the 41 built-ins (every one the model can see: Task is
 * hidden) and the held-in MCP fixtures of `test/fixtures/mcp/` (a real `tools/list` of
 * `@modelcontextprotocol/server-filesystem`, and edge cases: a name starting with a digit, type
 * lists, nullable unions, const, numeric enums, `propertyNames`, exclusive bounds, recursive refs,
 * a tool without parameters).
 */
import { readFileSync } from 'node:fs';
import { builtInTools } from '../../../../generated/index.js';
import { SORTED_PROVIDER_TOOL_NAMES } from '../../../../generated/provider-order.js';
import type { ModelProfile, ModelToolContract } from '../../../../runtime/core/contract.js';
import { registerMcpTools } from '../../../../runtime/integrations/mcp/register-mcp-tools.js';
import { createToolRuntime } from '../../../../runtime/core/tool-runtime.js';
import type { RegistrationGateInput } from '../../../../runtime/core/visibility/registration-gate.js';
import { everyCapabilityModel, projectAll } from '../../fixtures/project-all.js';

export const descriptionSettings = { currentMonth: 'November 2026', dynamicWorkflows: true };

/** Inside November 2026: descriptions name the month, so tests fix it. */
export const FIXED_DATE = new Date(Date.UTC(2026, 10, 15));

export const model: ModelProfile = everyCapabilityModel;

/** Every built-in a model can see, in registration order. */
export function builtInContracts(): readonly ModelToolContract[] {
  return projectAll(builtInTools, descriptionSettings);
}

export const MCP_FIXTURES = ['filesystem', 'edge-cases'] as const;

/** The tools of a saved `tools/list` fixture. */
export function mcpFixture(name: (typeof MCP_FIXTURES)[number]): unknown[] {
  const text = readFileSync(new URL(`../../../fixtures/mcp/${name}.json`, import.meta.url), 'utf8');
  return (JSON.parse(text) as { tools: unknown[] }).tools;
}

/** The MCP fixtures' tools as the model sees them, registered in `order`. */
export function mcpContracts(
  order: readonly (typeof MCP_FIXTURES)[number][] = MCP_FIXTURES,
): readonly ModelToolContract[] {
  const runtime = createToolRuntime({
    builtInTools: [],
    sortedProviderToolNames: new Set(),
    gate: { ports: {}, features: {}, hostKind: 'terminal', sessionKind: 'main' },
    logger: { warn: () => {} },
  });
  for (const server of order)
    registerMcpTools(runtime, server, mcpFixture(server), {
      callMcpTool: async () => ({ content: [] }),
    });
  return runtime.getTools({ model });
}

/** A session's list through the real gate and getTools, with MCP servers registered in `order`. */
export function sessionContracts(
  gate: Partial<RegistrationGateInput> = {},
  order: readonly (typeof MCP_FIXTURES)[number][] = [],
): readonly ModelToolContract[] {
  const runtime = createToolRuntime({
    builtInTools,
    sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
    gate: { ports: {}, features: {}, hostKind: 'terminal', sessionKind: 'main', ...gate },
    logger: { warn: () => {} },
    clock: () => FIXED_DATE,
  });
  for (const server of order)
    registerMcpTools(runtime, server, mcpFixture(server), {
      callMcpTool: async () => ({ content: [] }),
    });
  return runtime.getTools({ model });
}
