/**
 * A hash of a TypeScript source that ignores what cannot change how the audit classifies a field:
 * comments, blank lines, indentation and line breaks. It is the hash of the file parsed and
 * printed back without comments (the TypeScript printer's canonical layout), so two sources with
 * the same tokens in the same order hash alike. Moving declarations changes it (the scan then runs
 * and, when nothing is classified differently, writes the same bytes).
 *
 * Used by the no-op check of `generate` and by the audit scan cache, only for files whose exact
 * hash changed: this module loads ts-morph's TypeScript on first use, never at import.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadTsMorph } from './load-ts-morph.js';

/** Exact hash → normalised hash, for this process (a file is printed at most once). */
const memo = new Map<string, string>();

/** The normalised hash of `text` (a `.ts` source; `fileName` only names it for the parser). */
export async function normalizedSourceHash(text: string, fileName: string): Promise<string> {
  const exact = createHash('sha256').update(text).digest('hex');
  const known = memo.get(exact);
  if (known !== undefined) return known;
  const { ts } = loadTsMorph();
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.TS,
  );
  const printed = ts.createPrinter({ removeComments: true }).printFile(source);
  const hash = createHash('sha256').update(printed).digest('hex');
  memo.set(exact, hash);
  return hash;
}

/**
 * Normalised hashes of project-relative posix `files`. Missing files are left out, and so are
 * files whose exact hash is not the one `expected` records (edited since it was taken: the
 * normalised hash must describe the same text).
 */
export async function normalizedHashes(
  projectRoot: string,
  files: readonly string[],
  expected?: Readonly<Record<string, string>>,
): Promise<Record<string, string>> {
  const entries = await Promise.all(
    files.map(async (file) => {
      try {
        const text = await readFile(path.join(projectRoot, ...file.split('/')));
        if (
          expected !== undefined &&
          createHash('sha256').update(text).digest('hex') !== expected[file]
        )
          return undefined;
        return [file, await normalizedSourceHash(text.toString('utf8'), file)] as const;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    }),
  );
  return Object.fromEntries(entries.filter((entry) => entry !== undefined));
}

/**
 * Whether every file of `changed` (project-relative) has the normalised hash `known` records for
 * it: the files differ from a recorded state only in comments and layout.
 */
export async function onlyLayoutChanged(
  projectRoot: string,
  changed: readonly string[],
  known: Readonly<Record<string, string>>,
): Promise<boolean> {
  if (changed.some((file) => known[file] === undefined || !file.endsWith('.ts'))) return false;
  const current = await normalizedHashes(projectRoot, changed);
  return changed.every((file) => current[file] === known[file]);
}
