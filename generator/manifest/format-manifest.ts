/**
 * The canonical form of a manifest (and of `manifest/tools.yaml`), for `tool-contracts format`.
 *
 * Through the `yaml` Document API, so comments, blank lines, flow or block style and scalar
 * styles (`|-` blocks, quotes) stay as written; only two things change:
 * - keys are put in the order of the manifest language (`manifest-schema.ts`: `name`,
 *   `extends`, … `hooks`; inside `flags`, `timeout`, `input` nodes, … their own order), keys the
 *   language does not know last, in their order; the user's own names (`input.properties`) keep
 *   theirs, since that order is what the model sees;
 * - the text is printed by `yaml` with two-space indentation and no line folding.
 * The `# yaml-language-server` modeline stays the first line. Values never change, so a formatted
 * manifest generates byte-identical output.
 */
import {
  isMap,
  isPair,
  isScalar,
  isSeq,
  parseDocument,
  type Node as YamlNode,
  type Pair,
  type YAMLMap,
} from 'yaml';
import { z } from 'zod';
import type { ManifestIssue } from './manifest-issue.js';
import { ManifestSchema, ToolIndexSchema } from './manifest-schema.js';
import { parseYamlSource } from './parse-yaml-source.js';
import { unwrapZodSchema } from './zod-schema-at.js';

export type FormatResult =
  | { readonly ok: true; readonly text: string; readonly changed: boolean }
  /** The file is not YAML the loader would read (syntax, duplicate keys, alias bombs). */
  | { readonly ok: false; readonly problems: readonly ManifestIssue[] };

/** Which language a file is written in: a tool manifest or the index. */
export type FormatKind = 'manifest' | 'index';

/** Printing options of the canonical form. */
const TO_STRING = { indent: 2, indentSeq: true, lineWidth: 0, minContentWidth: 0 } as const;

/**
 * `text` (of `file`, for the problems' location) in canonical form. Never throws on bad input:
 * a file the loader would refuse as YAML comes back as its problems, worded as the loader words
 * them, and is not formatted.
 */
export function formatManifestText(
  text: string,
  kind: FormatKind = 'manifest',
  file = 'manifest.yaml',
): FormatResult {
  const problems = parseYamlSource(file, text).issues;
  if (problems.length > 0) return { ok: false, problems };
  const doc = parseDocument(text, { uniqueKeys: false });
  const root = doc.contents;
  if (!isMap(root)) return { ok: true, text, changed: false };
  const modeline = takeModeline(doc.commentBefore ?? undefined, root);
  doc.commentBefore = modeline.rest ?? null;
  orderMap(root, kind === 'index' ? ToolIndexSchema : ManifestSchema);
  if (modeline.line !== undefined) {
    const first = root.items[0];
    if (first && isScalarOrNode(first.key))
      first.key.commentBefore = joinComments(modeline.line, first.key.commentBefore);
    else root.commentBefore = joinComments(modeline.line, root.commentBefore);
  }
  const formatted = doc.toString(TO_STRING);
  return { ok: true, text: formatted, changed: formatted !== text };
}

const MODELINE = /^ ?yaml-language-server:/;

/**
 * Finds the modeline (on the document, the root map or its first key, depending on how `yaml`
 * attached it) and removes it there, so it can go back above whatever key comes first.
 */
function takeModeline(
  documentComment: string | undefined,
  root: YAMLMap,
): { line: string | undefined; rest: string | undefined } {
  const split = (comment: string | null | undefined) => {
    const lines = (comment ?? '').split('\n');
    return lines.length > 0 && MODELINE.test(lines[0]!)
      ? { line: lines[0]!, rest: lines.slice(1).join('\n') || undefined }
      : undefined;
  };
  const onDocument = split(documentComment);
  if (onDocument) return onDocument;
  const onRoot = split(root.commentBefore);
  if (onRoot) {
    root.commentBefore = onRoot.rest;
    return { line: onRoot.line, rest: documentComment };
  }
  const firstKey = root.items[0]?.key;
  if (isScalarOrNode(firstKey)) {
    const onKey = split(firstKey.commentBefore);
    if (onKey) {
      firstKey.commentBefore = onKey.rest;
      return { line: onKey.line, rest: documentComment };
    }
  }
  return { line: undefined, rest: documentComment };
}

function isScalarOrNode(value: unknown): value is YamlNode {
  return isScalar(value) || isMap(value) || isSeq(value);
}

function joinComments(first: string, rest: string | null | undefined): string {
  return rest ? `${first}\n${rest}` : first;
}

/** Sorts `map`'s pairs by `schema`'s key order and recurses into the values it knows. */
function orderMap(map: YAMLMap, schema: z.ZodTypeAny | undefined): void {
  const object = schema && unwrapZodSchema(schema, map.toJSON());
  // A comment above the first key is the map's; give it to that pair so it moves with it.
  const first = map.items[0];
  if (map.commentBefore && first && isScalarOrNode(first.key)) {
    first.key.commentBefore = joinComments(map.commentBefore, first.key.commentBefore);
    map.commentBefore = undefined;
  }
  if (object instanceof z.ZodObject) {
    const shape = object.shape as Record<string, z.ZodTypeAny>;
    const order = Object.keys(shape);
    const rank = (pair: Pair): number => {
      const position = order.indexOf(keyOf(pair));
      return position < 0 ? order.length : position;
    };
    map.items.sort((left, right) => rank(left) - rank(right));
    for (const pair of map.items) visit(pair, shape[keyOf(pair)]);
  } else if (object instanceof z.ZodRecord) {
    for (const pair of map.items) visit(pair, object.valueSchema as z.ZodTypeAny);
  } else {
    for (const pair of map.items) visit(pair, undefined);
  }
}

function visit(pair: Pair, schema: z.ZodTypeAny | undefined): void {
  if (!isPair(pair)) return;
  visitNode(pair.value, schema);
}

function visitNode(node: unknown, schema: z.ZodTypeAny | undefined): void {
  if (isMap(node)) orderMap(node, schema);
  else if (isSeq(node)) {
    const list = schema && unwrapZodSchema(schema, undefined);
    const element = list instanceof z.ZodArray ? (list.element as z.ZodTypeAny) : undefined;
    for (const item of node.items) visitNode(item, element);
  }
}

function keyOf(pair: Pair): string {
  return isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
}
