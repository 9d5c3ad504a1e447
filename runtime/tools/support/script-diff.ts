/**
 * A unified diff between two versions of a script, for approval previews (AmendWorkflow shows the
 * user what a revision changes instead of the whole new script).
 */

/**
 * Unified diff (3 lines of context) from `before` to `after` under `---`/`+++` headers with the
 * given labels; `undefined` when the two texts are identical. `diff` is loaded on first use: only
 * an approval preview needs it, never tool start-up.
 */
export async function scriptDiff(
  beforeLabel: string,
  before: string,
  afterLabel: string,
  after: string,
): Promise<string | undefined> {
  const { structuredPatch } = await import('diff');
  const patch = structuredPatch(beforeLabel, afterLabel, before, after, undefined, undefined, {
    context: 3,
  });
  if (patch.hunks.length === 0) return undefined;
  return [
    `--- ${beforeLabel}`,
    `+++ ${afterLabel}`,
    ...patch.hunks.flatMap((hunk) => [
      `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
      ...hunk.lines,
    ]),
  ].join('\n');
}
