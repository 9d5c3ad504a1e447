/** Literals shorter than this (in source characters) are not rewritten. */
export declare const MIN_LITERAL_LENGTH: number;
/**
 * `code` (an ES module) with each top-level literal of JSON data at least
 * {@link MIN_LITERAL_LENGTH} characters long written as `JSON.parse` of it (see
 * json-parse-literals.js), and how many were.
 */
export declare function jsonParseLiterals(code: string): { code: string; replaced: number };
