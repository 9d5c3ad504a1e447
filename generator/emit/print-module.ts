/**
 * Prints a generated module from its statements: text already laid out by our printers, writer
 * functions, and import or export declarations of named bindings.
 *
 * The layout is ts-morph's: the statements go through the same `code-block-writer` that ts-morph
 * prints structures with, under the same rules (a line between statements, a blank line after a
 * closing brace, a final newline), and a declaration prints as ts-morph prints its structure.
 * test/generator/emit/print-module.test.ts holds the two printers equal on generated statement
 * lists. ts-morph itself is not loaded here: printing through it means loading the TypeScript
 * compiler it bundles, 0.45–0.6 s of every `generate` after an edit on the 2-core machine of
 * bench/, to print a few import lines.
 */
import CodeBlockWriter from 'code-block-writer';

/** Writes part of a module: the writer is the one the whole module is printed with. */
export type WriterFunction = (writer: CodeBlockWriter) => void;

/** A named binding: `name`, `type name`, or `name as alias`. */
export type NamedBinding = string | { readonly name: string; readonly alias: string };

/** `import [type] { … } from '…';` */
export interface ImportStatement {
  readonly kind: 'import';
  readonly isTypeOnly?: boolean;
  readonly namedImports: readonly NamedBinding[];
  readonly moduleSpecifier: string;
}

/** `export [type] { … } [from '…'];` */
export interface ExportStatement {
  readonly kind: 'export';
  readonly isTypeOnly?: boolean;
  readonly namedExports: readonly NamedBinding[];
  readonly moduleSpecifier?: string;
}

export type ModuleStatement = string | WriterFunction | ImportStatement | ExportStatement;

/** Two-space indent, `\n`, single quotes: fixed here, never taken from a user's setting. */
const WRITER_OPTIONS = {
  newLine: '\n',
  indentNumberOfSpaces: 2,
  useTabs: false,
  useSingleQuote: true,
} as const;

export function printModule(statements: readonly ModuleStatement[]): string {
  const writer = new CodeBlockWriter(WRITER_OPTIONS);
  for (const statement of statements) {
    if (lastNonWhitespaceIsCloseBrace(writer)) writer.blankLineIfLastNot();
    else if (!writer.isAtStartOfFirstLineOfBlock()) writer.newLineIfLastNot();
    if (typeof statement === 'string') writer.write(statement);
    else if (typeof statement === 'function') statement(writer);
    else printDeclaration(writer, statement);
  }
  writer.conditionalNewLine(!writer.isAtStartOfFirstLineOfBlock() && !writer.isLastNewLine());
  return writer.toString();
}

/** A blank line between groups of statements. */
export const blankLine: WriterFunction = (writer) => {
  writer.blankLine();
};

function printDeclaration(writer: CodeBlockWriter, statement: ImportStatement | ExportStatement) {
  writer.closeComment();
  writer.write(statement.kind);
  if (statement.isTypeOnly === true) writer.write(' type');
  if (statement.kind === 'import') {
    const bindings = statement.namedImports;
    if (bindings.length > 0) writer.write(` ${bindingList(bindings)} from`);
    writer.write(' ').quote(statement.moduleSpecifier);
  } else {
    const bindings = statement.namedExports;
    const from = statement.moduleSpecifier ?? '';
    writer.write(bindings.length > 0 ? ` ${bindingList(bindings)}` : from === '' ? ' { }' : ' *');
    if (from !== '') writer.write(' from ').quote(from);
  }
  writer.write(';');
}

function bindingList(bindings: readonly NamedBinding[]): string {
  return `{ ${bindings.map(bindingText).join(', ')} }`;
}

const IDENTIFIER = /^(?:type )?[A-Za-z_$][\w$]*$/;

/**
 * A binding is an identifier, so that it prints alone between the commas (ts-morph places each
 * comma after a binding's last token, which for anything else needs the compiler's scanner).
 */
function bindingText(binding: NamedBinding): string {
  const text = typeof binding === 'string' ? binding : `${binding.name} as ${binding.alias}`;
  const names = typeof binding === 'string' ? [binding] : [binding.name, binding.alias];
  for (const name of names)
    if (!IDENTIFIER.test(name))
      throw new Error(`not an identifier binding: ${JSON.stringify(name)}`);
  return text;
}

/** ts-morph's whitespace for this test: JavaScript's line terminators and blanks. */
const WHITESPACE = new Set([' ', '\f', '\n', '\r', '\t', '\v', '\u00A0', '\u2028', '\u2029']);

function lastNonWhitespaceIsCloseBrace(writer: CodeBlockWriter): boolean {
  return (
    writer.iterateLastChars((char) =>
      char === '}' ? true : WHITESPACE.has(char) ? undefined : false,
    ) ?? false
  );
}
