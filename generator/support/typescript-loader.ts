/**
 * A project's own generated tools are TypeScript (`generated/index.ts`). Run from the sources,
 * the CLI already has tsx's loader; run from the compiled build in dist/ (bin/tool-contracts.js),
 * it registers tsx only here, when a project's modules are about to be imported — and so does the
 * model-view renderer's process (`generator/model-view/print-model-views.ts`).
 */

/** Whether this code runs from its TypeScript sources (under tsx), not from the build in dist/. */
export const RUNS_FROM_SOURCES = import.meta.url.endsWith('.ts');

let registered = false;

export async function ensureTypeScriptLoader(): Promise<void> {
  if (registered || RUNS_FROM_SOURCES) return;
  const { register } = await import('tsx/esm/api');
  register();
  registered = true;
}
