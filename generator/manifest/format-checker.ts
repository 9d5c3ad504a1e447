/**
 * Who checks a string `format`: zod's own checks for the five {@link STRING_FORMATS} (and ajv),
 * ajv-formats alone for the other formats it knows (the JSON Schema gate every call passes),
 * nobody for any other name (carried as a note in the description, with a warning).
 */
import { loadFullFormats } from '../../runtime/core/support/load-ajv.js';
import { STRING_FORMATS } from './manifest-schema.js';

export type FormatChecker = 'zod' | 'ajv' | 'none';

let ajvFormats: ReadonlySet<string> | undefined;

export function formatChecker(format: string): FormatChecker {
  if ((STRING_FORMATS as readonly string[]).includes(format)) return 'zod';
  ajvFormats ??= new Set(Object.keys(loadFullFormats()));
  return ajvFormats.has(format) ? 'ajv' : 'none';
}
