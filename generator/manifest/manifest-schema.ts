/**
 * The manifest language: one YAML file per tool, validated by these zod schemas (v3 API) and
 * published as `manifest/manifest.schema.json` for editors.
 *
 * Two layers:
 * - {@link SchemaNodeSchema}: the small JSON-Schema-like language of `input` / `output`;
 * - {@link ManifestSchema}: every field of a tool's contract, with defaults, so a parsed manifest
 *   is complete and the emitter never invents a value.
 *
 * Field docs (`.describe`) become `description` in the published JSON Schema, i.e. editor hovers.
 */
import { z } from 'zod';
import {
  CANCELLATION_CLEANUP_LEVELS,
  FEATURE_FLAGS,
  HOOK_NAMES,
  HOST_PORTS,
  MODEL_CAPABILITIES,
  RECOVERY_STRATEGIES,
  RISK_LEVELS,
  SESSION_KINDS,
  SIDE_EFFECT_SCOPES,
  TRACE_GRANULARITIES,
} from '../../runtime/contract.js';

export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** String formats the schema language understands (zod and ajv-formats both check them). */
export const STRING_FORMATS = ['uri', 'email', 'uuid', 'date-time', 'date'] as const;

// ---------------------------------------------------------------------------------------------
// Schema language for `input` / `output`
// ---------------------------------------------------------------------------------------------

const literalValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const nodeCommon = {
  description: z.string().optional().describe('Shown to the model next to the parameter.'),
  nullable: z.boolean().optional().describe('Also accept `null`. Default: false.'),
  default: z.unknown().optional().describe('Value used when the field is absent (input side).'),
};

export interface StringNode {
  type: 'string';
  description?: string;
  nullable?: boolean;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: (typeof STRING_FORMATS)[number];
}
export interface NumberNode {
  type: 'number' | 'integer';
  description?: string;
  nullable?: boolean;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}
export interface BooleanNode {
  type: 'boolean';
  description?: string;
  nullable?: boolean;
  default?: unknown;
}
export interface ArrayNode {
  type: 'array';
  description?: string;
  nullable?: boolean;
  default?: unknown;
  items: SchemaNode;
  minItems?: number;
  maxItems?: number;
}
export interface ObjectNode {
  type: 'object';
  description?: string;
  nullable?: boolean;
  default?: unknown;
  properties: Record<string, SchemaNode>;
  required: string[];
  /** Objects are closed (`.strict()`) unless this is true. */
  additionalProperties: boolean;
}
export interface EnumNode {
  type: 'enum';
  description?: string;
  nullable?: boolean;
  default?: unknown;
  values: (string | number | boolean)[];
}
export interface ConstNode {
  type: 'const';
  description?: string;
  nullable?: boolean;
  default?: unknown;
  value: string | number | boolean | null;
}
export interface UnionNode {
  type: 'union';
  description?: string;
  nullable?: boolean;
  default?: unknown;
  anyOf: SchemaNode[];
}
export type SchemaNode =
  StringNode | NumberNode | BooleanNode | ArrayNode | ObjectNode | EnumNode | ConstNode | UnionNode;

const nonNegativeInt = z.number().int().nonnegative();

export const SchemaNodeSchema: z.ZodType<SchemaNode, z.ZodTypeDef, unknown> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z
      .object({
        type: z.literal('string'),
        ...nodeCommon,
        minLength: nonNegativeInt.optional(),
        maxLength: nonNegativeInt.optional(),
        pattern: z
          .string()
          .superRefine((source, context) => {
            const problem = regExpProblem(source);
            if (problem)
              context.addIssue({
                code: 'custom',
                message: `expected a valid regular expression (${problem})`,
              });
          })
          .optional(),
        format: z.enum(STRING_FORMATS).optional(),
      })
      .strict(),
    z
      .object({
        type: z.enum(['number', 'integer']),
        ...nodeCommon,
        minimum: z.number().optional(),
        maximum: z.number().optional(),
        exclusiveMinimum: z.number().optional(),
        exclusiveMaximum: z.number().optional(),
      })
      .strict(),
    z.object({ type: z.literal('boolean'), ...nodeCommon }).strict(),
    z
      .object({
        type: z.literal('array'),
        ...nodeCommon,
        items: SchemaNodeSchema,
        minItems: nonNegativeInt.optional(),
        maxItems: nonNegativeInt.optional(),
      })
      .strict(),
    z
      .object({
        type: z.literal('object'),
        ...nodeCommon,
        properties: z.record(z.string(), SchemaNodeSchema).default({}),
        required: z.array(z.string()).default([]),
        additionalProperties: z
          .boolean()
          .default(false)
          .describe('Accept properties not listed. Default: false (closed object).'),
      })
      .strict(),
    z
      .object({
        type: z.literal('enum'),
        ...nodeCommon,
        values: z.array(z.union([z.string(), z.number(), z.boolean()])).min(1),
      })
      .strict(),
    z.object({ type: z.literal('const'), ...nodeCommon, value: literalValue }).strict(),
    z
      .object({ type: z.literal('union'), ...nodeCommon, anyOf: z.array(SchemaNodeSchema).min(2) })
      .strict(),
  ]),
);

/** Why `source` is not a valid `u`-flag regular expression (the engine's words), or undefined. */
function regExpProblem(source: string): string | undefined {
  try {
    new RegExp(source, 'u');
    return undefined;
  } catch (error) {
    // "Invalid regular expression: /(/u: Unterminated group" → "Unterminated group"
    const message = error instanceof Error ? error.message : String(error);
    return message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '');
  }
}

// ---------------------------------------------------------------------------------------------
// Contract sections
// ---------------------------------------------------------------------------------------------

const sideEffectScope = z.enum(SIDE_EFFECT_SCOPES);
const riskLevel = z.enum(RISK_LEVELS);
const positiveInt = z.number().int().positive();

export const FlagsSchema = z
  .object({
    readOnly: z.boolean().describe('The tool never changes anything.'),
    destructive: z.boolean().describe('The tool can destroy data (overwrite, delete, kill).'),
    concurrentSafe: z.boolean().describe('Calls may run in parallel with other calls.'),
    sideEffectScope: sideEffectScope.describe('What a call may touch.'),
    riskLevel: riskLevel,
    needsApproval: z.boolean().describe('Ask the user before running (subject to mode and rules).'),
    requiresUserInteraction: z.boolean().default(false),
    allowedInPlanMode: z.boolean().default(false),
    stopTurnOnSuccess: z.boolean().default(false).describe('A successful call ends the turn.'),
    providerVisible: z.boolean().default(true).describe('Send to the model. Default: true.'),
    idempotent: z.boolean().default(false).describe('Repeating a call has no further effect.'),
    recovery: z.enum(RECOVERY_STRATEGIES).default('none').describe('What to do after a failure.'),
  })
  .strict();

export const PermissionSchema = z
  .object({
    permission: z.string().min(1).describe('Permission name rules key on.'),
    reason: z.string().min(1).describe('Why the tool needs it; shown when asking.'),
    riskLevel: riskLevel.optional().describe('Default: flags.riskLevel.'),
    sideEffectScope: sideEffectScope.optional().describe('Default: flags.sideEffectScope.'),
    needsApproval: z.boolean().optional().describe('Default: flags.needsApproval.'),
    alwaysAsk: z.boolean().default(false).describe('Ask in every permission mode.'),
    askOptions: z
      .object({ allowAlways: z.boolean().default(true) })
      .strict()
      .default({}),
    patternSources: z.array(z.string()).default([]),
    alwaysAllowPatternSources: z.array(z.string()).default([]),
    denyPriority: z.enum(['beforeAsk', 'afterAsk']).default('beforeAsk'),
  })
  .strict();

export const ResultBudgetSchema = z
  .object({
    maxInlineBytes: positiveInt.optional().describe('Default: maxModelBytes.'),
    maxModelBytes: positiveInt.describe('Most bytes of a result the model sees.'),
    strategy: z.enum(['truncate', 'artifact']).default('truncate'),
    preview: z
      .object({
        maxBytes: positiveInt.optional().describe('Default: maxModelBytes.'),
        direction: z.enum(['head', 'tail']).default('head'),
      })
      .strict()
      .default({}),
    artifact: z
      .object({
        enabled: z.boolean().default(false),
        retention: z.enum(['turn', 'session', 'persistent']).default('session'),
      })
      .strict()
      .default({}),
  })
  .strict();

/**
 * Longest timeout a manifest may declare: 2^31−1 ms (about 24.8 days), the largest delay
 * `setTimeout` honours; a larger one fires at once, so every call would time out immediately.
 */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;
const timeoutMs = positiveInt.max(MAX_TIMEOUT_MS);

export const TimeoutSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }).strict(),
  z
    .object({
      kind: z.literal('bounded'),
      defaultMs: timeoutMs,
      maxMs: timeoutMs,
      allowCallOverride: z.boolean().default(false),
      cleanupGraceMs: nonNegativeInt.max(MAX_TIMEOUT_MS).default(0),
    })
    .strict(),
]);

export const CancellationSchema = z
  .object({
    supported: z.boolean(),
    cleanup: z.enum(CANCELLATION_CLEANUP_LEVELS),
    userMessage: z.string().min(1).default('The user cancelled this tool call.'),
  })
  .strict();

export const TraceSchema = z
  .object({
    required: z.boolean().default(false),
    input: z.enum(TRACE_GRANULARITIES).default('summary'),
    output: z.enum(TRACE_GRANULARITIES).default('summary'),
  })
  .strict();

export const AvailabilitySchema = z
  .object({
    ports: z.array(z.enum(HOST_PORTS)).default([]).describe('Host ports that must be injected.'),
    features: z.array(z.enum(FEATURE_FLAGS)).default([]).describe('Feature flags that must be on.'),
    sessionKinds: z
      .array(z.enum(SESSION_KINDS))
      .default([])
      .describe('Only in these session kinds (empty: all).'),
    excludedSessionKinds: z.array(z.enum(SESSION_KINDS)).default([]),
    modelCapabilities: z.array(z.enum(MODEL_CAPABILITIES)).default([]),
    supersededBy: z
      .string()
      .regex(TOOL_NAME_PATTERN)
      .optional()
      .describe('Not registered while this tool is (embedded search).'),
  })
  .strict();

export const ProviderNativeSchema = z
  .object({ provider: z.string().min(1), type: z.string().min(1) })
  .strict();

/**
 * Contract fields the runtime deliberately does not read (yet), by contract field path, with the
 * reason. The audit (`generator/audit/`) shows the reason in `generated/AUDIT.md`, does not count
 * these as unexpected when unread (`check --strict`), and the reason is part of the field's
 * description in the published JSON Schema.
 */
export const RESERVED_CONTRACT_FIELDS: Readonly<Record<string, string>> = {
  'metadata.purpose':
    'For people (TOOLS.md, reports); never sent to the model, so no runtime decision depends on it.',
  ordering:
    'Read by the generator, not the runtime: it builds generated/provider-order.ts from it, and the runtime orders tools by that table.',
  source:
    'Provenance for people: the manifest a contract came from; written by the generator, never decided on.',
};

/** `text` plus the reserved-field reason of `contractPath`, for a field's JSON Schema description. */
function withReservedReason(text: string, contractPath: string): string {
  const reason = RESERVED_CONTRACT_FIELDS[contractPath];
  return reason === undefined ? text : `${text} Reserved (the runtime does not read it): ${reason}`;
}

/** One tool manifest after `extends` has been applied (what the loader validates). */
export const ManifestSchema = z
  .object({
    name: z
      .string()
      .regex(TOOL_NAME_PATTERN, { message: 'expected a name matching ^[A-Za-z0-9_-]{1,64}$' }),
    extends: z
      .string()
      .optional()
      .describe(
        'Start from another tool manifest and override fields (deep merge; lists replace).',
      ),
    implementation: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
      .optional()
      .describe('Module in runtime/tools/ with the handler and hooks. Default: kebab-case name.'),
    capability: z.string().min(1),
    purpose: z
      .string()
      .min(1)
      .describe(
        withReservedReason(
          'One line for humans (TOOLS.md); never sent to the model.',
          'metadata.purpose',
        ),
      ),
    description: z
      .string()
      .min(1)
      .describe('Sent to the model. A handlebars template when it contains {{ }}.'),
    modelInstructions: z
      .array(z.string().min(1))
      .default([])
      .describe('Rendered as a Usage: list.'),
    aliases: z.array(z.string().regex(TOOL_NAME_PATTERN)).default([]),
    flags: FlagsSchema,
    input: SchemaNodeSchema,
    output: SchemaNodeSchema,
    permission: PermissionSchema,
    resultBudget: ResultBudgetSchema,
    timeout: TimeoutSchema,
    cancellation: CancellationSchema,
    trace: TraceSchema.default({}),
    maxOutputBytes: positiveInt.optional(),
    strict: z.boolean().default(false).describe('Eligible for provider strict mode.'),
    executionMode: z.enum(['client', 'provider']).default('client'),
    providerNative: ProviderNativeSchema.optional(),
    availability: AvailabilitySchema.default({}),
    ordering: z
      .enum(['reference', 'registration'])
      .default('registration')
      .describe(
        withReservedReason(
          'reference: sorted block at the top; registration: registration order.',
          'ordering',
        ),
      ),
    hooks: z
      .array(z.enum(HOOK_NAMES))
      .default([])
      .describe('Hooks runtime/tools/<module>.ts exports.'),
  })
  .strict();

export type ManifestInput = z.input<typeof ManifestSchema>;
export type Manifest = z.output<typeof ManifestSchema>;

/** `manifest/tools.yaml`: the explicit registration order and the sorted-name table's extras. */
export const ToolIndexSchema = z
  .object({
    registrationOrder: z
      .array(z.string().regex(TOOL_NAME_PATTERN))
      .min(1)
      .describe('Every built-in tool, in the order it is registered.'),
    reservedReferenceNames: z
      .array(z.string().regex(TOOL_NAME_PATTERN))
      .default([])
      .describe('Names kept in the sorted-name table that no manifest defines yet.'),
  })
  .strict();
export type ToolIndex = z.output<typeof ToolIndexSchema>;
