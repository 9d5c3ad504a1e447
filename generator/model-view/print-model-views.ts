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
 * by plain Node; tsx is registered only for the TypeScript a render reads: the project's modules,
 * or this repository's renderer. Through tsx's hooks each module costs a round trip to their
 * thread, which made loading the built-ins and the runtime ≈ 1 s of a one-tool project's
 * `generate`.
 */
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import type { ToolEntry } from '../../runtime/core/contract.js';
import type { BuiltInSelection } from '../config/select-built-ins.js';
import { ensureTypeScriptLoader } from '../support/typescript-loader.js';
import { writeModelViewRecords, type RenderModelViews } from './model-view-records.js';

const [root, generatedDirectory, generatedFolder, selection] = process.argv.slice(2);
if (root === undefined || generatedDirectory === undefined || generatedFolder === undefined)
  throw new Error(
    'usage: print-model-views.ts PROJECT_ROOT GENERATED_DIR GENERATED_FOLDER [BUILT_INS_JSON]',
  );
const load = (file: string) => import(pathToFileURL(file).href);
// The renderer first (it loads the runtime the generated modules import), then the directory.
let renderModelViews: RenderModelViews;
let packageTools: readonly ToolEntry[] = [];
let packageNames: readonly string[] = [];
if (selection === undefined) {
  await ensureTypeScriptLoader();
  ({ renderModelViews } = await load(
    path.join(root, 'runtime/integrations/providers/model-view.ts'),
  ));
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
// Before the wait: registering tsx takes a moment the generator's own work can cover.
await ensureTypeScriptLoader();
const directory = generatedDirectory === '-' ? await firstLineOfInput() : generatedDirectory;
if (directory === undefined) process.exit(0);
const [own, order] = await Promise.all([
  load(path.join(directory, 'index.ts')),
  load(path.join(directory, 'provider-order.ts')),
]);
writeModelViewRecords(
  renderModelViews,
  {
    packageTools,
    packageNames,
    ownTools: own.builtInTools as ToolEntry[],
    ownNames: order.sortedProviderToolNames as string[],
  },
  generatedFolder,
  (line) => process.stdout.write(line),
);

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
