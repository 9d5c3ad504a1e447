/**
 * A project's own generated tools are TypeScript (`generated/index.ts`). Run from the sources,
 * the CLI already has tsx's loader; run from the compiled build in dist/ (bin/tool-contracts.js),
 * it registers tsx only here, when a project's modules are about to be imported.
 */
let registered = false;

export async function ensureTypeScriptLoader(): Promise<void> {
  if (registered || import.meta.url.endsWith('.ts')) return;
  const { register } = await import('tsx/esm/api');
  register();
  registered = true;
}
