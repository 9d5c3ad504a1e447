/**
 * PDF handling of Read with pdf-lib: count the pages of a document and copy a page range into a
 * new document, so the model receives only the pages it asked for.
 */
import { createRequire } from 'node:module';
import type { PDFDocument } from 'pdf-lib';
import type { PageRange } from './parse-page-range.js';

export type PdfPagesResult =
  | { readonly ok: true; readonly pageCount: number; readonly bytes: Uint8Array }
  | {
      readonly ok: false;
      readonly code: 'invalid_pdf' | 'pages_out_of_range';
      readonly message: string;
    };

/**
 * Load `source` and return its page count with, when `range` is given, a new document holding
 * just those pages (otherwise `source` itself, unchanged byte for byte).
 */
export async function extractPdfPages(
  source: Uint8Array,
  range: PageRange | undefined,
): Promise<PdfPagesResult> {
  // Loaded on first use: pdf-lib is a tenth of a second to import, and most sessions read no PDF.
  // Required, not imported: pdf-lib is CommonJS marked `__esModule`, whose `default` an ESM
  // import gives as its exports under Node but as `undefined` under tsx (the sources' loader).
  const pdfLib = createRequire(import.meta.url)('pdf-lib') as typeof import('pdf-lib');
  let document: PDFDocument;
  try {
    // Encrypted documents can still be read page by page; pdf-lib refuses them unless told.
    document = await pdfLib.PDFDocument.load(source, {
      ignoreEncryption: true,
      updateMetadata: false,
    });
  } catch (error) {
    return {
      ok: false,
      code: 'invalid_pdf',
      message: `not a readable PDF (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  const pageCount = document.getPageCount();
  if (range === undefined) return { ok: true, pageCount, bytes: source };
  if (range.last > pageCount) {
    return {
      ok: false,
      code: 'pages_out_of_range',
      message: `pages ${range.first === range.last ? range.first : `${range.first}-${range.last}`} requested, but the document has ${pageCount} page${pageCount === 1 ? '' : 's'}`,
    };
  }
  const extract = await pdfLib.PDFDocument.create({ updateMetadata: false });
  const indices = Array.from(
    { length: range.last - range.first + 1 },
    (_, offset) => range.first - 1 + offset,
  );
  for (const page of await extract.copyPages(document, indices)) extract.addPage(page);
  return { ok: true, pageCount, bytes: await extract.save() };
}
