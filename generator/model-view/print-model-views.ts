/**
 * Child-process entry of the model-view step: renders `generated/model-view/` from the generated
 * modules in GENERATED_DIR (the real tool entries, hooks and templates, through the project's
 * runtime) and prints `{"files": {path: text}}` on standard output. GENERATED_DIR is `generated/`
 * or, during a write, the staged directory beside it that is about to be swapped in. Run in its
 * own process so that every run imports the modules as they are on disk now.
 */
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const [root, generatedDirectory] = process.argv.slice(2);
if (root === undefined || generatedDirectory === undefined)
  throw new Error('usage: print-model-views.ts PROJECT_ROOT GENERATED_DIR');
const load = (file: string) => import(pathToFileURL(file).href);
const [{ builtInTools }, { SORTED_PROVIDER_TOOL_NAMES }, { renderModelViews }] = await Promise.all([
  load(path.join(generatedDirectory, 'index.ts')),
  load(path.join(generatedDirectory, 'provider-order.ts')),
  load(path.join(root, 'runtime/providers/model-view.ts')),
]);
process.stdout.write(
  JSON.stringify({
    files: Object.fromEntries(renderModelViews(builtInTools, SORTED_PROVIDER_TOOL_NAMES)),
  }),
);
