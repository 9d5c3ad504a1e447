/**
 * Strict that applies: for one request, which tools are sent in strict mode, and for every other
 * tool why not. `ModelToolContract.strict` is eligibility only; a tool is sent strict when the
 * provider has a strict mode for it, its schema is inside the provider's strict subset, and the
 * request stays inside the provider's per-request limits.
 *
 * Per-request limits (Anthropic strict tool use: at most 20 strict tools, 24 optional parameters
 * and 16 union-typed parameters over all strict tools of a request, else the request fails with
 * "Schema is too complex for compilation") are met deterministically: tools are taken in list
 * order, and a tool that would take the request past a limit is sent without strict; later tools
 * that still fit keep it. Earlier tools are the ones the cached prompt prefix starts with, so the
 * choice only moves when the list changes before them.
 */
import { resolveStrictDialect } from '../adapters/resolve-strict-dialect.js';
import type { SchemaProblem } from '../../core/json-schema/schema-problem.js';
import { mapSubschemas } from '../../core/json-schema/map-subschemas.js';
import { isJsonObject as isSchemaObject } from '../../core/support/is-json-object.js';
import { typeList } from '../../core/json-schema/type-list.js';
import type { StrictSchemaDialect } from '../adapters/strict-schema-dialects.js';
import { toStrictSchema } from '../adapters/to-strict-schema.js';
import type { JsonSchema, ModelProfile, ModelToolContract } from '../../core/contract.js';
import { closeOpenObjects } from './close-open-objects.js';
import { modelProviderOf, type ProviderName } from './provider-name.js';
import { toSentSchema } from './sent-schema.js';

/**
 * - `strict`: sent in strict mode;
 * - `not-requested`: the contract is not eligible (`strict: false`);
 * - `no-strict-mode`: the request format has no per-tool strict mode (Gemini function declarations);
 * - `not-first-party`: Anthropic strict mode is only sent to Anthropic first-party models (and, for
 *   the AI SDK, only when the provider below it is Anthropic);
 * - `not-representable`: the schema is outside the provider's strict subset (`problems` say where);
 * - `request-limit`: the request already has as many strict tools, optional or union-typed
 *   parameters as the provider allows (`limit` says which).
 */
export type StrictReason =
  | 'strict'
  | 'not-requested'
  | 'no-strict-mode'
  | 'not-first-party'
  | 'not-representable'
  | 'request-limit';

export interface StrictDecision {
  readonly tool: string;
  readonly strict: boolean;
  readonly reason: StrictReason;
  /** One line for people. */
  readonly message: string;
  /** With `not-representable`. */
  readonly problems?: readonly SchemaProblem[];
  /** With `request-limit`: the limit that was hit. */
  readonly limit?: RequestLimitName;
  /** The schema to send: the strict projection when `strict`, else the tool's own (`$schema` dropped). */
  readonly schema: JsonSchema;
  /** Set when the strict projection made optional properties required-and-nullable. */
  readonly restoreFrom?: JsonSchema;
}

/** Per-request limits of a provider's strict mode. */
export interface StrictRequestLimits {
  readonly strictTools: number;
  readonly optionalParameters: number;
  readonly unionParameters: number;
}

export type RequestLimitName = keyof StrictRequestLimits;

/** Anthropic strict tool use, per request. */
export const ANTHROPIC_STRICT_REQUEST_LIMITS: StrictRequestLimits = {
  strictTools: 20,
  optionalParameters: 24,
  unionParameters: 16,
};

export interface StrictOptions {
  readonly provider: ProviderName;
  readonly model: ModelProfile;
  /** For `ai-sdk`: the provider below the SDK (`anthropic`, `openai`, …). Default: `anthropic`. */
  readonly aiSdkProvider?: string;
  /** Close open objects that list properties before the OpenAI strict projection. Default: false. */
  readonly closeOpenObjects?: boolean;
}

/** One decision per contract, in the given order. */
export function decideStrict(
  contracts: readonly ModelToolContract[],
  options: StrictOptions,
): StrictDecision[] {
  const provider = modelProviderOf(options.provider, options.aiSdkProvider);
  const used = { strictTools: 0, optionalParameters: 0, unionParameters: 0 };
  return contracts.map((contract) => {
    const { name } = contract;
    const schema = toSentSchema(contract.inputSchema);
    const plain = (reason: StrictReason, message: string): StrictDecision => ({
      tool: name,
      strict: false,
      reason,
      message: `${name}: ${message}`,
      schema,
    });
    if (!contract.strict) return plain('not-requested', 'not eligible for strict mode');
    if (options.provider === 'gemini')
      return plain('no-strict-mode', 'Gemini function declarations have no strict mode');
    const dialect = strictDialectFor(contract, provider, options);
    if (dialect === undefined) {
      return plain(
        'not-first-party',
        provider === 'anthropic'
          ? `strict mode is only sent to Anthropic first-party models (model ${options.model.id})`
          : `strict mode is not sent to provider "${provider}"`,
      );
    }
    const source =
      dialect.provider === 'openai' && options.closeOpenObjects === true
        ? closeOpenObjects(schema)
        : schema;
    const projection = toStrictSchema(source, dialect);
    if (!projection.representable) {
      return {
        ...plain(
          'not-representable',
          `outside ${dialect.provider}'s strict subset: ${projection.problems.map((problem) => problem.message).join('; ')}`,
        ),
        problems: projection.problems,
      };
    }
    if (dialect.provider === 'anthropic') {
      const cost = {
        strictTools: 1,
        optionalParameters: countOptionalParameters(projection.schema),
        unionParameters: countUnionParameters(projection.schema),
      };
      const limit = (Object.keys(cost) as RequestLimitName[]).find(
        (key) => used[key] + cost[key] > ANTHROPIC_STRICT_REQUEST_LIMITS[key],
      );
      if (limit !== undefined) {
        return {
          ...plain(
            'request-limit',
            `sent without strict: with it the request would pass Anthropic's limit of ${ANTHROPIC_STRICT_REQUEST_LIMITS[limit]} ${LIMIT_WORDS[limit]}`,
          ),
          limit,
        };
      }
      for (const key of Object.keys(cost) as RequestLimitName[]) used[key] += cost[key];
    }
    return {
      tool: name,
      strict: true,
      reason: 'strict',
      message: `${name}: strict`,
      schema: projection.schema,
      ...(dialect.requireAllProperties ? { restoreFrom: source } : {}),
    };
  });
}

const LIMIT_WORDS: Readonly<Record<RequestLimitName, string>> = {
  strictTools: 'strict tools per request',
  optionalParameters: 'optional parameters per request',
  unionParameters: 'union-typed parameters per request',
};

function strictDialectFor(
  contract: ModelToolContract,
  provider: string,
  options: StrictOptions,
): StrictSchemaDialect | undefined {
  // OpenAI's strict mode is applied to every eligible tool (the Responses API is strict when
  // `strict` is left out, so it is always sent, true or false).
  return resolveStrictDialect(contract, {
    provider,
    model: options.model,
    openAiStrict: provider === 'openai',
  });
}

/** Properties, at any depth, that their object does not require. */
export function countOptionalParameters(schema: unknown): number {
  let count = 0;
  visitSchemas(schema, (node) => {
    const properties = node['properties'];
    if (!isSchemaObject(properties)) return;
    const required = new Set(Array.isArray(node['required']) ? node['required'] : []);
    count += Object.keys(properties).filter((name) => !required.has(name)).length;
  });
  return count;
}

/** Properties, at any depth, whose schema is a union (`anyOf` / `oneOf`, or a list of types). */
export function countUnionParameters(schema: unknown): number {
  let count = 0;
  visitSchemas(schema, (node) => {
    const properties = node['properties'];
    if (!isSchemaObject(properties)) return;
    for (const property of Object.values(properties)) {
      if (!isSchemaObject(property)) continue;
      if (
        Array.isArray(property['anyOf']) ||
        Array.isArray(property['oneOf']) ||
        typeList(property['type']).length > 1
      )
        count += 1;
    }
  });
  return count;
}

function visitSchemas(schema: unknown, visit: (node: Readonly<Record<string, unknown>>) => void) {
  if (!isSchemaObject(schema)) return;
  visit(schema);
  mapSubschemas(schema, (child) => {
    visitSchemas(child, visit);
    return child;
  });
}
