/**
 * What changed in an MCP tool definition since it was approved, as a person reviews it: the
 * approved and the current pinned definitions (`mcp-definition-lock.ts`) as canonical JSON
 * (sorted keys, one field a line), compared line by line with the `diff` package, shown as the
 * hunks of a unified diff (`@@ … @@`, `-` approved, `+` now, two lines of context). A tool added
 * to an approved server has no approved side: every line is `+`.
 *
 * The text comes from the server, which may be hostile: every line is JSON (control characters
 * escaped, so nothing reaches a terminal raw), each is cut at {@link MAX_DIFF_LINE_CHARS} and the
 * whole at {@link MAX_DIFF_LINES}.
 */
import { createRequire } from 'node:module';
import { capEcho, capLines } from '../../core/cap-echo.js';
import { canonicalJson } from '../../core/visibility/tools-fingerprint.js';

/** Lines of one diff shown. */
export const MAX_DIFF_LINES = 40;
/** Characters of one diff line shown. */
export const MAX_DIFF_LINE_CHARS = 240;

/** Loaded on the first diff: registration of unchanged tools never needs it. */
let diffModule: typeof import('diff') | undefined;
function loadDiff(): typeof import('diff') {
  diffModule ??= createRequire(import.meta.url)('diff') as typeof import('diff');
  return diffModule;
}

/** A definition as the lines a diff compares: canonical JSON, two-space indent. */
function definitionLines(definition: Readonly<Record<string, unknown>> | undefined): string {
  return definition === undefined
    ? ''
    : `${JSON.stringify(JSON.parse(canonicalJson(definition)), null, 2)}\n`;
}

/**
 * The unified-diff hunks from `approved` (undefined: the tool was never approved) to `current`,
 * one string, lines joined with `\n`; empty when they are the same.
 */
export function mcpDefinitionDiff(
  approved: Readonly<Record<string, unknown>> | undefined,
  current: Readonly<Record<string, unknown>>,
): string {
  const patch = loadDiff().structuredPatch(
    'approved',
    'now',
    definitionLines(approved),
    definitionLines(current),
    undefined,
    undefined,
    { context: 2 },
  );
  const lines: string[] = [];
  for (const hunk of patch.hunks) {
    lines.push(`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`);
    for (const line of hunk.lines)
      if (!line.startsWith('\\')) lines.push(capEcho(line, MAX_DIFF_LINE_CHARS));
  }
  return capLines(lines, MAX_DIFF_LINES).join('\n');
}
