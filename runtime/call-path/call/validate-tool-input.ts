/**
 * Schema validation of a call's input: zod (`runtimeInputSchema`, defaults applied) and the JSON
 * Schema the model saw (ajv). A call runs only when both accept it; the article's agent let a
 * zod failure through whenever its JSON Schema subset passed.
 *
 * When the tool's JSON Schema states every check of its zod schema (`inputSchemaExact`, set by
 * the generator), ajv alone decides an accepted call: it validates a copy of the input built as
 * zod's output is, defaults applied ({@link compileCopyWithDefaults}), and that copy is the value.
 * A refusal is worded from ajv's errors alone where that gives the very text zod and ajv give
 * together ({@link jsonSchemaRefusal}: a missing, unexpected or wrongly typed parameter, a lone
 * bound); zod runs only for the other refusals, to word them exactly as before, or when the copy
 * cannot be built (input that is not JSON data). test/runtime/call/validate-tool-input.test.ts
 * shows, over all exact built-in tools and models, that verdict and value are those of zod and
 * ajv both, and the text of every refusal worded without zod is theirs.
 */
import type { ZodIssue, ZodType, ZodTypeDef } from 'zod';
import type { JsonSchema } from '../../core/contract.js';
import { validationText } from '../../core/json-schema/validation-text.js';
import {
  compileCopyWithDefaults,
  schemaForCopies,
  UNDECIDED,
  type CopyWithDefaults,
} from './copy-with-defaults.js';
import { JsonSchemaAdmission } from './json-schema-admission.js';
import { jsonSchemaRefusal } from './json-schema-refusal.js';
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
  /**
   * The tool's own JSON Schema when it states every check `runtimeInputSchema` makes (the
   * contract's `inputSchemaExact`): ajv then decides accepted calls without zod. Default: zod
   * and ajv both judge every call.
   */
  readonly exactInputSchema?: JsonSchema;
}

/**
 * Validate `input` with zod and with ajv. On refusal the issues are Zod 4 shaped: every zod
 * issue, then each ajv issue that no zod issue already covers (so `pages` refused by a model's
 * projected schema is reported beside a missing `file_path`, but a missing `file_path` is not
 * reported twice). A refusal worded from ajv alone (with `exactInputSchema`) has ajv's issues,
 * in zod's order, which give the model the same text.
 *
 * @throws {InvalidInputSchemaError} when the JSON Schema does not compile (a tool fault).
 */
export function validateToolInput<Input>(
  input: unknown,
  options: ValidateToolInputOptions<Input>,
): InputValidation<Input> {
  if (options.exactInputSchema !== undefined) {
    const known = exactAdmissionFor(options.exactInputSchema, options.admission);
    if (known.copy !== undefined) {
      const { inputSchema, admission } = options;
      const same = validatesAsExact(known, inputSchema);
      const value = known.copy(input);
      if (
        value !== UNDECIDED &&
        known.accepts!(value) &&
        (same || admission.accepts(inputSchema, input))
      )
        return { ok: true, value: value as Input };
      if (same) {
        const admitted = admission.admit(inputSchema, input);
        const issues = admitted.ok
          ? undefined
          : jsonSchemaRefusal(admitted.errors, input, inputSchema, value !== UNDECIDED);
        if (issues !== undefined) return { ok: false, issues };
      }
    }
  }
  return validateWithBoth(input, options);
}

/** What the JSON Schema path needs of one exact schema, looked up once per call. */
interface ExactAdmission {
  readonly exact: JsonSchema;
  readonly admission: JsonSchemaAdmission;
  /** `undefined` when the copy cannot be built for the schema: zod and ajv both judge. */
  readonly copy: CopyWithDefaults | undefined;
  /** ajv's verdict on a copy; present with `copy`. */
  readonly accepts: ((value: unknown) => boolean) | undefined;
  /** Whether a model-facing schema validates as this one (the last one asked is kept apart). */
  readonly sameValidation: WeakMap<JsonSchema, boolean>;
  projected: JsonSchema;
  projectedSame: boolean;
}

const exactAdmissions = new WeakMap<JsonSchema, ExactAdmission>();

/** The last one used: a tool called again and again skips the WeakMap lookup. */
let lastExact: JsonSchema | undefined;
let lastAdmission: ExactAdmission | undefined;

function exactAdmissionFor(exact: JsonSchema, admission: JsonSchemaAdmission): ExactAdmission {
  if (exact === lastExact && lastAdmission!.admission === admission) return lastAdmission!;
  let known = exactAdmissions.get(exact);
  if (known === undefined || known.admission !== admission) {
    // The copier depends on the schema only; a caller's own admission reuses it.
    const copy = known === undefined ? compileCopyWithDefaults(exact) : known.copy;
    known = {
      exact,
      admission,
      copy,
      // The copy holds `additionalProperties: false` already: ajv judges the rest.
      accepts: copy === undefined ? undefined : admission.validatorFor(schemaForCopies(exact)),
      sameValidation: new WeakMap(),
      projected: exact,
      projectedSame: true,
    };
    exactAdmissions.set(exact, known);
  }
  lastExact = exact;
  lastAdmission = known;
  return known;
}

/**
 * Whether the model-facing schema validates as the exact one: a projection that only renders
 * descriptions (Read for a PDF-capable model) does.
 */
function validatesAsExact(known: ExactAdmission, inputSchema: JsonSchema): boolean {
  if (inputSchema !== known.projected) {
    let same = known.sameValidation.get(inputSchema);
    if (same === undefined) {
      same = validationText(inputSchema) === validationText(known.exact);
      known.sameValidation.set(inputSchema, same);
    }
    known.projected = inputSchema;
    known.projectedSame = same;
  }
  return known.projectedSame;
}

/** The judgement of zod and ajv both, with every issue either of them finds. */
function validateWithBoth<Input>(
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
      : translateZod3Issues(parsed.issues, { input, inputSchema: options.inputSchema });
  const ajvIssues = admitted.ok ? [] : translateAjvErrors(admitted.errors, input);
  return { ok: false, issues: mergeIssues(zodIssues, ajvIssues) };
}

type SafeParse<Input> =
  | { readonly success: true; readonly data: Input }
  | { readonly success: false; readonly issues: readonly ZodIssue[] }
  | { readonly success: false; readonly thrown: string };

/**
 * zod's verdict through its Standard Schema interface (`~standard.validate`), which hands over
 * the very issues `safeParse` would put in a `ZodError`, without building one: a `ZodError` is
 * an `Error`, and constructing it (stack capture, a prototype change) was most of zod's failure
 * path. A schema that goes asynchronous or throws (a refinement's bug, which must not crash the
 * call) is judged by `safeParse` as before, for the same wording.
 */
function safeParse<Input>(
  schema: ZodType<Input, ZodTypeDef, unknown>,
  input: unknown,
): SafeParse<Input> {
  const judged = schema['~standard'].validate(input);
  if (judged instanceof Promise) {
    judged.catch(() => undefined); // its verdict comes from safeParse below
    return safeParseWithError(schema, input);
  }
  if (judged.issues === undefined) return { success: true, data: judged.value };
  return { success: false, issues: judged.issues as readonly ZodIssue[] };
}

function safeParseWithError<Input>(
  schema: ZodType<Input, ZodTypeDef, unknown>,
  input: unknown,
): SafeParse<Input> {
  try {
    const parsed = schema.safeParse(input);
    return parsed.success ? parsed : { success: false, issues: parsed.error.issues };
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
