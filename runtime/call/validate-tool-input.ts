/**
 * Schema validation of a call's input: zod (`runtimeInputSchema`, defaults applied) and the JSON
 * Schema the model saw (ajv). A call runs only when both accept it; the article's agent let a
 * zod failure through whenever its JSON Schema subset passed.
 */
import type { ZodIssue, ZodType, ZodTypeDef } from 'zod';
import type { JsonSchema } from '../contract.js';
import { JsonSchemaAdmission } from './json-schema-admission.js';
import { translateAjvErrors } from './translate-ajv-errors.js';
import { translateZod3Issues } from './translate-zod3-issue.js';
import {
  customIssue,
  unrecognizedKeysIssue,
  type IssuePath,
  type Zod4Issue,
} from './zod4-issue.js';

export type InputValidation<Input> =
  | { readonly ok: true; readonly value: Input }
  | { readonly ok: false; readonly issues: readonly Zod4Issue[] };

export interface ValidateToolInputOptions<Input> {
  readonly runtimeInputSchema: ZodType<Input, ZodTypeDef, unknown>;
  /** The input schema the model was shown (after any per-model projection). */
  readonly inputSchema: JsonSchema;
  readonly admission: JsonSchemaAdmission;
}

/**
 * Validate `input` with zod and with ajv. On refusal the issues are Zod 4 shaped: every zod
 * issue, then each ajv issue that no zod issue already covers (so `pages` refused by a model's
 * projected schema is reported beside a missing `file_path`, but a missing `file_path` is not
 * reported twice).
 *
 * @throws {InvalidInputSchemaError} when the JSON Schema does not compile (a tool fault).
 */
export function validateToolInput<Input>(
  input: unknown,
  options: ValidateToolInputOptions<Input>,
): InputValidation<Input> {
  const parsed = safeParse(options.runtimeInputSchema, input);
  const admitted = options.admission.admit(options.inputSchema, input);
  if (parsed.success && admitted.ok) return { ok: true, value: parsed.data };

  const zodIssues = parsed.success
    ? []
    : 'thrown' in parsed
      ? [customIssue([], `Invalid input: validation failed (${parsed.thrown})`)]
      : translateZod3Issues(parsed.error.issues, { input, inputSchema: options.inputSchema });
  const ajvIssues = admitted.ok ? [] : translateAjvErrors(admitted.errors, input);
  return { ok: false, issues: mergeIssues(zodIssues, ajvIssues) };
}

type SafeParse<Input> =
  | { readonly success: true; readonly data: Input }
  | { readonly success: false; readonly error: { readonly issues: ZodIssue[] } }
  | { readonly success: false; readonly thrown: string };

/** A refinement that throws is the tool's bug; it must not crash the call. */
function safeParse<Input>(
  schema: ZodType<Input, ZodTypeDef, unknown>,
  input: unknown,
): SafeParse<Input> {
  try {
    return schema.safeParse(input);
  } catch (error) {
    return { success: false, thrown: error instanceof Error ? error.message : String(error) };
  }
}

function isPrefix(prefix: IssuePath, path: IssuePath): boolean {
  return prefix.length <= path.length && prefix.every((segment, index) => path[index] === segment);
}

/** Codes whose failure at a place says everything about what is inside it. */
const CONTAINER_CODES = new Set<Zod4Issue['code']>([
  'invalid_type',
  'invalid_value',
  'invalid_union',
]);

function covers(zodIssue: Zod4Issue, ajvIssue: Zod4Issue): boolean {
  if (
    zodIssue.code === ajvIssue.code &&
    zodIssue.path.length === ajvIssue.path.length &&
    isPrefix(zodIssue.path, ajvIssue.path)
  ) {
    return true;
  }
  // zod refused a value as a whole (wrong type, not an allowed value, no union branch): what ajv
  // says about its parts is the same problem again.
  if (CONTAINER_CODES.has(zodIssue.code) && isPrefix(zodIssue.path, ajvIssue.path)) return true;
  // ajv refused a union above the place zod pointed at: same problem, seen from the union.
  return ajvIssue.code === 'invalid_union' && isPrefix(ajvIssue.path, zodIssue.path);
}

function mergeIssues(
  zodIssues: readonly Zod4Issue[],
  ajvIssues: readonly Zod4Issue[],
): Zod4Issue[] {
  const merged = [...zodIssues];
  for (const ajvIssue of ajvIssues) {
    if (ajvIssue.code === 'unrecognized_keys') {
      const known = new Set(
        zodIssues.flatMap((issue) =>
          issue.code === 'unrecognized_keys' &&
          issue.path.length === ajvIssue.path.length &&
          isPrefix(issue.path, ajvIssue.path)
            ? issue.keys
            : [],
        ),
      );
      const fresh = ajvIssue.keys.filter((key) => !known.has(key));
      if (
        fresh.length === 0 ||
        zodIssues.some(
          (issue) => CONTAINER_CODES.has(issue.code) && isPrefix(issue.path, ajvIssue.path),
        )
      ) {
        continue;
      }
      merged.push(
        fresh.length === ajvIssue.keys.length
          ? ajvIssue
          : unrecognizedKeysIssue(ajvIssue.path, fresh),
      );
      continue;
    }
    if (!zodIssues.some((zodIssue) => covers(zodIssue, ajvIssue))) merged.push(ajvIssue);
  }
  return merged;
}
