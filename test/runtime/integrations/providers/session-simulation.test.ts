/**
 * A simulated 100-turn session: cron turns (every 5th), off-peak turns (every 7th that is not a
 * cron turn), the MCP servers reconnecting at turn 50 (a fresh runtime: other connection order,
 * tools listed in reverse), and a deferred MCP tool discovered by a search at turn 10. Every turn
 * is projected for each provider, and consecutive requests are compared for the tools prefix.
 * In `restrict` mode the restriction never changes the prefix; on providers without an
 * allowed-tools parameter that keeps the list (Anthropic, the AI SDK) the session refuses instead.
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

/** The wire list of a request: the AI SDK would send only its active tools (none are set now). */
function wire(request: ProviderRequest): ProviderRequest {
  const active = (request.request as { activeTools?: string[] }).activeTools;
  if (request.provider !== 'ai-sdk' || active === undefined) return request;
  return { ...request, tools: request.tools.filter((tool) => active.includes(tool.name)) };
}

function simulate(
  provider: ProviderName,
  mode: TurnFilterMode,
  { discover = true }: { readonly discover?: boolean } = {},
): TurnChange[] {
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
        discovered: discover && turn > DISCOVERED_AT ? [DISCOVERED] : [],
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
    PROVIDERS.map((provider) => [
      provider,
      [simulate(provider, 'restrict').length, simulate(provider, 'remove').length],
    ]),
  );
  // Restrict: only the discovery, on the formats without a native tool search (the found tool
  // is appended). Remove: every change of turn kind.
  expect(counts).toEqual({
    anthropic: [0, KIND_CHANGES.length],
    openai: [1, KIND_CHANGES.length],
    'openai-responses': [0, KIND_CHANGES.length],
    gemini: [1, KIND_CHANGES.length],
    'ai-sdk': [1, KIND_CHANGES.length],
  });
  expect(KIND_CHANGES.length).toBe(57);
});

const PROVIDERS = ['anthropic', 'openai', 'openai-responses', 'gemini', 'ai-sdk'] as const;

/** Turns whose kind differs from the turn before: every one changes the list in `remove` mode. */
const KIND_CHANGES = Array.from({ length: 99 }, (_, index) => index + 2).filter(
  (turn) => turnKind(turn) !== turnKind(turn - 1),
);

describe('100 turns in restrict mode', () => {
  test.each(PROVIDERS)('%s: the restriction changes the tools prefix 0 times', (provider) => {
    expect(simulate(provider, 'restrict', { discover: false })).toEqual([]);
  });

  test.each(PROVIDERS)(
    '%s: with the discovery, the prefix changes at most once, there, and only after every tool before it',
    (provider) => {
      const changes = simulate(provider, 'restrict');
      if (provider === 'anthropic' || provider === 'openai-responses') {
        // Native tool search: the deferred tool is in the list all along; finding it changes nothing.
        expect(changes).toEqual([]);
        return;
      }
      expect(changes.map(({ turn }) => turn)).toEqual([DISCOVERED_AT + 1]);
      const [{ change }] = changes as [TurnChange];
      expect(change.after).toBe(DISCOVERED);
      expect(change.before).toBeUndefined(); // appended: every tool before it stays cached
    },
  );

  test.each(['anthropic', 'ai-sdk'] as const)(
    '%s (no allowed-tools parameter that keeps the list): a cron turn sends the whole list and notes what the session refuses',
    (provider) => {
      const tools = sessionTools(MCP_FIXTURES, false);
      const plan = planTurnTools(tools, { kind: 'cron' }, 'restrict');
      const request = projectProviderRequest(provider, plan.tools, {
        model,
        allowedTools: plan.allowedTools!,
      });
      const whole = projectProviderRequest(provider, tools, { model });
      expect(JSON.stringify(request.request)).toBe(JSON.stringify(whole.request));
      expect(
        request.notes
          .filter((note) => note.code === 'restricted-by-refusal')
          .map((note) => note.tool),
      ).toEqual(['CronCreate', 'CronDelete', 'CronUpdate']);
    },
  );
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
  for (const provider of PROVIDERS) {
    const change = compareToolPrefix(
      projectProviderRequest(provider, before, { model }),
      projectProviderRequest(provider, after, { model }),
    );
    expect({ provider, changed: change.changed }).toEqual({ provider, changed: false });
  }
});

export { simulate };
