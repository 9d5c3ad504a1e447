/**
 * The manifest's `loading`, `group` and `searchHints` in the provider projections: a `loading:
 * deferred` tool is deferred as if named with `--defer`, OpenAI Responses sends a group's deferred
 * tools as one namespace, and the tool search ranks by the hints.
 */
import { describe, expect, test } from 'vitest';
import { projectProviderRequest } from '../../../../runtime/integrations/providers/project-provider-request.js';
import type { ProviderName } from '../../../../runtime/integrations/providers/provider-name.js';
import type { ProviderRequestOptions } from '../../../../runtime/integrations/providers/provider-request.js';
import {
  deferredNames,
  searchableTools,
  searchDeferredTools,
  TOOL_SEARCH_NAME,
} from '../../../../runtime/core/visibility/deferred-tools.js';
import { modelToolContract } from '../adapters/model-tool-contract-fixture.js';
import { builtInContracts, model } from './provider-fixtures.js';

const workflows = { name: 'workflows', description: 'Run and manage saved workflows.' };
const Read = modelToolContract('Read');
const RunWorkflow = modelToolContract('RunWorkflow', { loading: 'deferred', group: workflows });
const ListRuns = modelToolContract('ListRuns', { loading: 'deferred', group: workflows });
const Cron = modelToolContract('Cron', { loading: 'deferred' });
const EagerGrouped = modelToolContract('EagerGrouped', { group: workflows });
/** The generated ToolSearch, first: the projection moves it after the eager tools. */
const ToolSearch = builtInContracts().find((tool) => tool.name === TOOL_SEARCH_NAME)!;
const LIST = [ToolSearch, Read, RunWorkflow, Cron, EagerGrouped, ListRuns];

/** What each entry of the request's `tools` is, by name (`ns:` a namespace with its members). */
function shape(provider: ProviderName, options: Partial<ProviderRequestOptions> = {}): string[] {
  const { request } = projectProviderRequest(provider, LIST, { model, ...options });
  const entries = (request.tools as Record<string, any>[]).flatMap(
    (entry) => entry.functionDeclarations ?? [entry],
  );
  return entries.map((entry) => {
    if (entry.type === 'namespace')
      return `ns:${entry.name}[${entry.tools.map((tool: any) => `${tool.name}${tool.defer_loading ? '*' : ''}`).join(',')}]`;
    const name = entry.name ?? entry.function?.name ?? entry.type;
    return `${name}${entry.defer_loading ? '*' : ''}`;
  });
}

describe('deferredNames: requested names plus loading: deferred', () => {
  test.each([
    { title: 'manifest only', requested: undefined, want: ['RunWorkflow', 'Cron', 'ListRuns'] },
    {
      title: 'requested are kept',
      requested: new Set(['Read']),
      want: ['Read', 'RunWorkflow', 'Cron', 'ListRuns'],
    },
    { title: 'eager manifests only', requested: undefined, tools: [Read, EagerGrouped], want: [] },
  ])('$title', ({ requested, tools, want }) => {
    expect([...deferredNames(tools ?? LIST, requested)]).toStrictEqual(want);
  });
});

describe('loading: deferred in each request format (* = defer_loading)', () => {
  test.each([
    {
      provider: 'anthropic',
      options: {},
      want: ['Read', 'RunWorkflow*', 'Cron*', 'EagerGrouped', 'ListRuns*', 'tool_search_tool_bm25'],
    },
    {
      provider: 'openai-responses',
      options: {},
      want: [
        'Read',
        'ns:workflows[RunWorkflow*,ListRuns*]',
        'Cron*',
        'EagerGrouped',
        'tool_search',
      ],
    },
    {
      provider: 'openai-responses',
      options: { responsesNamespaces: false },
      want: ['Read', 'RunWorkflow*', 'Cron*', 'EagerGrouped', 'ListRuns*', 'tool_search'],
    },
    { provider: 'openai', options: {}, want: ['Read', 'EagerGrouped', TOOL_SEARCH_NAME] },
    {
      provider: 'openai',
      options: { discovered: ['ListRuns'] },
      want: ['Read', 'EagerGrouped', TOOL_SEARCH_NAME, 'ListRuns'],
    },
    { provider: 'gemini', options: {}, want: ['Read', 'EagerGrouped', TOOL_SEARCH_NAME] },
    {
      provider: 'openai',
      options: { deferred: new Set(['Read']) },
      want: ['EagerGrouped', TOOL_SEARCH_NAME],
    },
  ] as const)('$provider $options → $want', ({ provider, options, want }) => {
    expect(shape(provider, options)).toStrictEqual(want);
  });

  test.each(['anthropic', 'openai', 'openai-responses', 'gemini', 'ai-sdk'] as const)(
    '%s: nothing deferred, so ToolSearch is not sent',
    (provider) => {
      const request = projectProviderRequest(provider, [ToolSearch, Read, EagerGrouped], { model });
      expect(request.tools.map((tool) => tool.name)).toEqual(['Read', 'EagerGrouped']);
    },
  );

  test('without a registered ToolSearch (feature flag toolSearch off) deferred tools stay in the list, with a note', () => {
    const request = projectProviderRequest('openai', [Read, Cron, EagerGrouped], { model });
    expect(request.tools.map((tool) => tool.name)).toEqual(['Read', 'Cron', 'EagerGrouped']);
    expect(request.notes).toStrictEqual([
      {
        tool: 'Cron',
        code: 'not-deferred',
        message:
          'Cron is sent although deferred: no ToolSearch tool is registered to find it (feature flag toolSearch)',
      },
    ]);
  });

  test('the namespace entry is exactly the group and its deferred functions', () => {
    const { request } = projectProviderRequest('openai-responses', [RunWorkflow], { model });
    expect((request.tools as unknown[])[0]).toStrictEqual({
      type: 'namespace',
      name: 'workflows',
      description: 'Run and manage saved workflows.',
      tools: [
        {
          type: 'function',
          name: 'RunWorkflow',
          description: 'RunWorkflow does one thing.',
          parameters: expect.any(Object),
          strict: false,
          defer_loading: true,
        },
      ],
    });
  });

  test.each(['anthropic', 'openai-responses', 'openai'] as const)(
    '%s: only eager manifests → no search tool, nothing deferred',
    (provider) => {
      const { request } = projectProviderRequest(provider, [Read, EagerGrouped], { model });
      expect(JSON.stringify(request)).not.toMatch(/defer_loading|tool_search|ToolSearch|namespace/);
      expect((request.tools as unknown[]).length).toBe(2);
    },
  );
});

describe('ToolSearch ranking uses searchHints (name 3, hint 2, description 1)', () => {
  const tools = searchableTools([
    modelToolContract('CronCreate', { description: 'Creates a job.', searchHints: ['schedule'] }),
    modelToolContract('Planner', { description: 'Plans a schedule.' }),
    modelToolContract('Timer', { description: 'Counts down.', searchHints: ['schedule', 'alarm'] }),
    modelToolContract('Fetch', {
      description: 'Gets a page.',
      mcp: { server: 'browser', tool: 'fetch' },
    }),
  ]);
  test.each([
    { query: 'schedule', want: ['CronCreate', 'Timer', 'Planner'] },
    { query: 'alarm', want: ['Timer'] },
    { query: 'schedule alarm', want: ['Timer', 'CronCreate', 'Planner'] },
    { query: 'browser', want: ['Fetch'] },
    { query: 'timer', want: ['Timer'] },
    { query: 'nothing matches', want: [] },
  ])('$query → $want', ({ query, want }) => {
    expect(searchDeferredTools(query, tools)).toStrictEqual(want);
  });
});
