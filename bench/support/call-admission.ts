/**
 * What `callTool` does with a call's input before the tool's own hooks, as one synchronous
 * function: parse a top-level JSON string, project the contract for the model, validate (ajv alone
 * for an accepted call of an exact schema; zod and the JSON Schema the model saw otherwise), and
 * on refusal word the model-facing text. Built from the call
 * module's exports in the order call-tool.ts runs them; bench/call.bench.ts checks that its text
 * is the text `callTool` returns, so a change to `callTool`'s steps shows up as a failed bench,
 * not as a figure of something else.
 */
import type { ModelProfile, ToolEntry } from '../../runtime/core/contract.js';
import {
  formatInputValidationError,
  parseToolInput,
  sharedJsonSchemaAdmission,
  validateToolInput,
} from '../../runtime/call-path/call/index.js';
import { modelInputSchema } from '../../runtime/call-path/call/model-input-schema.js';

export type Admission =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly content: string };

export function admitCall(entry: ToolEntry, input: unknown, model: ModelProfile): Admission {
  const parsed = parseToolInput(input);
  const inputSchema = modelInputSchema(entry, model);
  const validation = validateToolInput(parsed, {
    runtimeInputSchema: entry.runtimeInputSchema,
    inputSchema,
    admission: sharedJsonSchemaAdmission(),
    // As call-tool.ts passes it: ajv alone admits an accepted call of an exact schema.
    exactInputSchema: entry.inputSchemaExact === true ? entry.inputSchema : undefined,
  });
  if (validation.ok) return validation;
  return {
    ok: false,
    content: formatInputValidationError(
      entry.metadata.name,
      validation.issues,
      parsed,
      inputSchema,
    ),
  };
}
