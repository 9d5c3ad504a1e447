/**
 * The model-view step for a large project: instead of a process that imports every generated
 * module through tsx (Node 20 runs tsx's hooks on a thread of their own, and each module's resolve
 * and load is a round trip to it: ≈ 4 ms a module, 38 s of a 10 000-tool run), esbuild bundles the
 * renderer, the runtime it uses and the generated modules into one ES module that plain Node runs.
 * The bundle prints what `print-model-views.ts` prints (both write `model-view-records.ts`'s lines).
 *
 * What stays out of the bundle, so that the bundled code behaves as the modules do one by one:
 * - installed packages (anything under a `node_modules` folder above the project or this
 *   package): imported from where they are, by a path relative to the bundle, so each is the one
 *   module instance Node would load for it;
 * - the generated modules' dynamic imports (a tool's implementation and zod schemas): never called
 *   while rendering, so neither loaded nor bundled — as with the lazy modules themselves;
 * - `import.meta.url`, `.dirname` and `.filename` of a bundled source file stay that file's own
 *   (a bundle would otherwise give every module the bundle's address, and a `createRequire` or a
 *   `new URL(…, import.meta.url)` would look in the wrong folder).
 */
import { existsSync } from 'node:fs';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Loader, Plugin } from 'esbuild';
import type { BuiltInSelection } from '../config/select-built-ins.js';
import { DIST_PACKAGES, ownerOf } from '../../bin/dist-packages.js';
import { packagePath, packageRoot } from '../support/package-root.js';

/** What to bundle: the same arguments `print-model-views.ts` takes. */
export interface ModelViewBundleSources {
  /** The project root (absolute). */
  readonly projectRoot: string;
  /** The directory of generated modules to render (absolute): `generated/` or a staged one. */
  readonly generatedDirectory: string;
  /** The project-relative generated folder the files are named under. */
  readonly generatedFolder: string;
  /** The renderer module (absolute): the project's own, or the package's. */
  readonly renderer: string;
  /** A project that uses the package: its `builtIns` selection (see `print-model-views.ts`). */
  readonly packageBuiltIns?: BuiltInSelection;
}

/** The bundle could not be built: the first of esbuild's errors, located. */
export class ModelViewBundleError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'ModelViewBundleError';
  }
}

/** Bundles the renderer of `sources` into `outfile` (absolute), a module to run with `node`. */
export async function bundleModelViews(
  sources: ModelViewBundleSources,
  outfile: string,
): Promise<void> {
  await bundle(sources.projectRoot, sources.generatedDirectory, entrySource(sources), outfile);
}

/**
 * Bundles a project's generated modules alone into `outfile` (absolute): a module that exports
 * `builtInTools` of `index.ts` and `sortedProviderToolNames` of `provider-order.ts`, for a
 * renderer that has loaded the package's runtime already (`print-model-views.ts`, compiled). It
 * imports what the modules import from installed packages, the package among them, from where
 * Node finds it: the same module instances as the renderer's.
 */
export async function bundleGeneratedModules(
  projectRoot: string,
  generatedDirectory: string,
  outfile: string,
  options: { readonly compiledRuntime?: boolean } = {},
): Promise<void> {
  const own = (file: string) => JSON.stringify(path.join(generatedDirectory, file));
  const entry = [
    `export { builtInTools } from ${own('index.ts')};`,
    `export { sortedProviderToolNames } from ${own('provider-order.ts')};`,
    '',
  ].join('\n');
  await bundle(
    projectRoot,
    generatedDirectory,
    entry,
    outfile,
    options.compiledRuntime === true ? [compiledRuntimeImports(projectRoot)] : [],
  );
}

/**
 * For this package's repository rendered by the compiled renderer: an import of a source file of
 * `@tool-contracts/runtime` (runtime/, not runtime/tools/) is an import of its compiled module in
 * packages/runtime/dist/, the module instance the renderer runs with, as in the tools package's
 * own build. A source with no compiled module of its own there fails the bundle, which the
 * renderer then loads through tsx.
 */
function compiledRuntimeImports(root: string): Plugin {
  const runtime = DIST_PACKAGES.find((distPackage) => distPackage.key === 'runtime')!;
  return {
    name: 'compiled-runtime-imports',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind !== 'import-statement') return undefined;
        const target = path.resolve(args.resolveDir, args.path);
        const source = path.relative(root, target).split(path.sep).join('/');
        if (ownerOf(source.replace(/\.js$/, '.ts')) !== runtime) return undefined;
        const compiled = path.join(root, runtime.directory, 'dist', source.replace(/\.ts$/, '.js'));
        if (!existsSync(compiled))
          return {
            errors: [{ text: `${source} has no module of its own in the compiled runtime` }],
          };
        return { path: pathToFileURL(compiled).href, external: true };
      });
    },
  };
}

/** Starts esbuild's service process, so that the first bundle does not wait for it. */
export async function startBundler(): Promise<void> {
  const esbuild = await import('esbuild');
  await esbuild.transform('', {});
}

async function bundle(
  projectRoot: string,
  generatedDirectory: string,
  entry: string,
  outfile: string,
  plugins: readonly Plugin[] = [],
): Promise<void> {
  const esbuild = await import('esbuild');
  let result: import('esbuild').BuildResult<{ metafile: true }>;
  try {
    result = await esbuild.build({
      stdin: {
        contents: entry,
        resolveDir: projectRoot,
        sourcefile: 'model-view-bundle-entry.ts',
        loader: 'ts',
      },
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: `node${process.versions.node}`,
      // Node's own conditions (esbuild would add `module` otherwise).
      conditions: [],
      // Bundling renames clashing top-level names; `name` of a function or class stays its own.
      keepNames: true,
      outfile,
      write: true,
      metafile: true,
      // Messages name files relative to the project.
      absWorkingDir: projectRoot,
      logLevel: 'silent',
      legalComments: 'none',
      external: await installedPackagePatterns([projectRoot, packageRoot()]),
      plugins: [
        lazyImportsStayOut(),
        ...plugins,
        ownImportMeta(esbuild.transform, generatedDirectory),
      ],
    });
  } catch (error) {
    const first = (error as { errors?: readonly EsbuildMessage[] }).errors?.[0];
    if (first === undefined) throw error;
    throw new ModelViewBundleError(formatMessage(first));
  }
  // An installed package whose exports are TypeScript (a workspace package) stays out of the
  // bundle like any other, and plain Node cannot load it: only tsx can.
  for (const output of Object.values(result.metafile.outputs))
    for (const imported of output.imports)
      if (
        imported.external &&
        imported.kind === 'import-statement' &&
        TYPESCRIPT.test(imported.path)
      )
        throw new ModelViewBundleError(
          `${imported.path} is TypeScript in an installed package, which plain Node cannot load`,
        );
}

const TYPESCRIPT = /\.(?:[cm]?ts|tsx)$/;

interface EsbuildMessage {
  readonly text: string;
  readonly location: {
    readonly file: string;
    readonly line: number;
    readonly column: number;
  } | null;
}

function formatMessage(message: EsbuildMessage): string {
  const { location } = message;
  return location === null
    ? message.text
    : `${location.file}:${location.line}:${location.column + 1}: ${message.text}`;
}

/** The entry module: imports what `print-model-views.ts` imports, statically, and prints. */
function entrySource(sources: ModelViewBundleSources): string {
  const at = (file: string) => JSON.stringify(file);
  const own = (file: string) => at(path.join(sources.generatedDirectory, file));
  const lines = [
    `import { writeModelViewRecords } from ${at(packagePath('generator/model-view/model-view-records.ts'))};`,
    `import { builtInTools as ownTools } from ${own('index.ts')};`,
    `import { sortedProviderToolNames as ownNames } from ${own('provider-order.ts')};`,
    `import { renderModelViews } from ${at(sources.renderer)};`,
  ];
  let packageTools = '[]';
  let packageNames = '[]';
  if (sources.packageBuiltIns !== undefined) {
    lines.push(
      `import { builtInTools as packageBuiltIns } from ${at(packagePath('generated/index.ts'))};`,
      `import { sortedProviderToolNames as packageOrder } from ${at(packagePath('generated/provider-order.ts'))};`,
      `import { selectBuiltIns } from ${at(packagePath('generator/config/select-built-ins.ts'))};`,
    );
    packageTools = `selectBuiltIns(packageBuiltIns, ${JSON.stringify(sources.packageBuiltIns)})`;
    packageNames = 'packageOrder';
  }
  lines.push(
    `writeModelViewRecords(renderModelViews, { packageTools: ${packageTools}, packageNames: ${packageNames}, ownTools, ownNames }, ${at(sources.generatedFolder)}, (line) => process.stdout.write(line));`,
  );
  return `${lines.join('\n')}\n`;
}

/**
 * esbuild's external patterns for every installed package the bundle can meet: the `node_modules`
 * folders of each root and each folder above it, by the path given and by the real one (a linked
 * package resolves to its real folder). A file esbuild resolves into one of them stays out of the
 * bundle, imported by its path relative to the bundle.
 */
async function installedPackagePatterns(roots: readonly string[]): Promise<string[]> {
  const patterns = new Set<string>();
  const all = [...roots, ...(await Promise.all(roots.map((root) => realpath(root))))];
  for (const root of all) {
    for (let folder = path.resolve(root); ; folder = path.dirname(folder)) {
      patterns.add(`${path.join(folder, 'node_modules')}${path.sep}*`);
      if (path.dirname(folder) === folder) break;
    }
  }
  return [...patterns];
}

/**
 * Dynamic imports stay dynamic imports of the file they name (by its URL), unresolved and
 * unbundled: a generated module's implementation and zod schemas load on first call, which a
 * render never makes. (A `../` path catches every such import of a generated tool module.)
 */
function lazyImportsStayOut(): Plugin {
  return {
    name: 'lazy-imports-stay-out',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) =>
        args.kind === 'dynamic-import'
          ? { path: pathToFileURL(path.resolve(args.resolveDir, args.path)).href, external: true }
          : undefined,
      );
    },
  };
}

const LOADERS: Readonly<Record<string, Loader>> = {
  '.ts': 'ts',
  '.mts': 'ts',
  '.cts': 'ts',
  '.tsx': 'tsx',
  '.js': 'js',
  '.mjs': 'js',
  '.cjs': 'js',
  '.jsx': 'jsx',
};

/**
 * Each bundled source file that reads `import.meta.url`, `.dirname` or `.filename` gets its own
 * values, replaced in its syntax tree by esbuild (never in strings or comments). The generated
 * modules, which read none, are left to esbuild to load.
 */
function ownImportMeta(transform: typeof import('esbuild').transform, generated: string): Plugin {
  const inGenerated = `${path.resolve(generated)}${path.sep}`;
  return {
    name: 'own-import-meta',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
        if (args.path.startsWith(inGenerated)) return undefined;
        const loader = LOADERS[path.extname(args.path)];
        if (loader === undefined) return undefined;
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta')) return { contents: text, loader };
        const { code } = await transform(text, {
          loader,
          sourcefile: args.path,
          define: {
            'import.meta.url': JSON.stringify(pathToFileURL(args.path).href),
            'import.meta.filename': JSON.stringify(args.path),
            'import.meta.dirname': JSON.stringify(path.dirname(args.path)),
          },
        });
        return { contents: code, loader: 'js' };
      });
    },
  };
}
