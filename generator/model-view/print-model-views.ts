/**
 * Child-process entry of the model-view step: renders `generated/model-view/` from the
 * `generated/` modules on disk (the real tool entries, hooks and templates, through the real
 * runtime) and prints `{"files": {path: text}}` on standard output. Run in its own process so
 * that every run imports the modules as they are on disk now.
 */
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const root = process.argv[2];
if (root === undefined) throw new Error('usage: print-model-views.ts PROJECT_ROOT');
const load = (file: string) => import(pathToFileURL(path.join(root, file)).href);
const [{ builtInTools }, { SORTED_PROVIDER_TOOL_NAMES }, { renderModelViews }] = await Promise.all([
  load('generated/index.ts'),
  load('generated/provider-order.ts'),
  load('runtime/providers/model-view.ts'),
]);
process.stdout.write(
  JSON.stringify({
    files: Object.fromEntries(renderModelViews(builtInTools, SORTED_PROVIDER_TOOL_NAMES)),
  }),
);
