/**
 * The JSON Schema gate of a call: the model-facing input schema, checked with ajv (draft 2020-12,
 * with formats). Unlike the article's agent, whose gate was a hand-written subset that ignored
 * `pattern` and `format`, this is a complete validator.
 *
 * Validators are compiled lazily, the first time a schema is used, and kept: start-up never pays
 * for forty tools, and a tool's second call pays nothing. The cache is keyed by the schema object
 * and, for schemas rebuilt per call (a model-specific projection), by their JSON text.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { JsonSchema } from '../../core/contract.js';
import { loadAddFormats, loadAjv2020 } from '../../core/support/load-ajv.js';
import { linearRegExpEngine } from '../../core/support/linear-regexp.js';

export type AdmissionResult =
  { readonly ok: true } | { readonly ok: false; readonly errors: readonly ErrorObject[] };

/** A JSON Schema that ajv cannot compile: a fault of the tool, never of the model. */
export class InvalidInputSchemaError extends Error {
  override readonly name = 'InvalidInputSchemaError';
}

/** A validator cache; one per process is enough (see {@link admitWithJsonSchema}). */
export class JsonSchemaAdmission {
  #ajv: Ajv2020 | undefined;
  readonly #byObject = new WeakMap<object, ValidateFunction>();
  readonly #byText = new Map<string, ValidateFunction>();
  #compiled = 0;

  /** How many schemas have been compiled so far (each at most once). */
  get compiledCount(): number {
    return this.#compiled;
  }

  /**
   * Check `value` against `schema`.
   * @throws {InvalidInputSchemaError} when the schema does not compile.
   */
  admit(schema: JsonSchema, value: unknown): AdmissionResult {
    const validate = this.#validatorFor(schema);
    if (validate(value)) return { ok: true };
    return { ok: false, errors: [...(validate.errors ?? [])] };
  }

  /**
   * Whether `value` is valid against `schema`, without collecting the errors.
   * @throws {InvalidInputSchemaError} when the schema does not compile.
   */
  accepts(schema: JsonSchema, value: unknown): boolean {
    return this.#validatorFor(schema)(value);
  }

  /**
   * {@link accepts} for one schema, looked up once: for a caller that keeps it beside the schema.
   * @throws {InvalidInputSchemaError} when the schema does not compile.
   */
  validatorFor(schema: JsonSchema): (value: unknown) => boolean {
    return this.#validatorFor(schema);
  }

  #validatorFor(schema: JsonSchema): ValidateFunction {
    const known = this.#byObject.get(schema);
    if (known !== undefined) return known;
    const text = JSON.stringify(schema);
    let validate = this.#byText.get(text);
    if (validate === undefined) {
      try {
        validate = this.#instance().compile(schema);
      } catch (error) {
        throw new InvalidInputSchemaError(
          `the input schema does not compile: ${(error as Error).message}`,
        );
      }
      this.#compiled += 1;
      this.#byText.set(text, validate);
    }
    this.#byObject.set(schema, validate);
    return validate;
  }

  #instance(): Ajv2020 {
    if (this.#ajv === undefined) {
      // allErrors: the model gets every problem at once; verbose: translation reads parentSchema.
      // code.regExp: `pattern` keywords (an MCP server's too) match in linear time, never backtrack.
      const Ajv = loadAjv2020();
      this.#ajv = new Ajv({
        strict: false,
        allErrors: true,
        verbose: true,
        code: { regExp: linearRegExpEngine },
      });
      loadAddFormats()(this.#ajv);
    }
    return this.#ajv;
  }
}

let shared: JsonSchemaAdmission | undefined;

/** The process-wide validator cache used by `callTool` unless the caller gives its own. */
export function sharedJsonSchemaAdmission(): JsonSchemaAdmission {
  shared ??= new JsonSchemaAdmission();
  return shared;
}
