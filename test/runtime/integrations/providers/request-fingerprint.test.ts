import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import type { ModelToolContract } from '../../../../runtime/core/contract.js';
import { compareToolPrefix } from '../../../../runtime/integrations/providers/compare-tool-prefix.js';
import { requestFingerprint } from '../../../../runtime/integrations/providers/measure-request.js';
import { projectProviderRequest } from '../../../../runtime/integrations/providers/project-provider-request.js';
import { PROVIDER_NAMES } from '../../../../runtime/integrations/providers/provider-name.js';
import { toolsFingerprint } from '../../../../runtime/core/visibility/tools-fingerprint.js';
import { model, sessionContracts } from './provider-fixtures.js';

const run = promisify(execFile);
const base = sessionContracts();

function edit(
  name: string,
  change: (tool: ModelToolContract) => ModelToolContract,
): ModelToolContract[] {
  return base.map((tool) =>
    tool.name === name ? change(structuredClone(tool) as ModelToolContract) : tool,
  );
}

const fingerprints = (tools: readonly ModelToolContract[]) =>
  Object.fromEntries(
    PROVIDER_NAMES.map((provider) => [
      provider,
      requestFingerprint(projectProviderRequest(provider, tools, { model })),
    ]),
  );

describe('the fingerprint covers exactly the sent bytes', () => {
  test.each([
    {
      field: 'permission.reason',
      change: (tool: ModelToolContract) => ({
        ...tool,
        permission: { ...tool.permission, reason: 'another reason' },
      }),
    },
    {
      field: 'resultBudget.maxModelBytes',
      change: (tool: ModelToolContract) => ({
        ...tool,
        resultBudget: { ...tool.resultBudget, maxModelBytes: 1 },
      }),
    },
    {
      field: 'flags.riskLevel',
      change: (tool: ModelToolContract) => ({
        ...tool,
        flags: { ...tool.flags, riskLevel: 'high' as const },
      }),
    },
    {
      field: 'outputSchema',
      change: (tool: ModelToolContract) => ({ ...tool, outputSchema: { type: 'number' } }),
    },
  ])(
    "a change of $field (never sent) leaves every provider's fingerprint unchanged",
    ({ change }) => {
      const edited = edit('Read', change);
      expect(toolsFingerprint(edited)).not.toBe(toolsFingerprint(base)); // the internal contract did change
      expect(fingerprints(edited)).toEqual(fingerprints(base));
    },
  );

  test.each([
    {
      field: 'description',
      change: (tool: ModelToolContract) => ({ ...tool, description: `${tool.description} More.` }),
    },
    {
      field: 'a parameter description',
      change: (tool: ModelToolContract) => ({
        ...tool,
        inputSchema: {
          ...tool.inputSchema,
          properties: {
            ...(tool.inputSchema['properties'] as object),
            file_path: { type: 'string', description: 'changed' },
          },
        },
      }),
    },
  ])("a change of $field (sent) changes every provider's fingerprint", ({ change }) => {
    const edited = fingerprints(edit('Read', change));
    const before = fingerprints(base);
    for (const provider of PROVIDER_NAMES)
      expect({ provider, same: edited[provider] === before[provider] }).toEqual({
        provider,
        same: false,
      });
  });

  test('shuffled MCP connection orders give the same fingerprints', () => {
    const orders = [
      ['filesystem', 'edge-cases'],
      ['edge-cases', 'filesystem'],
    ] as const;
    const [first, second] = orders.map((order) => fingerprints(sessionContracts({}, order)));
    expect(second).toEqual(first);
  });

  test(
    'the same under LANG=tr_TR.UTF-8 as under C, through the CLI',
    { timeout: 60_000 },
    async () => {
      const fingerprintUnder = async (locale: string, provider: string) => {
        const { stdout } = await run(
          process.execPath,
          [
            'bin/tool-contracts.js',
            'list',
            '--provider',
            provider,
            '--json',
            '--mcp',
            'test/fixtures/mcp/edge-cases.json',
            '--mcp',
            'test/fixtures/mcp/filesystem.json',
          ],
          { env: { ...process.env, LANG: locale, LC_ALL: locale }, maxBuffer: 64 * 1024 * 1024 },
        );
        return (JSON.parse(stdout) as { fingerprint: string }).fingerprint;
      };
      for (const provider of ['anthropic', 'gemini']) {
        const [turkish, plain] = await Promise.all([
          fingerprintUnder('tr_TR.UTF-8', provider),
          fingerprintUnder('C', provider),
        ]);
        expect({ provider, turkish }).toEqual({ provider, turkish: plain });
      }
    },
  );
});

describe('compareToolPrefix: from which tool on the cached prefix is lost', () => {
  const request = (tools: readonly ModelToolContract[]) =>
    projectProviderRequest('openai', tools, { model });
  const names = base.map((tool) => tool.name);

  test.each([
    { title: 'the same list', next: () => base, want: { changed: false, keptTools: base.length } },
    {
      title: 'the third tool edited',
      next: () => edit(names[2]!, (tool) => ({ ...tool, description: 'x' })),
      want: { changed: true, index: 2, keptTools: 2, before: names[2], after: names[2] },
    },
    {
      title: 'a tool added at the end',
      next: () => [...base, { ...base[0]!, name: 'Zeta' }],
      want: { changed: true, index: base.length, keptTools: base.length, after: 'Zeta' },
    },
    {
      title: 'the second tool removed',
      next: () => base.filter((_, index) => index !== 1),
      want: { changed: true, index: 1, keptTools: 1, before: names[1], after: names[2] },
    },
  ])('$title', ({ next, want }) => {
    expect(compareToolPrefix(request(base), request(next()))).toMatchObject(want);
  });

  test('the message says where and how much stays cached', () => {
    const change = compareToolPrefix(
      request(base),
      request(base.filter((_, index) => index !== 1)),
    );
    expect(change).toMatchObject({
      message: `cached prefix lost from tool #2 on (${names[1]} replaced by ${names[2]}); 1 tool before it stays cached`,
    });
  });
});
