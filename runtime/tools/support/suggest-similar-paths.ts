/**
 * "Did you mean …?" for a path that does not exist: names in the same directory that are a few
 * edits away, or that share the stem with another extension (`config.yml` for `config.yaml`).
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { distance } from 'fastest-levenshtein';
import { compareCodeUnits } from '../../core/support/compare-code-units.js';

/** Most suggestions returned. */
const MAX_SUGGESTIONS = 3;

function stem(name: string): string {
  const extension = path.extname(name);
  return extension === '' ? name : name.slice(0, -extension.length);
}

/**
 * Absolute paths of existing entries beside `missingPath` whose names resemble its name, closest
 * first (ties by name, code-unit order). Empty when the directory cannot be listed.
 */
export async function suggestSimilarPaths(missingPath: string): Promise<string[]> {
  const directory = path.dirname(missingPath);
  const wanted = path.basename(missingPath);
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return [];
  }
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  const wantedLower = wanted.toLowerCase();
  const wantedStem = stem(wanted).toLowerCase();
  return names
    .map((name) => {
      const lower = name.toLowerCase();
      const score =
        lower === wantedLower ? 0 : stem(lower) === wantedStem ? 1 : distance(lower, wantedLower);
      return { name, score };
    })
    .filter(({ score }) => score <= limit)
    .sort((left, right) => left.score - right.score || compareCodeUnits(left.name, right.name))
    .slice(0, MAX_SUGGESTIONS)
    .map(({ name }) => path.join(directory, name));
}
