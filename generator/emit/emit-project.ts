import type { Project, StatementStructures, WriterFunction } from 'ts-morph';
import { loadTsMorph } from '../support/load-ts-morph.js';

/**
 * The in-memory ts-morph project generated modules are built in. `module: ESNext` with
 * `moduleResolution: Bundler`: ts-morph's bundled compiler rejects NodeNext for in-memory
 * projects (ts-morph #1446). Formatting is fixed here, not taken from any user setting.
 */
export function createEmitProject(): Project {
  const { IndentationText, ModuleKind, ModuleResolutionKind, NewLineKind, Project, QuoteKind } =
    loadTsMorph();
  return new Project({
    useInMemoryFileSystem: true,
    // Modules are printed, never type-checked: the compiler's lib files are not needed.
    skipLoadingLibFiles: true,
    compilerOptions: { module: ModuleKind.ESNext, moduleResolution: ModuleResolutionKind.Bundler },
    manipulationSettings: {
      indentationText: IndentationText.TwoSpaces,
      newLineKind: NewLineKind.LineFeed,
      quoteKind: QuoteKind.Single,
      useTrailingCommas: true,
    },
  });
}

/**
 * Print a module from its statements: text (already laid out by our printers), import
 * structures, or `blankLine`. Returns the text; the in-memory file is dropped again.
 */
export function printModule(
  project: Project,
  path: string,
  statements: readonly (string | WriterFunction | StatementStructures)[],
): string {
  const sourceFile = project.createSourceFile(
    path,
    { statements: [...statements] },
    { overwrite: true },
  );
  const text = sourceFile.getFullText();
  project.removeSourceFile(sourceFile);
  return text;
}

/** A blank line between groups of statements. */
export const blankLine: WriterFunction = (writer) => {
  writer.blankLine();
};
