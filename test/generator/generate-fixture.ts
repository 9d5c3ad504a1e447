/**
 * Temporary projects for generator tests: real files in a temp directory, `node_modules`
 * symlinked from this checkout and the real `runtime/core/contract.ts`, so generated modules can be
 * type-checked with tsc and imported.
 */
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { kebabCase } from '../../generator/manifest/kebab-case.js';
import { listFiles } from '../../generator/support/list-files.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A small valid manifest; `overrides` replaces top-level YAML blocks by key. */
export function manifestYaml(
  name: string,
  overrides: Readonly<Record<string, string>> = {},
): string {
  const blocks: Record<string, string> = {
    name: `name: ${name}`,
    capability: 'capability: fixture.read',
    purpose: `purpose: Reads ${name}.`,
    description: `description: Reads the ${name} fixture.`,
    flags: [
      'flags:',
      '  readOnly: true',
      '  destructive: false',
      '  concurrentSafe: true',
      '  sideEffectScope: none',
      '  riskLevel: low',
      '  needsApproval: false',
    ].join('\n'),
    input: [
      'input:',
      '  type: object',
      '  properties:',
      '    id: { type: string, description: Which one. }',
      '  required: [id]',
    ].join('\n'),
    output: 'output: { type: string }',
    permission: ['permission:', '  permission: fixture', '  reason: Reads fixtures.'].join('\n'),
    resultBudget: 'resultBudget: { maxModelBytes: 1000 }',
    timeout: 'timeout: { kind: none }',
    cancellation: 'cancellation: { supported: false, cleanup: none }',
    ...overrides,
  };
  return [
    '# yaml-language-server: $schema=../manifest.schema.json',
    ...Object.values(blocks).filter((block) => block !== ''),
    '',
  ].join('\n');
}

/** `manifest/tools.yaml` for `names` in this order. */
export function toolIndexYaml(names: readonly string[], reserved: readonly string[] = []): string {
  return [
    '# yaml-language-server: $schema=./tools.schema.json',
    'registrationOrder:',
    ...names.map((name) => `  - ${name}`),
    `reservedReferenceNames: [${reserved.join(', ')}]`,
    '',
  ].join('\n');
}

/** A hand-written tool module exporting `handler` and the given hooks, typed like the real ones. */
export function implementationSource(kebab: string, hooks: readonly string[] = []): string {
  const hookBodies: Record<string, string> = {
    validateInput:
      'export const validateInput: Implementation["validateInput"] = () => ({ ok: true });',
    formatModelContent:
      'export const formatModelContent: Implementation["formatModelContent"] = (output) => String(output);',
  };
  return [
    "import type { ToolImplementation } from '../core/contract.js';",
    `import type { Input, Output } from '../../generated/tools/${kebab}.js';`,
    '',
    'type Implementation = ToolImplementation<Input, Output>;',
    '',
    "export const handler: Implementation['handler'] = async () => ({ ok: false, code: 'handler_error', message: 'not callable' });",
    ...hooks.map((hook) => {
      const body = hookBodies[hook];
      if (body === undefined) throw new Error(`fixture has no body for hook ${hook}`);
      return body;
    }),
    '',
  ].join('\n');
}

export interface FixtureTool {
  readonly name: string;
  /** Full manifest text. Default: {@link manifestYaml}(name). */
  readonly yaml?: string;
  readonly hooks?: readonly string[];
}

const created: string[] = [];

/**
 * A project with `tools` (manifests, implementation modules, the index in the given order),
 * the real contract types, a `tsconfig.json` over `generated/` and `runtime/`, and `node_modules`
 * linked from this checkout.
 */
/** runtime/contract.ts, the module generated modules import, and every file it imports. */
export const CONTRACT_ENTRY_FILES = [
  'runtime/contract.ts',
  'runtime/core/contract.ts',
  'runtime/core/tool-error-code.ts',
  'runtime/core/frozen-data.ts',
  'runtime/core/lazy-implementation.ts',
] as const;

export async function fixtureProject(
  tools: readonly FixtureTool[],
  extra: Readonly<Record<string, string>> = {},
): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'tool-contracts-generate-'));
  created.push(root);
  const files: Record<string, string> = {
    'manifest/tools.yaml': toolIndexYaml(tools.map((tool) => tool.name)),
    // The contract entry generated modules import, and what it re-exports.
    ...Object.fromEntries(
      await Promise.all(
        CONTRACT_ENTRY_FILES.map(
          async (file) => [file, await readFile(path.join(REPO_ROOT, file), 'utf8')] as const,
        ),
      ),
    ),
    'tsconfig.json': await fixtureTsconfig(),
    // ESM, like the real project: NodeNext resolution reads this.
    'package.json': '{ "type": "module", "private": true }\n',
    ...extra,
  };
  for (const tool of tools) {
    const kebab = kebabCase(tool.name);
    files[`manifest/tools/${kebab}.yaml`] =
      tool.yaml ??
      manifestYaml(
        tool.name,
        tool.hooks?.length ? { hooks: `hooks: [${tool.hooks.join(', ')}]` } : {},
      );
    files[`runtime/tools/${kebab}.ts`] ??= implementationSource(kebab, tool.hooks);
  }
  await writeFiles(root, files);
  await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

/** The project's compiler options, over `generated/` and `runtime/` only. */
async function fixtureTsconfig(): Promise<string> {
  const base = JSON.parse(await readFile(path.join(REPO_ROOT, 'tsconfig.json'), 'utf8')) as {
    compilerOptions: object;
  };
  return `${JSON.stringify({ compilerOptions: base.compilerOptions, include: ['generated', 'runtime'] }, null, 2)}\n`;
}

/**
 * A copy of this checkout with everything `tool-contracts` needs to run (`bin/`, `cli/`,
 * `generator/`, `manifest/`, `runtime/`, `generated/`, package files), `node_modules` linked.
 */
export async function copyOfRepository(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'tool-contracts-copy-'));
  created.push(root);
  for (const entry of [
    'bin',
    'cli',
    'generator',
    'manifest',
    'runtime',
    'generated',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
  ]) {
    await cp(path.join(REPO_ROOT, entry), path.join(root, entry), { recursive: true });
  }
  await rm(path.join(root, 'generated/.generate-state.json'), { force: true });
  await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

export async function writeFiles(
  root: string,
  files: Readonly<Record<string, string>>,
): Promise<void> {
  for (const [file, text] of Object.entries(files)) {
    const target = path.join(root, ...file.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text);
  }
}

/** Every file below `directory` with its bytes, for byte-for-byte comparisons. */
export async function snapshotDirectory(
  root: string,
  directory: string,
): Promise<Map<string, string>> {
  const snapshot = new Map<string, string>();
  for (const file of await listFiles(root, directory)) {
    snapshot.set(file, (await readFile(path.join(root, file))).toString('base64'));
  }
  return snapshot;
}

/** Remove every project made here (call from `afterAll`). */
export async function removeFixtureProjects(): Promise<void> {
  await Promise.all(created.splice(0).map((root) => rm(root, { recursive: true, force: true })));
}
