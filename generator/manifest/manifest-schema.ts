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
} from '../../runtime/core/contract.js';

export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A `group` name: lower-case, a namespace name every provider accepts. */
export const GROUP_NAME_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

/** String formats zod and ajv-formats both check (the generated zod code checks them too). */
export const STRING_FORMATS = ['uri', 'email', 'uuid', 'date-time', 'date'] as const;

/** Checks of an object's property names (JSON Schema `propertyNames`, string keywords only). */
export interface PropertyNamesNode {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

// ---------------------------------------------------------------------------------------------
// Schema language for `input` / `output`
// ---------------------------------------------------------------------------------------------

const literalValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const nodeCommon = {
  description: z
    .string()
    .optional()
    .describe(
      'Shown to the model next to the parameter. A handlebars template when it contains {{ }} (variables: see the description context). Default: none.',
    ),
  nullable: z.boolean().optional().describe('Also accept `null`. Default: false.'),
  default: z
    .unknown()
    .optional()
    .describe(
      'Value used when the field is absent (input side); must be a value of this schema. Default: none (the field is then absent).',
    ),
};

export interface StringNode {
  type: 'string';
  description?: string;
  nullable?: boolean;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /**
   * One of {@link STRING_FORMATS} (checked by zod and ajv), another format ajv-formats knows
   * (checked by ajv, carried as `format`), or any other name (carried as a note in the
   * description, with a warning: nothing checks it).
   */
  format?: string;
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
  /**
   * Objects are closed (`.strict()`) unless this is true (any extra property) or a schema (a
   * typed map: every extra property's value must match it).
   */
  additionalProperties: boolean | SchemaNode;
  /** Checks every property name must pass. Default: none. */
  propertyNames?: PropertyNamesNode;
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
  /**
   * true (the default): a value matches exactly one branch, the model sees `oneOf`, overlapping
   * branches are refused. false: "any of", branches may overlap, the model sees `anyOf`.
   */
  exclusive?: boolean;
}
/** Any JSON value (JSON Schema `{}`). */
export interface AnyNode {
  type: 'any';
  description?: string;
  nullable?: boolean;
  default?: unknown;
}
export type SchemaNode =
  | StringNode
  | NumberNode
  | BooleanNode
  | ArrayNode
  | ObjectNode
  | EnumNode
  | ConstNode
  | UnionNode
  | AnyNode;

const nonNegativeInt = z.number().int().nonnegative();

const NODE_TYPE =
  'Kind of value: string, number, integer, boolean, array, object, enum (one of `values`), const (exactly `value`), union (one of `anyOf`, or any of them with `exclusive: false`) or any (every JSON value).';

const PROPERTY_NAME_PATTERN = z.string().superRefine((source, context) => {
  const problem = regExpProblem(source);
  if (problem)
    context.addIssue({
      code: 'custom',
      message: `expected a valid regular expression (${problem})`,
    });
});

// zod 3 calls a lazy schema's getter on every parse of every node: the union is built once
// (built anew per node, it was a third of loading this repository's manifests).
let schemaNodeUnion: z.ZodType<SchemaNode, z.ZodTypeDef, unknown> | undefined;
export const SchemaNodeSchema: z.ZodType<SchemaNode, z.ZodTypeDef, unknown> = z.lazy(
  () =>
    (schemaNodeUnion ??= z.discriminatedUnion('type', [
      z
        .object({
          type: z.literal('string').describe(NODE_TYPE),
          ...nodeCommon,
          minLength: nonNegativeInt.optional().describe('Fewest characters. Default: 0.'),
          maxLength: nonNegativeInt.optional().describe('Most characters. Default: unlimited.'),
          pattern: PROPERTY_NAME_PATTERN.optional().describe(
            'Regular expression (JavaScript, `u` flag) the whole value must match, e.g. `^[a-z]+$`. Default: any text.',
          ),
          format: z
            .string()
            .min(1)
            .optional()
            .describe(
              'A string format: uri, email, uuid, date-time and date are checked by zod and the JSON Schema gate; other formats ajv-formats knows (ipv4, hostname, time, …) by the JSON Schema gate; any other name is carried as a note in the description (with a warning). Default: none.',
            ),
        })
        .strict(),
      z
        .object({
          type: z.enum(['number', 'integer']).describe(NODE_TYPE),
          ...nodeCommon,
          minimum: z.number().optional().describe('Smallest value allowed. Default: none.'),
          maximum: z.number().optional().describe('Largest value allowed. Default: none.'),
          exclusiveMinimum: z
            .number()
            .optional()
            .describe('Values must be greater than this. Default: none.'),
          exclusiveMaximum: z
            .number()
            .optional()
            .describe('Values must be less than this. Default: none.'),
        })
        .strict(),
      z.object({ type: z.literal('boolean').describe(NODE_TYPE), ...nodeCommon }).strict(),
      z
        .object({
          type: z.literal('array').describe(NODE_TYPE),
          ...nodeCommon,
          items: SchemaNodeSchema,
          minItems: nonNegativeInt.optional().describe('Fewest elements. Default: 0.'),
          maxItems: nonNegativeInt.optional().describe('Most elements. Default: unlimited.'),
        })
        .strict(),
      z
        .object({
          type: z.literal('object').describe(NODE_TYPE),
          ...nodeCommon,
          properties: z
            .record(z.string(), SchemaNodeSchema)
            .default({})
            .describe(
              'Each property by name, with its schema; the order is the order the model sees. Default: none.',
            ),
          required: z
            .array(z.string())
            .default([])
            .describe('Names of the properties a value must have. Default: none (all optional).'),
          additionalProperties: z
            .union([z.boolean(), SchemaNodeSchema])
            .default(false)
            .describe(
              'Accept properties not listed: true (any value) or a schema their values must match (a typed map). Default: false (closed object).',
            ),
          propertyNames: z
            .object({
              minLength: nonNegativeInt.optional().describe('Fewest characters of a name.'),
              maxLength: nonNegativeInt.optional().describe('Most characters of a name.'),
              pattern: PROPERTY_NAME_PATTERN.optional().describe(
                'Regular expression (`u` flag) every property name must match.',
              ),
            })
            .strict()
            .optional()
            .describe('Checks every property name must pass. Default: none.'),
        })
        .strict(),
      z
        .object({
          type: z.literal('enum').describe(NODE_TYPE),
          ...nodeCommon,
          values: z
            .array(z.union([z.string(), z.number(), z.boolean()]))
            .min(1)
            .describe('The allowed values (at least one), e.g. `[head, tail]`.'),
        })
        .strict(),
      z
        .object({
          type: z.literal('const').describe(NODE_TYPE),
          ...nodeCommon,
          value: literalValue.describe('The only value allowed (string, number, boolean or null).'),
        })
        .strict(),
      z
        .object({
          type: z.literal('union').describe(NODE_TYPE),
          ...nodeCommon,
          anyOf: z
            .array(SchemaNodeSchema)
            .min(2)
            .describe(
              'The alternatives (at least two); by default a value must match exactly one (the model sees oneOf), so keep them disjoint, or set `exclusive: false`.',
            ),
          exclusive: z
            .boolean()
            .optional()
            .describe(
              'true: a value matches exactly one branch (the model sees oneOf; overlapping branches are refused). false: any of the branches, which may overlap (the model sees anyOf). Default: true.',
            ),
        })
        .strict(),
      z.object({ type: z.literal('any').describe(NODE_TYPE), ...nodeCommon }).strict(),
    ])),
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
    readOnly: z
      .boolean()
      .describe('The tool never changes anything (files, processes, state). Required.'),
    destructive: z
      .boolean()
      .describe(
        'The tool can destroy data (overwrite, delete, kill); never true with readOnly. Required.',
      ),
    concurrentSafe: z
      .boolean()
      .describe('Calls may run in parallel with other calls of any tool. Required.'),
    sideEffectScope: sideEffectScope.describe(
      'The widest thing a call may touch: none, workspace, git, network, system, session or userInteraction. Required.',
    ),
    riskLevel: riskLevel.describe(
      'How much harm a wrong call can do: low, medium or high; the permission layer and approval prompt use it. Required.',
    ),
    needsApproval: z
      .boolean()
      .describe('Ask the user before running (subject to permission mode and rules). Required.'),
    requiresUserInteraction: z
      .boolean()
      .default(false)
      .describe(
        'A call waits for the user (a question, a plan to approve); not available without a user. Default: false.',
      ),
    allowedInPlanMode: z
      .boolean()
      .default(false)
      .describe('The tool may run while the session is in plan mode. Default: false.'),
    stopTurnOnSuccess: z
      .boolean()
      .default(false)
      .describe('A successful call ends the turn (a terminal tool). Default: false.'),
    providerVisible: z
      .boolean()
      .default(true)
      .describe(
        'Send to the model; false keeps the tool callable by name but out of its list (Task). Default: true.',
      ),
    idempotent: z
      .boolean()
      .default(false)
      .describe(
        'Calling twice with the same input has the effect of calling once. Default: false.',
      ),
    recovery: z
      .enum(RECOVERY_STRATEGIES)
      .default('none')
      .describe(
        'What to do after a failed call: none, retry, resume, compensate or manual. Default: none.',
      ),
  })
  .strict()
  .describe('Capability flags: what a call may do and how the runtime must treat it.');

export const PermissionSchema = z
  .object({
    permission: z
      .string()
      .min(1)
      .describe('Permission name the permission rules key on, e.g. `file.read`, `bash`. Required.'),
    reason: z
      .string()
      .min(1)
      .describe('Why the tool needs the permission; shown to the user when asking. Required.'),
    riskLevel: riskLevel
      .optional()
      .describe('Risk the permission layer uses. Default: flags.riskLevel.'),
    sideEffectScope: sideEffectScope
      .optional()
      .describe('Scope the permission layer uses. Default: flags.sideEffectScope.'),
    needsApproval: z
      .boolean()
      .optional()
      .describe('Ask before running. Default: flags.needsApproval.'),
    alwaysAsk: z
      .boolean()
      .default(false)
      .describe('Ask in every permission mode, even the most permissive. Default: false.'),
    askOptions: z
      .object({
        allowAlways: z
          .boolean()
          .default(true)
          .describe('The approval prompt may offer "always allow". Default: true.'),
      })
      .strict()
      .default({})
      .describe('What the approval prompt offers. Default: { allowAlways: true }.'),
    patternSources: z
      .array(z.string())
      .default([])
      .describe(
        'Input fields whose values permission rules match against (`Bash(rm:*)` matches `command`), e.g. `[command]`. Default: none.',
      ),
    alwaysAllowPatternSources: z
      .array(z.string())
      .default([])
      .describe('Input fields an "always allow" answer records a pattern from. Default: none.'),
    denyPriority: z
      .enum(['beforeAsk', 'afterAsk'])
      .default('beforeAsk')
      .describe('Whether deny rules apply before or after asking the user. Default: beforeAsk.'),
  })
  .strict()
  .describe('Which permission a call needs and how the user is asked.');

export const ResultBudgetSchema = z
  .object({
    maxInlineBytes: positiveInt
      .optional()
      .describe('Largest result kept inline before it is spilled. Default: maxModelBytes.'),
    maxModelBytes: positiveInt.describe(
      'Most bytes of a result the model ever sees, e.g. `100000`. Required.',
    ),
    strategy: z
      .enum(['truncate', 'artifact'])
      .default('truncate')
      .describe(
        'Over budget: truncate (cut and mark) or artifact (write the whole result to a file and point to it). Default: truncate.',
      ),
    preview: z
      .object({
        maxBytes: positiveInt
          .optional()
          .describe('Bytes of the preview shown of a cut result. Default: maxModelBytes.'),
        direction: z
          .enum(['head', 'tail'])
          .default('head')
          .describe('Keep the start (head) or the end (tail) of the result. Default: head.'),
      })
      .strict()
      .default({})
      .describe('What the model sees of a result over budget. Default: head, maxModelBytes.'),
    artifact: z
      .object({
        enabled: z
          .boolean()
          .default(false)
          .describe('Write over-budget results to an artifact file. Default: false.'),
        retention: z
          .enum(['turn', 'session', 'persistent'])
          .default('session')
          .describe('How long an artifact is kept: turn, session or persistent. Default: session.'),
      })
      .strict()
      .default({})
      .describe('Where a whole over-budget result goes. Default: not written.'),
  })
  .strict()
  .describe('How many bytes of a result reach the model, and what happens to the rest.');

/**
 * Longest timeout a manifest may declare: 2^31−1 ms (about 24.8 days), the largest delay
 * `setTimeout` honours; a larger one fires at once, so every call would time out immediately.
 */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;
const timeoutMs = positiveInt.max(MAX_TIMEOUT_MS);

const TIMEOUT_KIND =
  'none: the call never times out; bounded: it is aborted after defaultMs (a call may ask for up to maxMs when allowCallOverride).';

export const TimeoutSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('none').describe(TIMEOUT_KIND) }).strict(),
    z
      .object({
        kind: z.literal('bounded').describe(TIMEOUT_KIND),
        defaultMs: timeoutMs.describe(
          'Milliseconds a call may run before it is aborted (at most 2147483647), e.g. `120000`. Required when bounded.',
        ),
        maxMs: timeoutMs.describe(
          'Upper limit of a per-call override, in milliseconds (at least defaultMs). Required when bounded.',
        ),
        allowCallOverride: z
          .boolean()
          .default(false)
          .describe('A call may pass its own `timeout` (capped at maxMs). Default: false.'),
        cleanupGraceMs: nonNegativeInt
          .max(MAX_TIMEOUT_MS)
          .default(0)
          .describe(
            'Milliseconds an aborted handler is given to clean up before the runtime answers. Default: 0.',
          ),
      })
      .strict(),
  ])
  .describe('How long a call may run. `{ kind: none }` or `{ kind: bounded, defaultMs, maxMs }`.');

export const CancellationSchema = z
  .object({
    supported: z.boolean().describe('The user (or host) can cancel a running call. Required.'),
    cleanup: z
      .enum(CANCELLATION_CLEANUP_LEVELS)
      .describe(
        "What a cancel cleans up: none (drop the late result), abortSignal (fire the handler's signal and wait cleanupGraceMs), processTree (also kill its child processes). Required.",
      ),
    userMessage: z
      .string()
      .min(1)
      .default('The user cancelled this tool call.')
      .describe(
        'What the model is told when the call is cancelled. Default: "The user cancelled this tool call."',
      ),
  })
  .strict()
  .describe('Whether and how a running call can be cancelled.');

export const TraceSchema = z
  .object({
    required: z
      .boolean()
      .default(false)
      .describe('The tool refuses to run without a tracer. Default: false.'),
    input: z
      .enum(TRACE_GRANULARITIES)
      .default('summary')
      .describe('How much of the input a trace records: none, summary or full. Default: summary.'),
    output: z
      .enum(TRACE_GRANULARITIES)
      .default('summary')
      .describe('How much of the output a trace records: none, summary or full. Default: summary.'),
  })
  .strict()
  .describe('What a call trace records. Default: not required, summaries.');

export const AvailabilitySchema = z
  .object({
    ports: z
      .array(z.enum(HOST_PORTS))
      .default([])
      .describe('Host ports that must be injected for the tool to be registered. Default: none.'),
    features: z
      .array(z.enum(FEATURE_FLAGS))
      .default([])
      .describe('Feature flags that must be on. Default: none.'),
    sessionKinds: z
      .array(z.enum(SESSION_KINDS))
      .default([])
      .describe('Registered only in these session kinds. Default: empty (every kind).'),
    excludedSessionKinds: z
      .array(z.enum(SESSION_KINDS))
      .default([])
      .describe('Never registered in these session kinds. Default: none.'),
    modelCapabilities: z
      .array(z.enum(MODEL_CAPABILITIES))
      .default([])
      .describe(
        'Shown only to models with these capabilities (nativeWebSearch, pdf). Default: none.',
      ),
    supersededBy: z
      .string()
      .regex(TOOL_NAME_PATTERN)
      .optional()
      .describe(
        'Name of another tool; this one is not registered while that one is (Glob and Grep give way to Bash). Default: none.',
      ),
  })
  .strict()
  .describe('When the tool is registered and shown. Default: always.');

export const ProviderNativeSchema = z
  .object({
    provider: z.string().min(1).describe('Provider that runs the tool, e.g. `anthropic`.'),
    type: z.string().min(1).describe("The provider's tool type, e.g. `web_search_20250305`."),
  })
  .strict()
  .describe(
    'The provider-executed tool this one stands for (executionMode: provider). Default: none.',
  );

/**
 * MCP tool annotations beyond the flags. `readOnlyHint`, `destructiveHint` and `idempotentHint`
 * follow from the flags; `openWorldHint` defaults to the side-effect scope (network or system).
 */
export const ToolAnnotationsSchema = z
  .object({
    openWorldHint: z
      .boolean()
      .optional()
      .describe(
        'The tool reaches an open world (the web, other people) beyond the agent. Default: sideEffectScope is network or system.',
      ),
  })
  .strict()
  .describe(
    'MCP annotations that are not flags (readOnlyHint, destructiveHint and idempotentHint come from the flags). Default: none.',
  );

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
  ...Object.fromEntries(
    ['title', 'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'].map((hint) => [
      `mcp.annotations.${hint}`,
      "An upstream MCP server's own annotation, relayed whole to the gateway's tools/list (runtime/integrations/mcp/to-mcp-tool.ts); a trusted server's hints become flags when its entry is made, so nothing decides on this copy.",
    ]),
  ),
};

/** `text` plus the reserved-field reason of `contractPath`, for a field's JSON Schema description. */
function withReservedReason(text: string, contractPath: string): string {
  const reason = RESERVED_CONTRACT_FIELDS[contractPath];
  return reason === undefined ? text : `${text} Reserved (the runtime does not read it): ${reason}`;
}

/**
 * Descriptions of the fields whose value is a schema node. The recursive node is one shared zod
 * schema (a described copy would be a new schema the JSON Schema projection cannot `$ref`), so
 * their descriptions are attached in `manifest-json-schema.ts`.
 */
export const SCHEMA_NODE_FIELD_DESCRIPTIONS = {
  input:
    'Schema of the input the model sends, usually `{ type: object, properties, required }`. Required.',
  output: 'Schema of what the handler returns. Default: `{ type: any }` (not declared).',
  items: 'Schema of every element, e.g. `{ type: string }`. Required.',
} as const;

/** One tool manifest after `extends` has been applied (what the loader validates). */
export const ManifestSchema = z
  .object({
    name: z
      .string()
      .regex(TOOL_NAME_PATTERN, { message: 'expected a name matching ^[A-Za-z0-9_-]{1,64}$' })
      .describe(
        'The name the model calls the tool by (`^[A-Za-z0-9_-]{1,64}$`); the file is `<kebab-case name>.yaml`. Required.',
      ),
    extends: z
      .string()
      .optional()
      .describe(
        'Name of another tool manifest (or abstract template) to start from; fields here override its fields (deep merge; lists replace). `availability`, `flags.providerVisible` and `abstract` are about a tool itself and are never inherited. Default: none.',
      ),
    abstract: z
      .boolean()
      .optional()
      .describe(
        'A template for `extends` only: never registered, needs no handler, not listed in registrationOrder, and may leave out any field its tools give. Default: false.',
      ),
    title: z
      .string()
      .min(1)
      .optional()
      .describe(
        'Human-readable display name (MCP `title`), e.g. `Read File`. Default: the purpose in MCP listings.',
      ),
    annotations: ToolAnnotationsSchema.optional(),
    execution: z
      .object({
        taskSupport: z
          .enum(['forbidden', 'optional', 'required'])
          .optional()
          .describe(
            'Whether the tool may be called as an MCP task: forbidden, optional or required. Default: not stated.',
          ),
      })
      .strict()
      .optional()
      .describe('MCP `execution` of the tool. Default: not stated.'),
    _meta: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('MCP `_meta` of the tool, carried to the MCP listing as given. Default: none.'),
    implementation: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
      .optional()
      .describe(
        "Module in runtime/tools/ with the handler and hooks. Default: the kebab-case name (or the base's, with extends).",
      ),
    capability: z
      .string()
      .min(1)
      .describe(
        'What the tool does, as a dotted name for people and reports, e.g. `file.read`. Required.',
      ),
    purpose: z
      .string()
      .min(1)
      .describe(
        withReservedReason(
          'One line for humans (TOOLS.md); never sent to the model. Required.',
          'metadata.purpose',
        ),
      ),
    description: z
      .string()
      .min(1)
      .describe(
        'What the model reads about the tool. A handlebars template when it contains {{ }}, e.g. `Runs within {{timeout.defaultMs}} ms.`. Required.',
      ),
    modelInstructions: z
      .array(z.string().min(1))
      .default([])
      .describe('Instructions rendered as a `Usage:` list after the description. Default: none.'),
    aliases: z
      .array(z.string().regex(TOOL_NAME_PATTERN))
      .default([])
      .describe(
        'Old names that still resolve to this tool; never sent to the model. Default: none.',
      ),
    flags: FlagsSchema,
    input: SchemaNodeSchema,
    output: SchemaNodeSchema,
    permission: PermissionSchema,
    resultBudget: ResultBudgetSchema,
    timeout: TimeoutSchema,
    cancellation: CancellationSchema,
    trace: TraceSchema.default({}),
    maxOutputBytes: positiveInt
      .optional()
      .describe(
        'Largest output the handler may collect before the runtime cuts it off. Default: none.',
      ),
    strict: z
      .boolean()
      .default(false)
      .describe(
        'Eligible for provider strict mode (the schema is sent with strict: true). Default: false.',
      ),
    executionMode: z
      .enum(['client', 'provider'])
      .default('client')
      .describe(
        'client: the handler runs here; provider: the provider runs it (see providerNative). Default: client.',
      ),
    providerNative: ProviderNativeSchema.optional(),
    availability: AvailabilitySchema.default({}),
    ordering: z
      .enum(['reference', 'registration'])
      .default('registration')
      .describe(
        withReservedReason(
          'reference: in the sorted block at the top of the tool list; registration: in registration order. Default: registration.',
          'ordering',
        ),
      ),
    loading: z
      .enum(['eager', 'deferred'])
      .default('eager')
      .describe(
        'eager: in every request; deferred: left out until a tool search finds it (like `list --defer NAME`). Default: eager.',
      ),
    group: z
      .string()
      .regex(GROUP_NAME_PATTERN, {
        message: 'expected a group name matching ^[a-z][a-z0-9_]{0,63}$',
      })
      .optional()
      .describe(
        'Namespace the tool belongs to, one of the `groups` of manifest/tools.yaml, e.g. `workflows` (OpenAI Responses sends deferred tools of a group as one namespace). Default: none.',
      ),
    searchHints: z
      .array(z.string().min(1))
      .default([])
      .describe(
        'Extra words a tool search finds the tool by (ranked between its name and its description), e.g. `[schedule, timer]`. Default: none.',
      ),
    hooks: z
      .array(z.enum(HOOK_NAMES))
      .default([])
      .describe(
        'Hooks the implementation module (runtime/tools/<module>.ts) exports, e.g. `[validateInput]`. Default: none.',
      ),
  })
  .strict();

export type ManifestInput = z.input<typeof ManifestSchema>;
export type Manifest = z.output<typeof ManifestSchema>;

/** `manifest/tools.yaml`: the explicit registration order and the sorted-name table's extras. */
export const ProjectDefaultsSchema = z
  .object({
    permission: PermissionSchema.partial().optional(),
    resultBudget: ResultBudgetSchema.partial().optional(),
    timeout: TimeoutSchema.optional(),
    cancellation: CancellationSchema.partial().optional(),
  })
  .strict()
  .describe(
    'Values every manifest of the project starts from (a tool, and the template it extends, override them field by field), e.g. `{ timeout: { kind: bounded, defaultMs: 30000, maxMs: 120000 } }`. Default: none.',
  );

export type ProjectDefaults = z.input<typeof ProjectDefaultsSchema>;

export const ToolIndexSchema = z
  .object({
    defaults: ProjectDefaultsSchema.optional(),
    registrationOrder: z
      .array(z.string().regex(TOOL_NAME_PATTERN))
      .min(1)
      .describe('Every built-in tool, in the order it is registered.'),
    reservedReferenceNames: z
      .array(z.string().regex(TOOL_NAME_PATTERN))
      .default([])
      .describe('Names kept in the sorted-name table that no manifest defines yet.'),
    groups: z
      .record(
        z.string().regex(GROUP_NAME_PATTERN, {
          message: 'expected a group name matching ^[a-z][a-z0-9_]{0,63}$',
        }),
        z
          .object({
            description: z
              .string()
              .min(1)
              .describe('What the tools of the group are for, as the model reads it. Required.'),
          })
          .strict()
          .describe('One group, e.g. `workflows: { description: Run and manage workflows }`.'),
      )
      .default({})
      .describe(
        'Namespaces a tool can name in `group`, each with its description, declared once here. Default: none.',
      ),
  })
  .strict();
export type ToolIndex = z.output<typeof ToolIndexSchema>;
