/**
 * Page ranges of Read's `pages` parameter: `"3"` or `"1-5"`, 1-based and inclusive, at most
 * {@link MAX_PDF_PAGES_PER_READ} pages.
 */

/** Most PDF pages one Read call returns (the provider's document limit per request). */
export const MAX_PDF_PAGES_PER_READ = 20;

/** An inclusive, 1-based page range. */
export interface PageRange {
  readonly first: number;
  readonly last: number;
}

export type PageRangeResult =
  | { readonly ok: true; readonly range: PageRange }
  | { readonly ok: false; readonly message: string };

const RANGE = /^\s*([0-9]+)\s*(?:-\s*([0-9]+)\s*)?$/;

/** Parse and check `pages`; the message says what was wrong with the value as given. */
export function parsePageRange(pages: string): PageRangeResult {
  const match = RANGE.exec(pages);
  if (match === null) {
    return {
      ok: false,
      message: `Invalid pages ${JSON.stringify(pages)}: expected a page number such as "3" or a range such as "1-5"`,
    };
  }
  const first = Number(match[1]);
  const last = match[2] === undefined ? first : Number(match[2]);
  if (first < 1)
    return {
      ok: false,
      message: `Invalid pages ${JSON.stringify(pages)}: pages are numbered from 1`,
    };
  if (last < first) {
    return {
      ok: false,
      message: `Invalid pages ${JSON.stringify(pages)}: the range ends (${last}) before it starts (${first})`,
    };
  }
  const count = last - first + 1;
  if (count > MAX_PDF_PAGES_PER_READ) {
    return {
      ok: false,
      message: `Invalid pages ${JSON.stringify(pages)}: ${count} pages requested, at most ${MAX_PDF_PAGES_PER_READ} per call`,
    };
  }
  return { ok: true, range: { first, last } };
}

/** `"3"` for one page, `"1-5"` otherwise. */
export function formatPageRange(range: PageRange): string {
  return range.first === range.last ? String(range.first) : `${range.first}-${range.last}`;
}
