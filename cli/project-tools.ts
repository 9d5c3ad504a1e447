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
import { ensureTypeScriptLoader } from './typescript-loader.js';
import { existsSync } from './sync-fs.js';
import { CommandError } from './usage-error.js';

export interface ProjectTools {
  /** Every tool to register, in registration order: the selected built-ins, then the project's. */
  readonly builtInTools: readonly ToolEntry[];
  /** The sorted-name table of the package, plus the project's `ordering: reference` tools. */
  readonly sortedProviderToolNames: ReadonlySet<string>;
}

/** The tools for a command started in `cwd`; a {@link CommandError} for a bad config or tool set. */
export async function loadProjectTools(cwd: string): Promise<ProjectTools> {
  const [{ builtInTools }, { SORTED_PROVIDER_TOOL_NAMES }] = await Promise.all([
    import('../generated/index.js'),
    import('../generated/provider-order.js'),
  ]);
  const root = findProjectRoot(cwd);
  if (root === undefined || !hasConfigFile(root))
    return { builtInTools, sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES };
  const { requireProjectLayout } = await import('./project-layout.js');
  const layout = await requireProjectLayout(root);
  if (layout.configFile === undefined)
    return { builtInTools, sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES };

  const { projectRoot, config, paths } = layout;
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
    sortedProviderToolNames: new Set([
      ...SORTED_PROVIDER_TOOL_NAMES,
      ...order.sortedProviderToolNames,
    ]),
  };
}
