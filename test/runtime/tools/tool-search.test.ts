/**
 * ToolSearch: the ranking (a table of queries over the real built-ins), its independence of
 * registration order (property), and a session in which a search at one turn makes the found
 * tools appear at the end of the next turn's list, with the cached prefix before them kept.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { builtInTools } from '../../../generated/index.js';
import { SORTED_PROVIDER_TOOL_NAMES } from '../../../generated/provider-order.js';
import { tool as toolSearch } from '../../../generated/tools/tool-search.js';
import type { ToolEntry } from '../../../runtime/core/contract.js';
import { compareToolPrefix } from '../../../runtime/integrations/providers/compare-tool-prefix.js';
import { projectProviderRequest } from '../../../runtime/integrations/providers/project-provider-request.js';
import type { ProviderName } from '../../../runtime/integrations/providers/provider-name.js';
import {
  searchableTools,
  searchDeferredTools,
  TOOL_SEARCH_NAME,
} from '../../../runtime/core/visibility/deferred-tools.js';
import {
  createToolSession,
  type ToolSession,
  type ToolSessionOptions,
} from '../../../runtime/call-path/session/create-tool-session.js';
import { createToolRuntime } from '../../../runtime/core/tool-runtime.js';
import {
  builtInContracts,
  FIXED_DATE,
  model,
} from '../integrations/providers/provider-fixtures.js';

/** Every built-in but ToolSearch itself, as a search sees them. */
const BUILT_INS = searchableTools(
  builtInContracts().filter((tool) => tool.name !== TOOL_SEARCH_NAME),
);

describe('ranking over the built-ins: name 3, hints 2, description 1 per query word; ties by name', () => {
  test.each([
    {
      query: 'workflow run',
      want: [
        'GetWorkflowRun',
        'ListWorkflowRuns',
        'ResumeWorkflowRun',
        'AmendWorkflow',
        'CreateWorkflow',
        'EvalWorkflowSnippet',
        'ResolveWorkflowQuestion',
        'ListSavedWorkflows',
      ],
    },
    { query: 'cron', want: ['CronCreate', 'CronUpdate', 'CronDelete', 'CronList'] },
    // `a` is a stop word, so only `schedule` and `job` score.
    { query: 'schedule a job', want: ['CronCreate', 'CronList', 'CronUpdate', 'CronDelete'] },
    { query: 'WEB search', want: ['WebSearch', 'WebFetch', 'Agent', 'EnterPlanMode'] },
    { query: 'resume', want: ['ResumeWorkflowRun', 'CronUpdate'] },
    {
      query: 'plan mode',
      want: ['EnterPlanMode', 'ExitPlanMode', 'AskUserQuestion', 'Grep', 'TodoWrite'],
    },
    {
      query: 'message',
      want: ['SendMessage', 'ReadSessionContext', 'RespondToCoordinator', 'Skill'],
    },
    { query: 'no such words zzz', want: [] },
    { query: '', want: [] },
    { query: ' \t\n-_/ ', want: [] },
  ])('$query → $want', ({ query, want }) => {
    expect(searchDeferredTools(query, BUILT_INS)).toStrictEqual(want);
  });

  test('at most 8 results, however many match', () => {
    expect(searchDeferredTools('file read write search', BUILT_INS)).toStrictEqual([
      'Read',
      'Write',
      'ReadSessionContext',
      'WebSearch',
      'Agent',
      'Bash',
      'EnterPlanMode',
      'TodoRead',
    ]);
  });

  test('a query of 100 000 characters answers, and only with known names', () => {
    const found = searchDeferredTools('workflow '.repeat(11_112), BUILT_INS);
    expect(found[0]).toBe('AmendWorkflow');
    expect(found.every((name) => BUILT_INS.some((tool) => tool.name === name))).toBe(true);
  });
});

describe('property: the ranking does not depend on registration order', () => {
  const vocabulary = [
    ...new Set(BUILT_INS.flatMap((tool) => `${tool.name} ${tool.description}`.split(/\W+/))),
  ].slice(0, 300);

  test('shuffled candidate lists give the same results for any query', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(BUILT_INS, { minLength: BUILT_INS.length }),
        fc.array(fc.oneof(fc.constantFrom(...vocabulary), fc.string()), { maxLength: 6 }),
        (shuffled, words) => {
          const query = words.join(' ');
          expect(searchDeferredTools(query, shuffled)).toStrictEqual(
            searchDeferredTools(query, BUILT_INS),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  test('a ToolSearch call finds the same tools whatever order the built-ins were registered in', async () => {
    const want = await searchInSession([...builtInTools], 'workflow run');
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray([...builtInTools], { minLength: builtInTools.length }),
        async (shuffled) => {
          expect(await searchInSession(shuffled, 'workflow run')).toStrictEqual(want);
        },
      ),
      { numRuns: 10 },
    );
    expect(want).toStrictEqual(WORKFLOW_RUN_FOUND);
  });
});

const DEFERRED = new Set([
  'GetWorkflowRun',
  'ListWorkflowRuns',
  'ResumeWorkflowRun',
  'SaveWorkflow',
  'CronCreate',
  'WebFetch',
]);
/** What `workflow run` finds among {@link DEFERRED}, best first (CronCreate: `run` in its description). */
const WORKFLOW_RUN_FOUND = [
  'GetWorkflowRun',
  'ListWorkflowRuns',
  'ResumeWorkflowRun',
  'SaveWorkflow',
  'CronCreate',
];

let root: string;
const sessions: ToolSession[] = [];
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tool-search-'));
});
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
  await rm(root, { recursive: true, force: true });
});

async function openSession(
  entries: readonly ToolEntry[] = builtInTools,
  options: Partial<ToolSessionOptions> = {},
): Promise<ToolSession> {
  const runtime = createToolRuntime({
    builtInTools: entries,
    sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
    gate: {
      ports: { cron: true },
      features: { toolSearch: true },
      hostKind: 'terminal',
      sessionKind: 'main',
    },
    logger: { warn: () => {} },
    clock: () => FIXED_DATE,
  });
  const session = await createToolSession({
    runtime,
    workingDirectory: root,
    model,
    deferred: DEFERRED,
    ...options,
  });
  sessions.push(session);
  return session;
}

async function searchInSession(entries: readonly ToolEntry[], query: string): Promise<string[]> {
  const session = await openSession(entries);
  const result = await session.call(TOOL_SEARCH_NAME, { query });
  expect(result.isError).toBe(false);
  return [...session.discovered];
}

/** The request of one turn: the session's list, its deferred tools and what it found so far. */
function turnRequest(session: ToolSession, provider: ProviderName) {
  return projectProviderRequest(provider, session.tools(), {
    model,
    deferred: DEFERRED,
    discovered: session.discovered,
  });
}

describe('a session: ToolSearch at turn N, the found tools at the end from turn N+1', () => {
  test.each(['openai', 'gemini', 'ai-sdk'] as const)('%s', async (provider) => {
    const session = await openSession();
    const turns = [turnRequest(session, provider), turnRequest(session, provider)];
    const eager = turns[0]!.tools.map((tool) => tool.name);
    expect(eager.at(-1)).toBe(TOOL_SEARCH_NAME);
    expect(eager.filter((name) => DEFERRED.has(name))).toEqual([]);

    // Turn 2: the model searches.
    const found = await session.call(TOOL_SEARCH_NAME, { query: 'workflow run' }, { id: 'call-1' });
    expect(found).toMatchObject({ isError: false, toolName: TOOL_SEARCH_NAME });
    expect(found.content.split('\n')[0]).toBe(
      '5 tools found; they can be called from the next turn on:',
    );
    expect(session.discovered).toEqual(WORKFLOW_RUN_FOUND);

    // Turn 3: appended at the end; nothing before them changed.
    turns.push(turnRequest(session, provider));
    expect(turns[2]!.tools.map((tool) => tool.name)).toEqual([...eager, ...WORKFLOW_RUN_FOUND]);
    expect(compareToolPrefix(turns[1]!, turns[2]!)).toMatchObject({
      changed: true,
      index: eager.length,
      keptTools: eager.length,
      after: 'GetWorkflowRun',
    });
    expect(compareToolPrefix(turns[1]!, turns[2]!)).not.toHaveProperty('before');

    // Turn 4: the same list again; turn 5 after a second search appends only the new find.
    turns.push(turnRequest(session, provider));
    expect(compareToolPrefix(turns[2]!, turns[3]!)).toEqual({
      changed: false,
      keptTools: eager.length + 5,
    });
    await session.call(TOOL_SEARCH_NAME, { query: 'fetch web page workflow run' });
    expect(session.discovered).toEqual([...WORKFLOW_RUN_FOUND, 'WebFetch']);
    turns.push(turnRequest(session, provider));
    const last = compareToolPrefix(turns[3]!, turns[4]!);
    expect(last).toMatchObject({ changed: true, keptTools: eager.length + 5, after: 'WebFetch' });
    expect(last).not.toHaveProperty('before');
  });

  test('anthropic and openai-responses search natively: ToolSearch is never sent', async () => {
    const session = await openSession();
    for (const provider of ['anthropic', 'openai-responses'] as const)
      expect(turnRequest(session, provider).tools.map((tool) => tool.name)).not.toContain(
        TOOL_SEARCH_NAME,
      );
  });

  test('the call goes through permission: a deny rule refuses it and nothing is discovered', async () => {
    const session = await openSession(builtInTools, { permissions: { deny: ['ToolSearch'] } });
    const result = await session.call(TOOL_SEARCH_NAME, { query: 'workflow run' });
    expect(result).toMatchObject({ isError: true, errorCode: 'permission_denied' });
    expect(session.discovered).toEqual([]);
  });

  test('an empty or oversized query is refused by validation, before the handler', async () => {
    const session = await openSession();
    for (const query of ['', 'x'.repeat(501)])
      expect(await session.call(TOOL_SEARCH_NAME, { query })).toMatchObject({
        isError: true,
        errorCode: 'invalid_input',
      });
    expect(session.discovered).toEqual([]);
  });

  test('without the toolSearch feature flag ToolSearch is not registered', async () => {
    const runtime = createToolRuntime({
      builtInTools,
      sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
      gate: { ports: {}, features: {}, hostKind: 'terminal', sessionKind: 'main' },
      logger: { warn: () => {} },
      clock: () => FIXED_DATE,
    });
    expect(runtime.registry.get(TOOL_SEARCH_NAME)).toBeUndefined();
    expect(runtime.getTools({ model }).map((tool) => tool.name)).not.toContain(TOOL_SEARCH_NAME);
  });
});

test('formatModelContent: no match, one match', async () => {
  // The formatter is the handler module's: load it here, not by an earlier test's call.
  await toolSearch.loadImplementation?.();
  expect(toolSearch.formatModelContent?.({ tools: [] })).toBe(
    'No deferred tool matches these words.',
  );
  expect(toolSearch.formatModelContent?.({ tools: [{ name: 'A', description: 'Does a.' }] })).toBe(
    '1 tool found; it can be called from the next turn on:\n- A: Does a.',
  );
});
