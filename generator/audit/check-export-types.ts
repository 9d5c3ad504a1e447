/**
 * The type check of hand-written implementation modules: `handler` and every declared hook a
 * module exports must have the type its `ToolImplementation` member requires
 * (`export const validateInput = 42` is an error at generate time, not `entry.validateInput is
 * not a function` in front of the model).
 *
 * One ts-morph Project (the project's strict options) gets a virtual file that assigns each
 * export to its member's type, `ToolImplementation<any, any>[member]`; the checker's
 * diagnostics on that file are the problems, each placed at the export's declaration. `Input`
 * and `Output` are `any` on purpose: the generated `Input`/`Output` types may not exist yet (a
 * new tool) or be stale (the manifest just changed); `tsc` checks them against the generated
 * module afterwards. Imported lazily (it loads ts-morph and builds a program).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { packagePath } from '../support/package-root.js';
import type { Node as MorphNode } from 'ts-morph';
import { compareCodeUnits } from '../../runtime/core/support/compare-code-units.js';
import { readCacheEntry, writeCacheEntry } from '../support/project-cache.js';
import { loadTsMorph } from '../support/load-ts-morph.js';
import { listFiles } from '../support/list-files.js';
import { compareManifestIssues, type ManifestIssue } from '../manifest/manifest-issue.js';

/** One export to check: `member` of `runtime/tools/<implementation>.ts`. */
export interface ExportToCheck {
  /** Module name in the implementation folder. */
  readonly implementation: string;
  /** `handler` or a hook name. */
  readonly member: string;
}

/**
 * {@link checkExportTypes}, cached: the checker takes seconds, and its answer depends only on
 * the runtime's sources (`runtime/**`), the lock file (library types), this module and the list
 * of exports. The key is their content hash; one entry per project in
 * `node_modules/.cache/tool-contracts/export-types-<project>.json`, and another project's entry
 * with the same key answers too. A broken cache only costs speed.
 */
export async function checkExportTypesCached(
  projectRoot: string,
  implementationDirectory: string,
  exports: readonly ExportToCheck[],
  /** Told when the checker must run (a cache miss: seconds). */
  progress?: (step: string) => void,
): Promise<ManifestIssue[]> {
  if (exports.length === 0) return [];
  const hash = createHash('sha256');
  hash.update(`export-types v1\0${implementationDirectory}\0`);
  hash.update(await readFile(packagePath('generator/audit/check-export-types.ts')));
  for (const entry of exports) hash.update(`\0${entry.implementation}.${entry.member}`);
  const sources = [
    ...(await listFiles(projectRoot, 'runtime')),
    ...(implementationDirectory.startsWith('runtime/')
      ? []
      : await listFiles(projectRoot, implementationDirectory)),
    'package-lock.json',
  ];
  for (const file of sources) {
    hash.update(`\0${file}\0`);
    hash.update(await readFile(path.join(projectRoot, file)).catch(() => Buffer.alloc(0)));
  }
  const key = hash.digest('hex');
  const cached = await readCacheEntry(projectRoot, 'export-types', key, isIssueList);
  if (cached !== undefined) return cached;
  const modules = new Set(exports.map((entry) => entry.implementation)).size;
  progress?.(
    `type-checking the handlers and hooks of ${modules} module${modules === 1 ? '' : 's'} (cached until runtime/ changes)…`,
  );
  const issues = await checkExportTypes(projectRoot, implementationDirectory, exports);
  await writeCacheEntry(projectRoot, 'export-types', key, issues);
  return issues;
}

function isIssueList(value: unknown): value is ManifestIssue[] {
  return Array.isArray(value);
}

/**
 * Every export of `exports` whose type is not its member's, as a `wrong_export_type` issue at
 * the export's declaration (`runtime/tools/probe.ts:3:14 validateInput: …`). Same input, same
 * issues.
 */
export async function checkExportTypes(
  projectRoot: string,
  implementationDirectory: string,
  exports: readonly ExportToCheck[],
): Promise<ManifestIssue[]> {
  if (exports.length === 0) return [];
  const morph = loadTsMorph();
  const { AUDIT_COMPILER_OPTIONS } = await import('./create-audit-program.js');
  const project = new morph.Project({
    compilerOptions: {
      ...AUDIT_COMPILER_OPTIONS,
      rootDir: projectRoot,
      typeRoots: [
        path.join(projectRoot, 'node_modules', '@types'),
        packagePath('node_modules/@types'),
      ].filter((directory) => existsSync(directory)),
    },
    skipAddingFilesFromTsConfig: true,
  });
  const modules = [...new Set(exports.map((entry) => entry.implementation))].sort();
  // The contract types of this package (the user's project may have no runtime/ of its own).
  const contractPath = packagePath('runtime/core/contract.js');
  const lines = [
    `import type { ToolImplementation } from ${JSON.stringify(contractPath)};`,
    'type Member<K extends keyof ToolImplementation<any, any>> = NonNullable<ToolImplementation<any, any>[K]>;',
    // A hook typed `Implementation["validateInput"]` includes `undefined` (the member is
    // optional); only an export that is nothing but `undefined` is wrong for that reason.
    'type Defined<T> = [NonNullable<T>] extends [never] ? { readonly undefinedExport: T } : NonNullable<T>;',
    ...modules.map(
      (module, position) =>
        `import * as m${position} from ${JSON.stringify(path.join(projectRoot, implementationDirectory, `${module}.js`))};`,
    ),
  ];
  const firstCheckLine = lines.length + 1;
  const sorted = [...exports].sort(
    (left, right) =>
      compareCodeUnits(left.implementation, right.implementation) ||
      compareCodeUnits(left.member, right.member),
  );
  for (const [position, entry] of sorted.entries()) {
    const module = `m${modules.indexOf(entry.implementation)}`;
    lines.push(
      `export const c${position}: Member<${JSON.stringify(entry.member)}> = ${module}.${entry.member} as Defined<typeof ${module}.${entry.member}>;`,
    );
  }
  const virtual = project.createSourceFile(
    path.join(projectRoot, '.tool-contracts-export-check.ts'),
    `${lines.join('\n')}\n`,
  );
  const issues: ManifestIssue[] = [];
  const reported = new Set<number>();
  for (const diagnostic of virtual.getPreEmitDiagnostics()) {
    const line = diagnostic.getLineNumber();
    if (line === undefined || line < firstCheckLine) continue;
    const position = line - firstCheckLine;
    if (reported.has(position)) continue;
    reported.add(position);
    const entry = sorted[position]!;
    const statement = virtual.getVariableStatements()[position]!;
    const assertion = statement.getDeclarations()[0]!.getInitializerOrThrow();
    const initializer = assertion.getFirstChildOrThrow();
    const declaration = declarationOf(initializer);
    const module = `${implementationDirectory}/${entry.implementation}.ts`;
    const file = declaration?.getSourceFile().getFilePath();
    const at =
      declaration !== undefined && file !== undefined
        ? {
            file: path.relative(projectRoot, file).split(path.sep).join('/'),
            ...declaration.getSourceFile().getLineAndColumnAtPos(declaration.getStart()),
          }
        : { file: module, line: 1, column: 1 };
    const found = initializer
      .getType()
      .getText(declaration ?? initializer, morph.ts.TypeFormatFlags.NoTruncation);
    const detail = morph.ts
      .flattenDiagnosticMessageText(diagnostic.compilerObject.messageText, ' ')
      .replace(/\s+/g, ' ');
    issues.push({
      code: 'wrong_export_type',
      file: at.file,
      line: at.line,
      column: at.column,
      path: entry.member,
      found,
      message: `${entry.member === 'handler' ? 'the handler' : `hook ${entry.member}`} exported by ${module} has type ${found}, not the ToolImplementation member's: ${detail}`,
    });
  }
  return issues.sort(compareManifestIssues);
}

/** The declaration an export resolves to (through `export { x as y }` and re-exports). */
function declarationOf(expression: MorphNode): MorphNode | undefined {
  let symbol = expression.getSymbol();
  if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
  const declaration = symbol?.getDeclarations()[0];
  if (declaration === undefined) return undefined;
  const name = (
    declaration as MorphNode & { getNameNode?: () => MorphNode | undefined }
  ).getNameNode?.();
  return name ?? declaration;
}
