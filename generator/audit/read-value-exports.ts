/**
 * The names each implementation module exports as values, read from the syntax: declarations,
 * `export { … }`, and `export * from` followed through relative modules — not through the type
 * checker. One ts-morph Project parses each module once, without building a program over the
 * generated code and zod.
 *
 * Cached (`project-cache.ts`, kind `value-exports`) under a hash of every `.ts` file in the
 * implementation folder, the modules asked for and this module's source; a module that re-exports
 * from outside the folder has those files' hashes kept beside the answer and compared on read.
 * A manifest edit therefore never parses a module or loads ts-morph here. (A file created
 * outside the folder where a re-export would now resolve first is not noticed until the folder
 * changes: the resolution tries `x.ts` before `x/index.ts`.)
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { packagePath } from '../support/package-root.js';
import type { Project, SourceFile } from 'ts-morph';
import { listFiles } from '../support/list-files.js';
import { hashParts } from '../support/hash-parts.js';
import { readCacheEntry, writeCacheEntry } from '../support/project-cache.js';
import { loadTsMorph } from '../support/load-ts-morph.js';

/** Implementation name → its value exports, or `undefined` when its module does not exist. */
export type ValueExports = ReadonlyMap<string, ReadonlySet<string> | undefined>;

interface CachedExports {
  /** Implementation → sorted export names, `null` for a missing module. */
  readonly modules: Record<string, string[] | null>;
  /** Files read outside the implementation folder, project-relative → sha256. */
  readonly outside: Record<string, string>;
}

export async function readValueExports(
  projectRoot: string,
  folder: string,
  implementations: readonly string[],
): Promise<ValueExports> {
  const files = (await listFiles(projectRoot, folder)).filter((file) => file.endsWith('.ts'));
  const key = hashParts([
    'value-exports v1',
    await readFile(packagePath('generator/audit/read-value-exports.ts')),
    folder,
    JSON.stringify([...implementations].sort()),
    ...(
      await Promise.all(
        files.map(async (file) => [file, await readFile(path.join(projectRoot, file))] as const),
      )
    ).flat(),
  ]);
  const cached = await readCacheEntry(projectRoot, 'value-exports', key, isCachedExports);
  if (cached !== undefined && (await sameOutside(projectRoot, cached.outside)))
    return new Map(
      Object.entries(cached.modules).map(([name, exports]) => [
        name,
        exports === null ? undefined : new Set(exports),
      ]),
    );

  const { exports, read } = await collectAll(projectRoot, folder, implementations);
  const inFolder = (file: string) => file.startsWith(`${folder}/`);
  const outside: Record<string, string> = {};
  for (const file of read.filter((file) => !inFolder(file)).sort())
    outside[file] = hashParts([await readFile(path.join(projectRoot, file))]);
  await writeCacheEntry(projectRoot, 'value-exports', key, {
    modules: Object.fromEntries(
      [...exports].map(([name, names]) => [name, names === undefined ? null : [...names].sort()]),
    ),
    outside,
  } satisfies CachedExports);
  return exports;
}

async function sameOutside(projectRoot: string, outside: Record<string, string>): Promise<boolean> {
  for (const [file, hash] of Object.entries(outside)) {
    const now = await readFile(path.join(projectRoot, file)).catch(() => undefined);
    if (now === undefined || hashParts([now]) !== hash) return false;
  }
  return true;
}

function isCachedExports(value: unknown): value is CachedExports {
  const candidate = value as Partial<CachedExports> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.modules === 'object' &&
    candidate.modules !== null &&
    Object.values(candidate.modules).every(
      (names) =>
        names === null || (Array.isArray(names) && names.every((name) => typeof name === 'string')),
    ) &&
    typeof candidate.outside === 'object' &&
    candidate.outside !== null &&
    Object.values(candidate.outside).every((hash) => typeof hash === 'string')
  );
}

/** Parses the modules (loading ts-morph) and lists every file it read, project-relative. */
async function collectAll(
  projectRoot: string,
  folder: string,
  implementations: readonly string[],
): Promise<{ exports: Map<string, ReadonlySet<string> | undefined>; read: string[] }> {
  const morph = loadTsMorph();
  const { ts } = morph;
  const project = new morph.Project({
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      noEmit: true,
    },
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    skipLoadingLibFiles: true,
  });
  const exports = new Map<string, ReadonlySet<string> | undefined>();
  for (const implementation of implementations) {
    const file = path.join(projectRoot, ...folder.split('/'), `${implementation}.ts`);
    const source = existsSync(file) ? project.addSourceFileAtPath(file) : undefined;
    exports.set(implementation, source && collectValueExports(morph, source, project, new Set()));
  }
  const read = project
    .getSourceFiles()
    .map((source) => path.relative(projectRoot, source.getFilePath()).split(path.sep).join('/'));
  return { exports, read };
}

type TsMorph = typeof import('ts-morph');

/** Names a module exports as values (types are left out: a hook is a function). */
function collectValueExports(
  morph: TsMorph,
  source: SourceFile,
  project: Project,
  visited: Set<string>,
): ReadonlySet<string> {
  const { Node, SyntaxKind } = morph;
  const names = new Set<string>();
  if (visited.has(source.getFilePath())) return names;
  visited.add(source.getFilePath());
  for (const statement of source.getStatements()) {
    if (Node.isExportDeclaration(statement)) {
      if (statement.isTypeOnly()) continue;
      const namespace = statement.getNamespaceExport();
      if (namespace) names.add(namespace.getName());
      else if (statement.isNamespaceExport()) {
        const target = resolveRelativeModule(source, statement.getModuleSpecifierValue(), project);
        if (target)
          for (const name of collectValueExports(morph, target, project, visited))
            if (name !== 'default') names.add(name);
      } else {
        for (const specifier of statement.getNamedExports()) {
          if (!specifier.isTypeOnly())
            names.add(specifier.getAliasNode()?.getText() ?? specifier.getName());
        }
      }
    } else if (Node.isVariableStatement(statement)) {
      if (!statement.hasExportKeyword()) continue;
      for (const declaration of statement.getDeclarations()) {
        const nameNode = declaration.getNameNode();
        if (Node.isIdentifier(nameNode)) names.add(nameNode.getText());
        else
          for (const element of nameNode.getDescendantsOfKind(SyntaxKind.BindingElement)) {
            const elementName = element.getNameNode();
            if (Node.isIdentifier(elementName)) names.add(elementName.getText());
          }
      }
    } else if (
      Node.isFunctionDeclaration(statement) ||
      Node.isClassDeclaration(statement) ||
      Node.isEnumDeclaration(statement) ||
      Node.isModuleDeclaration(statement)
    ) {
      // The keywords, not isExported(): that asks the type checker, which builds a whole program.
      if (statement.hasExportKeyword() && !statement.hasDefaultKeyword()) {
        const name = statement.getName();
        if (name) names.add(name);
      }
    }
  }
  return names;
}

/** `export * from './x.js'` names the compiled file; the source beside it is `./x.ts`. */
function resolveRelativeModule(
  from: SourceFile,
  specifier: string | undefined,
  project: Project,
): SourceFile | undefined {
  if (!specifier || !specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from.getFilePath()), specifier);
  const candidates = [
    base.replace(/\.(m?)js$/, '.$1ts'),
    base,
    `${base}.ts`,
    path.join(base, 'index.ts'),
  ];
  for (const candidate of candidates) {
    if (!/\.m?ts$/.test(candidate)) continue;
    const existing = project.getSourceFile(candidate);
    if (existing) return existing;
    if (existsSync(candidate)) return project.addSourceFileAtPath(candidate);
  }
  return undefined;
}
