/**
 * Child-process entry of the model-view step: renders the model view (`<generated>/model-view/`)
 * from the generated modules in GENERATED_DIR (the real tool entries, hooks and templates,
 * through the real runtime) and prints them as `model-view-records.ts` lays out.
 * GENERATED_DIR is the generated folder itself or, during a write, the staged directory beside it
 * that is about to be swapped in. Run in its own process so that every run imports the modules as
 * they are on disk now.
 *
 * Arguments: the project root, GENERATED_DIR (absolute, or `-`: the first line of standard input),
 * the project-relative generated folder the files are named under, and, for a project that uses
 * the package, the JSON of its
 * `builtIns` selection: its view is then rendered by this package's runtime from the selected
 * built-ins and the project's own tools (what `list` and `serve` register). Without it, the
 * project is this repository, whose own runtime renders its own generated tools.
 *
 * With `-`, the renderer and the runtime are loaded first and the directory is read after: the
 * generator starts this process when its run begins and names the directory once the modules are
 * staged, so the second of loading overlaps the generator's own work. Standard input closed
 * without a line: nothing to render, exit quietly.
 *
 * Run from the sources, under tsx. Run from the build (`dist/generator/model-view/`, started by a
 * CLI that runs from dist/), the package's runtime and built-ins are its compiled packages, loaded
 * by plain Node, and the own modules of a package project, or of this repository, are bundled by
 * esbuild (see `ownModuleLoader`); tsx is registered only for another project with this
 * repository's layout (its renderer is its own TypeScript). Through tsx's hooks each module costs
 * a round trip to their thread, which made loading the built-ins and the runtime ≈ 1 s of a
 * one-tool project's `generate`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ToolEntry } from '../../runtime/core/contract.js';
import type { BuiltInSelection } from '../config/select-built-ins.js';
import { ensureTypeScriptLoader } from '../support/typescript-loader.js';
import { startedRendererBundles } from './started-renderer-bundles.js';
import { writeModelViewRecords, type RenderModelViews } from './model-view-records.js';

const [root, generatedDirectory, generatedFolder, selection] = process.argv.slice(2);
if (root === undefined || generatedDirectory === undefined || generatedFolder === undefined)
  throw new Error(
    'usage: print-model-views.ts PROJECT_ROOT GENERATED_DIR GENERATED_FOLDER [BUILT_INS_JSON]',
  );
const load = (file: string) => import(pathToFileURL(file).href);
const bundles = startedRendererBundles(root, selection !== undefined);
/** This package's own repository, rendered with the compiled runtime (see `bundles`). */
const compiledRepository = bundles && selection === undefined;
/**
 * The project's modules are bundled (`ownModuleLoader`): esbuild's service process starts now,
 * beside the imports below. If it cannot start, the modules are loaded through tsx (`undefined`).
 */
const bundler = bundles
  ? import('./bundle-model-views.js')
      .then(async (module) => {
        await module.startBundler();
        return module;
      })
      .catch(() => undefined)
  : undefined;
// The renderer first (it loads the runtime the generated modules import), then the directory.
let renderModelViews: RenderModelViews;
let packageTools: readonly ToolEntry[] = [];
let packageNames: readonly string[] = [];
if (selection === undefined && !compiledRepository) {
  await ensureTypeScriptLoader();
  ({ renderModelViews } = await load(
    path.join(root, 'runtime/integrations/providers/model-view.ts'),
  ));
} else if (selection === undefined) {
  ({ renderModelViews } = await import('../../runtime/integrations/providers/model-view.js'));
} else {
  const [views, builtIns, packageOrder, { selectBuiltIns }] = await Promise.all([
    import('../../runtime/integrations/providers/model-view.js'),
    import('../../generated/index.js'),
    import('../../generated/provider-order.js'),
    import('../config/select-built-ins.js'),
  ]);
  renderModelViews = views.renderModelViews;
  packageTools = selectBuiltIns(builtIns.builtInTools, JSON.parse(selection) as BuiltInSelection);
  packageNames = packageOrder.sortedProviderToolNames;
}
// Before the wait: what loads the project's TypeScript gets ready while the generator works.
const loadOwnModules = await ownModuleLoader(root);
const directory = generatedDirectory === '-' ? await firstLineOfInput() : generatedDirectory;
if (directory === undefined) process.exit(0);
const { builtInTools, sortedProviderToolNames } = await loadOwnModules(directory);
writeModelViewRecords(
  renderModelViews,
  {
    packageTools,
    packageNames,
    ownTools: builtInTools,
    ownNames: sortedProviderToolNames,
  },
  generatedFolder,
  (line) => process.stdout.write(line),
);

interface OwnModules {
  readonly builtInTools: ToolEntry[];
  readonly sortedProviderToolNames: string[];
}

/**
 * How the project's generated modules (and the hooks they import) are loaded. Under tsx (the
 * TypeScript renderer of a project with this repository's layout, or a process that runs from the
 * sources) they are imported one by one. A compiled renderer of a package project or of this
 * repository bundles them with esbuild and imports the bundle (this repository's runtime sources
 * are the compiled runtime's modules there): ≈ 0.1 s before the wait (esbuild's service) against
 * ≈ 0.17 s to register tsx, and ≈ 40 ms after it against ≈ 90 ms for tsx's round trip per
 * module. Modules esbuild cannot bundle, or that import TypeScript of an installed package
 * (which plain Node cannot load), are loaded through tsx after all, as the larger renders of
 * `render-model-views.ts` are.
 */
async function ownModuleLoader(
  projectRoot: string,
): Promise<(directory: string) => Promise<OwnModules>> {
  const byModule = async (directory: string): Promise<OwnModules> => {
    await ensureTypeScriptLoader();
    const [own, order] = await Promise.all([
      load(path.join(directory, 'index.ts')),
      load(path.join(directory, 'provider-order.ts')),
    ]);
    return {
      builtInTools: own.builtInTools as ToolEntry[],
      sortedProviderToolNames: order.sortedProviderToolNames as string[],
    };
  };
  const bundling = await bundler;
  if (bundling === undefined) {
    await ensureTypeScriptLoader();
    return byModule;
  }
  const { bundleGeneratedModules, ModelViewBundleError } = bundling;
  return async (directory) => {
    const folder = await mkdtemp(path.join(tmpdir(), 'tool-contracts-model-view-'));
    try {
      const outfile = path.join(folder, 'generated-modules.mjs');
      try {
        await bundleGeneratedModules(projectRoot, directory, outfile, {
          compiledRuntime: compiledRepository,
        });
      } catch (error) {
        if (error instanceof ModelViewBundleError) return await byModule(directory);
        throw error;
      }
      return (await load(outfile)) as OwnModules;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  };
}

/** The first line of standard input, or `undefined` when it closes without one. */
async function firstLineOfInput(): Promise<string | undefined> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    const end = text.indexOf('\n');
    if (end >= 0) return text.slice(0, end);
  }
  return undefined;
}
