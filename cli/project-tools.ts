/**
 * The tools `list` and `call` register: this package's built-ins, or, in a project with a
 * `tool-contracts.config.*`, that project's own generated tools plus the built-ins its `builtIns`
 * selects (default none). Loaded lazily: commands import this only once they need the tools.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ToolEntry } from '../runtime/core/contract.js';
import { selectBuiltIns, unknownBuiltIns } from '../generator/config/select-built-ins.js';
import { findProjectRoot, hasConfigFile } from './project-root.js';
import { existsSync, readFileSync } from './sync-fs.js';
import { CommandError } from './usage-error.js';

export interface ProjectTools {
  /** Every tool to register, in registration order: the selected built-ins, then the project's. */
  readonly builtInTools: readonly ToolEntry[];
  /** The sorted-name table of the package, plus the project's `ordering: reference` tools. */
  readonly sortedProviderToolNames: ReadonlySet<string>;
}

/** The package name of the built-in tool set, which the CLI has as an optional peer. */
export const BUILT_IN_TOOLS_PACKAGE = '@tool-contracts/tools';

/**
 * The built-in tools and their sorted-name table. From the compiled CLI they are the package
 * {@link BUILT_IN_TOOLS_PACKAGE}, which a project of its own tools need not install: without it,
 * a {@link CommandError} that says how to install it.
 */
async function loadBuiltIns(): Promise<{
  builtInTools: readonly ToolEntry[];
  sortedProviderToolNames: ReadonlySet<string>;
}> {
  try {
    const [{ builtInTools }, { SORTED_PROVIDER_TOOL_NAMES }] = await Promise.all([
      import('../generated/index.js'),
      import('../generated/provider-order.js'),
    ]);
    return { builtInTools, sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES };
  } catch (error) {
    const missing =
      (error as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND' &&
      String((error as Error).message).includes(`'${BUILT_IN_TOOLS_PACKAGE}'`);
    if (!missing) throw error;
    throw new CommandError(
      `the built-in tools are the package ${BUILT_IN_TOOLS_PACKAGE}, which is not installed: npm install --save-exact ${BUILT_IN_TOOLS_PACKAGE}`,
    );
  }
}

/**
 * A {@link CommandError} unless the project's package.json says `"type": "module"`: its
 * generated modules are ES modules, which Node loads as CommonJS in any other project (and
 * fails on their cycle of imports).
 */
function requireModuleProject(projectRoot: string): void {
  const file = path.join(projectRoot, 'package.json');
  let type: unknown;
  try {
    type = (JSON.parse(readFileSync(file, 'utf8')) as { type?: unknown }).type;
  } catch {
    type = undefined;
  }
  if (type !== 'module')
    throw new CommandError(
      `${file} does not say "type": "module" (the generated modules are ES modules): add it, or run \`npx tool-contracts init\`, which does`,
    );
}

/** The tools for a command started in `cwd`; a {@link CommandError} for a bad config or tool set. */
export async function loadProjectTools(cwd: string): Promise<ProjectTools> {
  const root = findProjectRoot(cwd);
  if (root === undefined || !hasConfigFile(root)) return loadBuiltIns();
  const { requireProjectLayout } = await import('./project-layout.js');
  const layout = await requireProjectLayout(root);
  if (layout.configFile === undefined) return loadBuiltIns();

  const { projectRoot, config, paths } = layout;
  const { builtInTools, sortedProviderToolNames: builtInOrder } =
    config.builtIns === 'none'
      ? { builtInTools: [], sortedProviderToolNames: new Set<string>() }
      : await loadBuiltIns();
  const unknown = unknownBuiltIns(builtInTools, config.builtIns);
  if (unknown.length > 0)
    throw new CommandError(
      `${path.join(projectRoot, layout.configFile)}: builtIns: no built-in tool named ${unknown.map((name) => JSON.stringify(name)).join(', ')}`,
    );
  const selected = selectBuiltIns(builtInTools, config.builtIns);

  const generatedDirectory = path.join(projectRoot, ...paths.generated.split('/'));
  const indexFile = path.join(generatedDirectory, 'index.ts');
  if (!existsSync(indexFile))
    throw new CommandError(
      `${indexFile} not found: run \`tool-contracts generate\` in ${projectRoot} first`,
    );
  requireModuleProject(projectRoot);
  // Loaded here, not imported: statically imported, the module would be bundled into the chunk
  // `list` loads (bin/build-dist.js, CHUNK_GROUPS), and the model-view renderer's process, which
  // imports it too, would load that whole chunk for it.
  const { ensureTypeScriptLoader } = await import('../generator/support/typescript-loader.js');
  await ensureTypeScriptLoader();
  const own = (await import(pathToFileURL(indexFile).href)) as {
    builtInTools: readonly ToolEntry[];
  };
  const order = (await import(
    pathToFileURL(path.join(generatedDirectory, 'provider-order.ts')).href
  )) as { sortedProviderToolNames: readonly string[] };
  const clash = own.builtInTools.filter((tool) =>
    selected.some((builtIn) => builtIn.metadata.name === tool.metadata.name),
  );
  if (clash.length > 0)
    throw new CommandError(
      `${clash.map((tool) => tool.metadata.name).join(', ')}: both a tool of ${projectRoot} and a built-in selected by builtIns; rename the tool or leave the built-in out`,
    );
  return {
    builtInTools: [...selected, ...own.builtInTools],
    sortedProviderToolNames: new Set([...builtInOrder, ...order.sortedProviderToolNames]),
  };
}
