/** Name of the stamp the build writes in `dist/`. */
export declare const STAMP_FILE: string;
/**
 * Whether `dist/` under `packageRoot` may run in place of the sources (see dist-freshness.js);
 * with `declarations: true`, also whether its .d.ts files are current.
 */
export declare function isDistFresh(
  packageRoot: string,
  options?: { readonly declarations?: boolean },
): boolean;
/**
 * Whether every file of `files` (relative to `packageRoot`) exists and, with `since` (ms), was
 * last written no later than that.
 */
export declare function sourcesUnchanged(
  packageRoot: string,
  files: readonly unknown[],
  since: number | undefined,
): boolean;
