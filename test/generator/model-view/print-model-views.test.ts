/**
 * The model-view renderer as a CLI that runs from dist/ starts it: compiled, under plain Node.
 * For a project that uses the package, and for this repository, it bundles the own generated
 * modules (and the hooks they import) with esbuild instead of registering tsx, and prints what
 * the renderer run from the sources prints. A module esbuild cannot bundle is loaded through tsx
 * after all.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isDistFresh } from '../../../bin/dist-freshness.js';
import { REPO_ROOT } from '../generate-fixture.js';
import { linkInstalledPackages } from '../../support/link-installed-packages.js';
import { RECORD_MODULES } from '../../support/record-modules.js';

const run = promisify(execFile);
const bin = path.join(REPO_ROOT, 'bin/tool-contracts.js');
const COMPILED = path.join(REPO_ROOT, 'dist/generator/model-view/print-model-views.js');
const SOURCES = path.join(REPO_ROOT, 'generator/model-view/print-model-views.ts');
let directory: string;
let project: string;

/** The Greet tool of `init` with the one hook a render calls: it names the file it runs from. */
const GREET_HOOK = `
export const resolveModelContract: NonNullable<Implementation['resolveModelContract']> = (contract) => ({
  ...contract,
  description: \`\${contract.description} (hooked in \${new URL(import.meta.url).pathname.split('/').pop()})\`,
});
`;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'tool-contracts-print-model-views-'));
  // CI has built dist/ through `npm ci` (prepare); a working copy may have changed since.
  if (!isDistFresh(REPO_ROOT))
    await run(process.execPath, [path.join(REPO_ROOT, 'bin/build-dist.js')], { cwd: REPO_ROOT });
  project = path.join(directory, 'project');
  await run(process.execPath, [bin, 'init', project], { cwd: directory });
  await linkInstalledPackages(project, ['@types', 'typescript']);
  const manifest = path.join(project, 'manifest/tools/greet.yaml');
  await writeFile(
    manifest,
    (await readFile(manifest, 'utf8')).replace(/^hooks: \[\]$/m, 'hooks: [resolveModelContract]'),
  );
  const handler = path.join(project, 'runtime/tools/greet.ts');
  await writeFile(handler, `${await readFile(handler, 'utf8')}${GREET_HOOK}`);
  await run(process.execPath, [bin, 'generate'], { cwd: project });
}, 600_000);
afterAll(() => rm(directory, { recursive: true, force: true }));

/** The renderer's output over `root`'s generated/, and the modules its process resolved. */
async function render(
  way: 'compiled' | 'sources',
  root = project,
  selection: string[] = ['"none"'],
): Promise<{ out: string; modules: string[] }> {
  const log = path.join(directory, `modules-${way}-${Math.random().toString(36).slice(2)}.txt`);
  await writeFile(log, '');
  const { stdout } = await run(
    process.execPath,
    [
      ...(way === 'compiled'
        ? ['--import', RECORD_MODULES, COMPILED]
        : ['--import', import.meta.resolve('tsx'), '--import', RECORD_MODULES, SOURCES]),
      root,
      path.join(root, 'generated'),
      'generated',
      ...selection,
    ],
    {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1', LOADED_MODULES: log },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return { out: stdout, modules: (await readFile(log, 'utf8')).split('\n').filter(Boolean) };
}

const tsx = (modules: string[]) => modules.filter((url) => url.includes('/node_modules/tsx/'));
const esbuild = (modules: string[]) =>
  modules.filter((url) => url.includes('/node_modules/esbuild/'));

/** Both renderers over `root`: the compiled one must print what the sources' prints. */
async function compiledAgainstSources(root = project, selection?: string[]) {
  const [compiled, sources] = await Promise.all([
    render('compiled', root, selection),
    render('sources', root, selection),
  ]);
  expect(compiled.out).toBe(sources.out);
  return compiled;
}

/** Greet's handler module, and the workspace package a case installs (both undone after it). */
const greetHandler = () => path.join(project, 'runtime/tools/greet.ts');
const workspacePackage = () => path.join(project, 'node_modules/@acme/words');

describe('the compiled renderer of a package project', { timeout: 120_000 }, () => {
  test.each<{
    name: string;
    /** Changes the project; the handler's text is restored after the case. */
    edit: (handler: string) => Promise<void>;
    printed: string;
    throughTsx: boolean;
  }>([
    {
      name: 'bundles the own modules, without tsx, and prints what the sources print',
      edit: async () => undefined,
      printed: '(hooked in greet.ts)',
      throughTsx: false,
    },
    {
      name: 'loads modules that import an installed package of TypeScript (a workspace package) through tsx, and prints the same',
      edit: async (handler) => {
        await mkdir(workspacePackage(), { recursive: true });
        await writeFile(
          path.join(workspacePackage(), 'package.json'),
          JSON.stringify({ name: '@acme/words', type: 'module', exports: './index.ts' }),
        );
        await writeFile(
          path.join(workspacePackage(), 'index.ts'),
          "export const suffix: string = ' (words from a workspace)';\n",
        );
        await writeFile(
          greetHandler(),
          `import { suffix } from '@acme/words';\n${handler.replace('(hooked in', '${suffix} (hooked in')}`,
        );
      },
      printed: '(words from a workspace) (hooked in greet.ts)',
      throughTsx: true,
    },
    {
      name: 'loads a module esbuild cannot bundle through tsx, and prints the same',
      // An optional dependency, imported on a call only: Node needs it never, esbuild at once.
      edit: (handler) =>
        writeFile(
          greetHandler(),
          `${handler}\nexport async function optional() {\n  return import('not-installed-optional');\n}\n`,
        ),
      printed: '(hooked in greet.ts)',
      throughTsx: true,
    },
  ])('$name', async ({ edit, printed, throughTsx }) => {
    const before = await readFile(greetHandler(), 'utf8');
    await edit(before);
    try {
      const compiled = await compiledAgainstSources();
      expect(compiled.out).toContain(printed);
      if (throughTsx) expect(tsx(compiled.modules)).not.toEqual([]);
      else {
        expect(tsx(compiled.modules)).toEqual([]);
        expect(esbuild(compiled.modules)).not.toEqual([]);
      }
    } finally {
      await writeFile(greetHandler(), before);
      await rm(path.dirname(workspacePackage()), { recursive: true, force: true });
    }
  });
});

describe('the compiled renderer of this repository', { timeout: 120_000 }, () => {
  test('bundles its generated modules against the compiled runtime and prints what the sources print', async () => {
    const compiled = await compiledAgainstSources(REPO_ROOT, []);
    expect(compiled.out.length).toBeGreaterThan(0);
    expect(tsx(compiled.modules)).toEqual([]);
    expect(esbuild(compiled.modules)).not.toEqual([]);
    // Not one source module: the runtime the bundle imports is the compiled one the renderer runs.
    expect(compiled.modules.filter((url) => url.endsWith('.ts'))).toEqual([]);
  });
});
