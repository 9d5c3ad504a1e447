import { isMap, isScalar, isSeq, LineCounter, parseDocument, visit } from 'yaml';
import type { Document, Node as YamlNode, YAMLError } from 'yaml';
import type { FieldPath } from './field-path.js';
import { formatFieldPath } from './field-path.js';
import type { ManifestIssue } from './manifest-issue.js';

/**
 * Deepest YAML nesting a manifest file may have (mappings and lists, the document itself is
 * level 0). A schema of `MAX_SCHEMA_DEPTH` levels needs about twice that; the margin is for
 * `default` values. Deeper files are refused before anything recursive reads them.
 */
export const MAX_YAML_DEPTH = 80;

/** A 1-based position in a text file. */
export interface SourcePosition {
  readonly line: number;
  readonly column: number;
}

/**
 * One YAML file, parsed once, that can answer "where is this field?" for every later check.
 */
export interface YamlSource {
  /** Project-relative posix path. */
  readonly file: string;
  readonly text: string;
  /** The plain value, or `undefined` when the file could not be parsed (see `issues`). */
  readonly value: unknown;
  /** Syntax errors, duplicate keys, alias-limit and other YAML problems, located. */
  readonly issues: readonly ManifestIssue[];
  /** Whether the document has a node at `path`. */
  has(path: FieldPath): boolean;
  /** Position of the value at `path`, or of its nearest existing ancestor. */
  locateValue(path: FieldPath): SourcePosition;
  /** Position of the key of the last segment of `path` (the item itself for list indexes). */
  locateKey(path: FieldPath): SourcePosition;
  /**
   * Position of the `occurrence`-th copy (0 = first) of `snippet` in the source text of the value
   * at `path` (a tag inside a description template), or `undefined` when the text does not hold it
   * as written (escapes, folding).
   */
  locateInValue(path: FieldPath, snippet: string, occurrence: number): SourcePosition | undefined;
}

/**
 * The {@link YamlSource} of a text whose plain value is known already (a previous run parsed the
 * same text without a problem, `manifest-value-cache.ts`): its syntax tree is built only when a
 * node or a position is asked for.
 */
export function yamlSourceWithValue(file: string, text: string, value: unknown): YamlSource {
  let parsed: YamlSource | undefined;
  const tree = (): YamlSource => (parsed ??= parseYamlSource(file, text));
  return {
    file,
    text,
    value,
    issues: [],
    has: (path) => tree().has(path),
    locateValue: (path) => tree().locateValue(path),
    locateKey: (path) => tree().locateKey(path),
    locateInValue: (path, snippet, occurrence) => tree().locateInValue(path, snippet, occurrence),
  };
}

interface NodeStep {
  readonly key?: YamlNode;
  readonly value: YamlNode | null;
}

/**
 * Parses YAML text into a {@link YamlSource}. Never throws: every problem of the text becomes an
 * issue. Duplicate keys are errors (the `yaml` default), and expanding aliases is bounded by the
 * `yaml` default `maxAliasCount`, so an alias bomb is reported instead of exhausting memory.
 */
export function parseYamlSource(file: string, text: string): YamlSource {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const position = (offset: number): SourcePosition => {
    const { line, col } = lineCounter.linePos(Math.max(0, Math.min(offset, text.length)));
    return { line, column: col };
  };

  const walk = (path: FieldPath): NodeStep[] => {
    const steps: NodeStep[] = [{ value: document.contents as YamlNode | null }];
    for (const segment of path) {
      const current = steps[steps.length - 1]!.value;
      const next = childOf(current, segment);
      if (next === undefined) break;
      steps.push(next);
    }
    return steps;
  };

  const nodeStart = (node: YamlNode | null | undefined): SourcePosition | undefined =>
    node?.range ? position(node.range[0]) : undefined;

  const documentStart = (): SourcePosition =>
    nodeStart(document.contents as YamlNode | null) ?? position(0);

  const locateValue = (path: FieldPath): SourcePosition => {
    const steps = walk(path);
    for (let index = steps.length - 1; index >= 0; index -= 1) {
      const step = steps[index]!;
      // `key:` with nothing after it: the empty value sits just past the colon; the key reads better.
      const value = isEmptyScalar(step.value) && step.key ? undefined : step.value;
      const found = nodeStart(value) ?? nodeStart(step.key);
      if (found) return found;
    }
    return documentStart();
  };

  const locateKey = (path: FieldPath): SourcePosition => {
    const steps = walk(path);
    if (steps.length === path.length + 1) {
      const last = steps[steps.length - 1]!;
      const found = nodeStart(last.key) ?? nodeStart(last.value);
      if (found) return found;
    }
    return locateValue(path);
  };

  const locateInValue = (
    path: FieldPath,
    snippet: string,
    occurrence: number,
  ): SourcePosition | undefined => {
    const steps = walk(path);
    const range =
      steps.length === path.length + 1 ? steps[steps.length - 1]!.value?.range : undefined;
    if (!range || snippet === '') return undefined;
    const raw = text.slice(range[0], range[1]);
    let at = raw.indexOf(snippet);
    for (let copy = 0; copy < occurrence && at >= 0; copy += 1) at = raw.indexOf(snippet, at + 1);
    return at < 0 ? undefined : position(range[0] + at);
  };

  const issues: ManifestIssue[] = [];
  for (const error of [...document.errors, ...document.warnings]) {
    issues.push(yamlErrorIssue(file, error, position, pathAtOffset(document, error.pos[0])));
  }

  let value: unknown;
  if (document.errors.length === 0) {
    try {
      value = document.toJS();
    } catch (error) {
      issues.push(toJsIssue(file, document, error, position));
      value = undefined;
    }
  }

  return {
    file,
    text,
    value: issues.length === 0 ? value : undefined,
    issues,
    has: (path) => walk(path).length === path.length + 1,
    locateValue,
    locateKey,
    locateInValue,
  };
}

function isEmptyScalar(node: YamlNode | null): boolean {
  const range = isScalar(node) ? node.range : undefined;
  return isScalar(node) && node.value === null && range != null && range[0] === range[1];
}

function childOf(node: YamlNode | null, segment: string | number): NodeStep | undefined {
  if (isMap(node)) {
    for (const pair of node.items) {
      const key = pair.key;
      const keyText = isScalar(key) ? String(key.value) : undefined;
      if (keyText === String(segment)) {
        return { key: key as YamlNode, value: (pair.value as YamlNode | null) ?? null };
      }
    }
    return undefined;
  }
  if (isSeq(node) && typeof segment === 'number') {
    const item = node.items[segment];
    return item === undefined ? undefined : { value: item as YamlNode | null };
  }
  return undefined;
}

/** The deepest field path whose key or value contains `offset`, so a YAML error names its field. */
function pathAtOffset(document: Document, offset: number): string {
  const path: (string | number)[] = [];
  let node = document.contents as YamlNode | null;
  for (;;) {
    let next: { segment: string | number; node: YamlNode | null } | undefined;
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = pair.key as YamlNode | null;
        const value = pair.value as YamlNode | null;
        const start = key?.range?.[0] ?? value?.range?.[0];
        const end = value?.range?.[2] ?? key?.range?.[2];
        if (start !== undefined && end !== undefined && start <= offset && offset <= end) {
          next = { segment: isScalar(key) ? String(key.value) : '?', node: value };
        }
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => {
        const range = (item as YamlNode | null)?.range;
        if (range && range[0] <= offset && offset <= range[2])
          next = { segment: index, node: item as YamlNode };
      });
    }
    if (!next) return formatFieldPath(path);
    path.push(next.segment);
    node = next.node;
  }
}

function yamlErrorIssue(
  file: string,
  error: YAMLError,
  position: (offset: number) => SourcePosition,
  path: string,
): ManifestIssue {
  const { line, column } = position(error.pos[0]);
  if (error.code === 'DUPLICATE_KEY') {
    return {
      code: 'duplicate_key',
      file,
      line,
      column,
      path,
      message: 'duplicate key (each key may appear once in a mapping)',
    };
  }
  if (/call stack/i.test(error.message)) {
    return {
      code: 'too_deep',
      file,
      line,
      column,
      path: '',
      message: `the YAML nests too deep to parse (a manifest file may nest ${MAX_YAML_DEPTH} levels); flatten it`,
    };
  }
  // A syntax error is noticed where parsing got stuck, often the field after the broken one, so
  // naming a field would mislead; the position is the parser's.
  const detail = firstSentence(error.message);
  return {
    code: 'yaml_syntax',
    file,
    line,
    column,
    path: '',
    message: `YAML syntax error: ${detail}`,
  };
}

function toJsIssue(
  file: string,
  document: Document,
  error: unknown,
  position: (offset: number) => SourcePosition,
): ManifestIssue {
  const message = error instanceof Error ? error.message : String(error);
  // Point at the alias that caused it: the unresolved one, or else the first one.
  const unresolved = /unresolved alias/i.test(message);
  let aliasOffset: number | undefined;
  visit(document, {
    Alias(_key, node) {
      if (unresolved && node.resolve(document) !== undefined) return undefined;
      aliasOffset = node.range?.[0];
      return visit.BREAK;
    },
  });
  const { line, column } = position(aliasOffset ?? 0);
  if (/alias count/i.test(message)) {
    return {
      code: 'alias_limit',
      file,
      line,
      column,
      path: '',
      message:
        'aliases expand to too many nodes (resource-exhaustion guard); write the values out instead',
    };
  }
  return {
    code: 'yaml_syntax',
    file,
    line,
    column,
    path: '',
    message: `YAML error: ${firstSentence(message)}`,
  };
}

function firstSentence(message: string): string {
  return message
    .split('\n')[0]!
    .replace(/ at line \d+, column \d+:?$/, '')
    .trim();
}
