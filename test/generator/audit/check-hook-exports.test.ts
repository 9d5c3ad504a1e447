import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkHookExports } from '../../../generator/audit/check-hook-exports.js';
import { loadManifestSet } from '../../../generator/manifest/load-manifest-set.js';
import { formatManifestIssue } from '../../../generator/manifest/manifest-issue.js';
import { indexFor, PROBE, removeTempProjects, writeTempProject } from '../manifest/temp-project.js';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const HANDLER = 'export async function handler() { return { ok: true as const, output: "" }; }\n';
const M = 'runtime/tools/probe.ts';
const P = 'manifest/tools/probe.yaml';

afterAll(removeTempProjects);

async function check(
  hooks: readonly string[],
  modules: Readonly<Record<string, string>>,
): Promise<string[]> {
  const root = await writeTempProject({
    'manifest/tools.yaml': indexFor(['Probe']),
    'manifest/tools/probe.yaml': `${PROBE}hooks: [${hooks.join(', ')}]\n`,
    ...Object.fromEntries(
      Object.entries(modules).map(([file, text]) => [`runtime/tools/${file}`, text]),
    ),
  });
  const loaded = await loadManifestSet(root);
  if (!loaded.ok) throw new Error(loaded.issues.map(formatManifestIssue).join('\n'));
  return (await checkHookExports(root, loaded.set.tools, { types: false })).map(
    formatManifestIssue,
  );
}

interface HookCase {
  readonly name: string;
  readonly hooks: readonly string[];
  readonly modules: Readonly<Record<string, string>>;
  readonly want: readonly string[];
}

describe('checkHookExports reads every form of export', () => {
  it.each<HookCase>([
    {
      name: 'function and const declarations',
      hooks: ['validateInput', 'resolveInput'],
      modules: {
        'probe.ts': `${HANDLER}export function validateInput() {}\nexport const resolveInput = (input: unknown) => input;\n`,
      },
      want: [],
    },
    {
      name: 'a local export list, with renaming',
      hooks: ['validateInput', 'formatModelContent'],
      modules: {
        'probe.ts': `${HANDLER}function check() {}\nfunction format() {}\nexport { check as validateInput, format as formatModelContent };\n`,
      },
      want: [],
    },
    {
      name: 'export * from a relative module (written with .js, as NodeNext wants)',
      hooks: ['prepareApproval'],
      modules: {
        'probe.ts': `${HANDLER}export * from './support/approval.js';\n`,
        'support/approval.ts':
          'export function prepareApproval() {}\nexport default function ignored() {}\n',
      },
      want: [],
    },
    {
      name: 'named re-exports from another module, handler included',
      hooks: ['resolveModelContract'],
      modules: {
        'probe.ts': "export { handler, resolveModelContract } from './support/shared.js';\n",
        'support/shared.ts': `${HANDLER}export function resolveModelContract() {}\n`,
      },
      want: [],
    },
    {
      name: 'destructured const exports',
      hooks: ['resolveTimeoutBudgetMs'],
      modules: {
        'probe.ts': `${HANDLER}const hooks = { resolveTimeoutBudgetMs: () => 1 };\nexport const { resolveTimeoutBudgetMs } = hooks;\n`,
      },
      want: [],
    },
    {
      name: 'type-only exports are not hooks',
      hooks: ['validateInput'],
      modules: {
        'probe.ts': `${HANDLER}export interface validateInput { x: 1 }\nexport type resolveInput = string;\ntype Hook = () => void;\nexport type { Hook as formatModelContent };\n`,
      },
      want: [`${P}:25:9 hooks[0]: hook validateInput is declared but ${M} does not export it`],
    },
    {
      name: 'a default export is not a hook, whatever its name',
      hooks: ['validateInput'],
      modules: { 'probe.ts': `${HANDLER}export default function validateInput() {}\n` },
      want: [`${P}:25:9 hooks[0]: hook validateInput is declared but ${M} does not export it`],
    },
    {
      name: 'exports that are neither hooks nor handler are fine',
      hooks: [],
      modules: {
        'probe.ts': `${HANDLER}export const PROBE_LIMIT = 3;\nexport class ProbeError extends Error {}\nexport enum Mode { A }\n`,
      },
      want: [],
    },
    {
      name: 'several undeclared hooks are each reported, in name order',
      hooks: [],
      modules: {
        'probe.ts': `${HANDLER}export function validateInput() {}\nexport function formatModelContent() {}\n`,
      },
      want: [
        `${P}:25:8 hooks: ${M} exports hook formatModelContent, which hooks does not declare`,
        `${P}:25:8 hooks: ${M} exports hook validateInput, which hooks does not declare`,
      ],
    },
    {
      name: 'a handler that is only a type does not count',
      hooks: [],
      modules: { 'probe.ts': 'export type handler = () => void;\n' },
      want: [`${P}:2:7 name: ${M} does not export handler`],
    },
  ])('$name', async ({ hooks, modules, want }) => {
    expect(await check(hooks, modules)).toEqual(want);
  });

  it('checks every tool that shares a module against its own hooks list', async () => {
    const root = await writeTempProject({
      'manifest/tools.yaml': indexFor(['Probe', 'Copy']),
      'manifest/tools/probe.yaml': `${PROBE}hooks: [validateInput]\n`,
      'manifest/tools/copy.yaml':
        '# yaml-language-server: $schema=../manifest.schema.json\nname: Copy\nextends: Probe\nhooks: []\n',
      'runtime/tools/probe.ts': `${HANDLER}export function validateInput() {}\n`,
    });
    const loaded = await loadManifestSet(root);
    if (!loaded.ok) throw new Error(loaded.issues.map(formatManifestIssue).join('\n'));
    expect(
      (await checkHookExports(root, loaded.set.tools, { types: false })).map(formatManifestIssue),
    ).toEqual([
      `manifest/tools/copy.yaml:4:8 hooks: ${M} exports hook validateInput, which hooks does not declare`,
    ]);
  });
});

const realModulesExist = existsSync(path.join(PROJECT_ROOT, 'runtime', 'tools', 'read.ts'));

describe.skipIf(!realModulesExist)('the real tools', () => {
  it("every manifest's module exports handler and exactly the declared hooks", async () => {
    const loaded = await loadManifestSet(PROJECT_ROOT);
    if (!loaded.ok) throw new Error(loaded.issues.map(formatManifestIssue).join('\n'));
    expect(
      (await checkHookExports(PROJECT_ROOT, loaded.set.tools)).map(formatManifestIssue),
    ).toEqual([]);
  });
});
