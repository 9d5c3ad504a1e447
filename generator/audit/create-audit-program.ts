/**
 * The TypeScript program the audit scans: one ts-morph Project over the runtime files (and what
 * they import), with the project's strict options. Imported only when the scan really runs.
 */
import { Project, ts } from 'ts-morph';

/** Strict options like the project's tsconfig; module settings as ts-morph needs them (#1446). */
export const AUDIT_COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2023.d.ts'],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  types: ['node'],
  strict: true,
  noImplicitOverride: true,
  verbatimModuleSyntax: true,
  resolveJsonModule: true,
  isolatedModules: true,
  skipLibCheck: true,
  noEmit: true,
};

/** Build the program over `files` (absolute paths) rooted at `projectRoot`. */
export function createAuditProgram(projectRoot: string, files: readonly string[]): ts.Program {
  const project = new Project({
    compilerOptions: {
      ...AUDIT_COMPILER_OPTIONS,
      rootDir: projectRoot,
      typeRoots: [`${projectRoot}/node_modules/@types`],
    },
    skipAddingFilesFromTsConfig: true,
    // The program resolves imports itself; wrapping every dependency in ts-morph nodes first
    // only costs time (the scan walks the compiler's own nodes).
    skipFileDependencyResolution: true,
  });
  for (const file of files) project.addSourceFileAtPath(file);
  return project.getProgram().compilerObject;
}
