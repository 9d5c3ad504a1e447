import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Project, SourceFile } from 'ts-morph';
import { HOOK_NAMES } from '../../runtime/core/contract.js';
import type { HookName } from '../../runtime/core/contract.js';
import type { FieldPath } from '../manifest/field-path.js';
import { formatFieldPath } from '../manifest/field-path.js';
import type { ManifestIssue, ManifestIssueCode } from '../manifest/manifest-issue.js';
import type { ImplementationTarget } from '../manifest/manifest-set.js';
import type { ExportToCheck } from './check-export-types.js';
import { REPOSITORY_PATHS } from '../support/project-paths.js';

const HOOKS: ReadonlySet<string> = new Set(HOOK_NAMES);

/**
 * Checks every tool's hand-written module `<implementations>/<implementation>.ts` (default
 * `runtime/tools/`): it must exist,
 * export `handler`, and export exactly the hooks the manifest lists in `hooks` (a declared hook
 * that is not exported and an exported hook that is not declared are both errors, placed at the
 * manifest's `hooks`). Other exports are the module's business. Then (unless `types: false`)
 * the handler and each declared hook are type-checked against their `ToolImplementation` member
 * (`check-export-types.ts`, cached), each wrong one placed at its export.
 *
 * Exports are read from the syntax (declarations, `export { … }`, `export * from` followed through
 * relative modules), not through the type checker: one ts-morph Project parses each module once,
 * without building a program over the generated code and zod, so this part stays well under a
 * second for all tools. ts-morph is imported here lazily, so loading manifests never pays for it.
 * The type check does build a program (seconds), which is why its result is cached.
 */
export async function checkHookExports(
  projectRoot: string,
  tools: readonly ImplementationTarget[],
  options: {
    readonly types?: boolean;
    /** Folder of the implementation modules, project-relative. Default: `runtime/tools`. */
    readonly implementations?: string;
    /** Told when a long step starts (the type check, when not cached). */
    readonly progress?: (step: string) => void;
  } = {},
): Promise<ManifestIssue[]> {
  const folder = options.implementations ?? REPOSITORY_PATHS.implementations;
  const morph = await import('ts-morph');
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
  const exportsByModule = new Map<string, ReadonlySet<string> | undefined>();
  const valueExportsOf = (implementation: string): ReadonlySet<string> | undefined => {
    if (!exportsByModule.has(implementation)) {
      const file = path.join(projectRoot, ...folder.split('/'), `${implementation}.ts`);
      const source = existsSync(file) ? project.addSourceFileAtPath(file) : undefined;
      exportsByModule.set(
        implementation,
        source && collectValueExports(morph, source, project, new Set()),
      );
    }
    return exportsByModule.get(implementation);
  };

  const issues: ManifestIssue[] = [];
  const typed = new Map<string, ExportToCheck>();
  for (const tool of tools) {
    const module = `${folder}/${tool.implementation}.ts`;
    const issueAt = (
      code: ManifestIssueCode,
      fieldPath: FieldPath,
      message: string,
    ): ManifestIssue => ({
      code,
      file: tool.file,
      ...tool.locate(fieldPath),
      path: formatFieldPath(fieldPath),
      message,
    });
    const modulePath: FieldPath = tool.explicitPaths.has('implementation')
      ? ['implementation']
      : tool.manifest.extends !== undefined
        ? ['extends']
        : ['name'];
    const exported = valueExportsOf(tool.implementation);
    if (!exported) {
      issues.push(
        issueAt(
          'missing_implementation',
          modulePath,
          `implementation module ${module} does not exist`,
        ),
      );
      continue;
    }
    if (!exported.has('handler')) {
      issues.push(issueAt('missing_handler', modulePath, `${module} does not export handler`));
    }
    for (const member of ['handler', ...tool.manifest.hooks])
      if (exported.has(member))
        typed.set(`${tool.implementation}.${member}`, {
          implementation: tool.implementation,
          member,
        });
    const declared = new Set<HookName>(tool.manifest.hooks);
    tool.manifest.hooks.forEach((hook, position) => {
      if (!exported.has(hook)) {
        issues.push(
          issueAt(
            'hook_not_exported',
            ['hooks', position],
            `hook ${hook} is declared but ${module} does not export it`,
          ),
        );
      }
    });
    const undeclared = [...exported]
      .filter((name) => HOOKS.has(name) && !declared.has(name as HookName))
      .sort();
    for (const hook of undeclared) {
      issues.push(
        issueAt(
          'hook_not_declared',
          ['hooks'],
          `${module} exports hook ${hook}, which hooks does not declare`,
        ),
      );
    }
  }
  if (options.types !== false) {
    const { checkExportTypesCached } = await import('./check-export-types.js');
    issues.push(
      ...(await checkExportTypesCached(projectRoot, folder, [...typed.values()], options.progress)),
    );
  }
  return issues;
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
