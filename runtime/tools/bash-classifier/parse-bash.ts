/**
 * A real bash parse tree for the permission layer: mvdan/sh's parser (the `mvdan-sh` package,
 * compiled to JavaScript, synchronous), loaded the first time a command is classified so that
 * importing the tool set stays cheap.
 *
 * Only the node fields the classifier reads are typed here. Offsets in the tree are UTF-8 byte
 * offsets into the source; {@link BashParse.text} slices by them.
 */
import { createRequire } from 'node:module';

/** Longest command parsed; a longer one is "in doubt" (never read-only, never allowed by a rule). */
export const MAX_PARSED_COMMAND_LENGTH = 100_000;

/**
 * A node of the tree: the parser's own (GopherJS) object, read through {@link BashParse}'s
 * accessors — the raw objects are fast to read, their JavaScript wrappers are not.
 */
export interface BashNode {
  readonly [bashNodeBrand]: true;
}
declare const bashNodeBrand: unique symbol;

/** Redirection operator codes of mvdan/sh. */
export const REDIRECT = {
  out: 54, // >
  append: 55, // >>
  in: 56, // <
  readWrite: 57, // <>
  duplicateIn: 58, // <&
  duplicateOut: 59, // >&
  clobber: 60, // >|
  hereDocument: 61, // <<
  hereDocumentTabs: 62, // <<-
  hereString: 63, // <<<
  allOut: 64, // &>
  allAppend: 65, // &>>
} as const;

/** `BinaryCmd` operator codes: `&&`, `||`, `|`, `|&`. */
export const BINARY_COMMAND_OPERATORS: ReadonlySet<number> = new Set([10, 11, 12, 13]);

interface MvdanSyntax {
  NewParser(...options: unknown[]): {
    Parse(source: string, name: string): { __internal_object__: unknown };
  };
  KeepComments(keep: boolean): unknown;
  Variant(language: unknown): unknown;
  LangBash: unknown;
}

/** What the raw GopherJS objects look like: typed pointers, slices, `nil` objects. */
interface RawNode {
  readonly constructor: { readonly string?: string; readonly nil?: unknown };
  Pos(): { readonly offs: number };
  End(): { readonly offs: number };
  readonly [field: string]: unknown;
}
interface RawSlice {
  readonly $array: readonly unknown[];
  readonly $offset: number;
  readonly $length: number;
}

let parser: { Parse(source: string, name: string): { __internal_object__: unknown } } | undefined;
function loadParser() {
  if (parser === undefined) {
    const sh = (createRequire(import.meta.url)('mvdan-sh') as { syntax: MvdanSyntax }).syntax;
    parser = sh.NewParser(sh.KeepComments(false), sh.Variant(sh.LangBash));
  }
  return parser;
}

/** A parsed command, with accessors bound to its source. */
export interface BashParse {
  readonly file: BashNode;
  /** `CallExpr`, `Word`, `Lit`, `Stmt`, … (mvdan/sh's type names). */
  kind(node: BashNode): string;
  /** A node-valued field; `undefined` for nil. */
  child(node: BashNode, field: string): BashNode | undefined;
  /** A list-valued field (`Stmts`, `Args`, `Parts`, `Redirs`, `Assigns`). */
  children(node: BashNode, field: string): readonly BashNode[];
  /** A string, number or boolean field (`Value`, `Op`, `Dollar`, `Background`). */
  value(node: BashNode, field: string): string | number | boolean | undefined;
  /** The source text of `node` as written. */
  text(node: BashNode): string;
  /** Every node under `node`, depth first, the node itself first. */
  walk(node: BashNode, visit: (node: BashNode) => void): void;
}

export type BashParseResult =
  | { readonly success: true; readonly parse: BashParse }
  | { readonly success: false; readonly error: string };

const raw = (node: BashNode) => node as unknown as RawNode;
const isNode = (value: unknown): value is RawNode =>
  typeof value === 'object' &&
  value !== null &&
  (value as RawNode).constructor?.string?.startsWith('*syntax.') === true &&
  value !== (value as RawNode).constructor.nil;
const isSlice = (value: unknown): value is RawSlice =>
  typeof value === 'object' && value !== null && Array.isArray((value as RawSlice).$array);
const sliceItems = (slice: RawSlice) =>
  slice.$array.slice(slice.$offset, slice.$offset + slice.$length);

/** Parse `source` as bash. Never throws: syntax errors, deep nesting and size are errors. */
export function parseBash(source: string): BashParseResult {
  if (source.length > MAX_PARSED_COMMAND_LENGTH)
    return {
      success: false,
      error: `longer than ${MAX_PARSED_COMMAND_LENGTH} characters, not analysed`,
    };
  const text = source.replaceAll('\0', ' ');
  let file: BashNode;
  try {
    file = loadParser().Parse(text, '').__internal_object__ as BashNode;
  } catch (error) {
    return { success: false, error: parseErrorText(error) };
  }
  const bytes = Buffer.from(text, 'utf8');
  const walk = (node: BashNode, visit: (node: BashNode) => void): void => {
    visit(node);
    for (const key of Object.keys(node)) {
      if (key === '$val') continue;
      const value = (node as unknown as Record<string, unknown>)[key];
      if (isNode(value)) walk(value as unknown as BashNode, visit);
      else if (isSlice(value))
        for (const item of sliceItems(value))
          if (isNode(item)) walk(item as unknown as BashNode, visit);
    }
  };
  return {
    success: true,
    parse: {
      file,
      kind: (node) => (raw(node).constructor.string ?? '').replace('*syntax.', ''),
      child: (node, field) => {
        const value = raw(node)[field];
        return isNode(value) ? (value as unknown as BashNode) : undefined;
      },
      children: (node, field) => {
        const value = raw(node)[field];
        return isSlice(value) ? (sliceItems(value).filter(isNode) as unknown as BashNode[]) : [];
      },
      value: (node, field) => {
        const value = raw(node)[field];
        return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
          ? value
          : undefined;
      },
      text: (node) => {
        const rawNode = raw(node);
        return typeof rawNode.Pos === 'function'
          ? bytes.toString('utf8', rawNode.Pos().offs, rawNode.End().offs)
          : '';
      },
      walk,
    },
  };
}

function parseErrorText(error: unknown): string {
  if (error instanceof RangeError) return 'nested too deeply to analyse';
  const text = (error as { Error?: () => string } | null)?.Error?.();
  return `cannot be parsed (${typeof text === 'string' ? text : String(error)})`;
}
