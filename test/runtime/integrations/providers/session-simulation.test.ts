/**
 * A simulated 100-turn session: cron turns (every 5th), off-peak turns (every 7th that is not a
 * cron turn), the MCP servers reconnecting at turn 50 (a fresh runtime: other connection order,
 * tools listed in reverse), and a deferred MCP tool discovered by a search at turn 10. Every turn
 * is projected for each provider, and consecutive requests are compared for the tools prefix.
 */
import { describe, expect, test } from 'vitest';
import { builtInTools } from '../../../../generated/index.js';
import { SORTED_PROVIDER_TOOL_NAMES } from '../../../../generated/provider-order.js';
import type { ModelToolContract } from '../../../../runtime/core/contract.js';
import { registerMcpTools } from '../../../../runtime/integrations/mcp/register-mcp-tools.js';
import {
  compareToolPrefix,
  type PrefixChange,
} from '../../../../runtime/integrations/providers/compare-tool-prefix.js';
import { projectProviderRequest } from '../../../../runtime/integrations/providers/project-provider-request.js';
import type { ProviderName } from '../../../../runtime/integrations/providers/provider-name.js';
import type { ProviderRequest } from '../../../../runtime/integrations/providers/provider-request.js';
import { createToolRuntime } from '../../../../runtime/core/tool-runtime.js';
import {
  planTurnTools,
  type TurnFilterMode,
  type TurnKind,
} from '../../../../runtime/core/visibility/turn-filter.js';
import { FIXED_DATE, MCP_FIXTURES, mcpFixture, model } from './provider-fixtures.js';

const DISCOVERED_AT = 10;
const RECONNECT_AT = 50;
const DISCOVERED = 'mcp__edge-cases__search_issues';

function sessionTools(
  order: readonly (typeof MCP_FIXTURES)[number][],
  reverseTools: boolean,
): readonly ModelToolContract[] {
  const runtime = createToolRuntime({
    builtInTools,
    sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
    gate: {
      ports: { cron: true, offPeak: true },
      // The host defers tools, so it registers the client-side ToolSearch.
      features: { toolSearch: true },
      hostKind: 'terminal',
      sessionKind: 'main',
    },
    logger: { warn: () => {} },
    clock: () => FIXED_DATE,
  });
  for (const server of order) {
    const tools = mcpFixture(server);
    registerMcpTools(runtime, server, reverseTools ? [...tools].reverse() : tools, {
      callMcpTool: async () => ({ content: [] }),
    });
  }
  return runtime.getTools({ model });
}

function turnKind(turn: number): TurnKind {
  return turn % 5 === 0 ? 'cron' : turn % 7 === 0 ? 'offPeak' : 'interactive';
}

interface TurnChange {
  readonly turn: number;
  readonly change: Extract<PrefixChange, { changed: true }>;
}

/** The wire list of a request: the AI SDK sends only its active tools. */
function wire(request: ProviderRequest): ProviderRequest {
  const active = (request.request as { activeTools?: string[] }).activeTools;
  if (request.provider !== 'ai-sdk' || active === undefined) return request;
  return { ...request, tools: request.tools.filter((tool) => active.includes(tool.name)) };
}

function simulate(provider: ProviderName, mode: TurnFilterMode): TurnChange[] {
  const before = sessionTools(MCP_FIXTURES, false);
  const after = sessionTools([...MCP_FIXTURES].reverse(), true);
  const deferred = new Set(
    before.filter((tool) => tool.mcp?.server === 'edge-cases').map((tool) => tool.name),
  );
  const changes: TurnChange[] = [];
  let previous: ProviderRequest | undefined;
  for (let turn = 1; turn <= 100; turn += 1) {
    const plan = planTurnTools(
      turn < RECONNECT_AT ? before : after,
      { kind: turnKind(turn) },
      mode,
    );
    const request = wire(
      projectProviderRequest(provider, plan.tools, {
        model,
        deferred,
        discovered: turn > DISCOVERED_AT ? [DISCOVERED] : [],
        ...(plan.allowedTools === undefined ? {} : { allowedTools: plan.allowedTools }),
      }),
    );
    if (previous !== undefined) {
      const change = compareToolPrefix(previous, request);
      if (change.changed) changes.push({ turn, change });
    }
    previous = request;
  }
  return changes;
}

test('the counts the report quotes', () => {
  const counts = Object.fromEntries(
    (['anthropic', 'openai', 'openai-responses', 'gemini', 'ai-sdk'] as const).map((provider) => [
      provider,
      [simulate(provider, 'restrict').length, simulate(provider, 'remove').length],
    ]),
  );
  expect(counts).toEqual({
    anthropic: [KIND_CHANGES.length, KIND_CHANGES.length],
    openai: [1, KIND_CHANGES.length],
    'openai-responses': [0, KIND_CHANGES.length],
    gemini: [1, KIND_CHANGES.length],
    'ai-sdk': [KIND_CHANGES.length, KIND_CHANGES.length],
  });
  expect(KIND_CHANGES.length).toBe(57);
});

/** Turns whose kind differs from the turn before: every one changes the list in `remove` mode. */
const KIND_CHANGES = Array.from({ length: 99 }, (_, index) => index + 2).filter(
  (turn) => turnKind(turn) !== turnKind(turn - 1),
);

describe('100 turns in restrict mode', () => {
  test.each(['openai', 'openai-responses', 'gemini'] as const)(
    '%s: the tools prefix changes only at the discovery, and only after the tools before it',
    (provider) => {
      const changes = simulate(provider, 'restrict');
      if (provider === 'openai-responses') {
        // Native tool_search: the deferred tool is in the list all along; finding it changes nothing.
        expect(changes).toEqual([]);
        return;
      }
      expect(changes.map(({ turn }) => turn)).toEqual([DISCOVERED_AT + 1]);
      const [{ change }] = changes as [TurnChange];
      expect(change.after).toBe(DISCOVERED);
      expect(change.before).toBeUndefined(); // appended: every tool before it stays cached
    },
  );

  test('anthropic: no allowed-tools parameter, so restriction falls back to removal; the discovery itself changes nothing', () => {
    const changes = simulate('anthropic', 'restrict');
    expect(changes.map(({ turn }) => turn)).toEqual(KIND_CHANGES);
  });

  test('ai-sdk: activeTools keeps the tool set, but the SDK sends only the active tools', () => {
    const changes = simulate('ai-sdk', 'restrict');
    expect(changes.map(({ turn }) => turn)).toContain(DISCOVERED_AT + 1);
    expect(changes.length).toBeGreaterThan(1);
  });
});

describe('100 turns in remove mode', () => {
  test.each(['anthropic', 'openai', 'gemini'] as const)(
    '%s: every change of turn kind loses the prefix, and the report names each change',
    (provider) => {
      const changes = simulate(provider, 'remove');
      const want =
        provider === 'anthropic'
          ? KIND_CHANGES
          : [...new Set([...KIND_CHANGES, DISCOVERED_AT + 1])].sort((left, right) => left - right);
      expect(changes.map(({ turn }) => turn)).toEqual(want);
      for (const { change } of changes)
        expect(change.message).toMatch(
          /^cached prefix lost from tool #\d+ on \(.+\); \d+ tools? before it stays? cached$/,
        );
      const firstCron = changes.find(({ turn }) => turn === 5)!;
      expect(firstCron.change.message).toContain('CronCreate');
    },
  );
});

test('the reconnect at turn 50 (other connection order, tools in reverse) changes nothing', () => {
  const before = sessionTools(MCP_FIXTURES, false);
  const after = sessionTools([...MCP_FIXTURES].reverse(), true);
  for (const provider of ['anthropic', 'openai', 'openai-responses', 'gemini', 'ai-sdk'] as const) {
    const change = compareToolPrefix(
      projectProviderRequest(provider, before, { model }),
      projectProviderRequest(provider, after, { model }),
    );
    expect({ provider, changed: change.changed }).toEqual({ provider, changed: false });
  }
});

export { simulate };
