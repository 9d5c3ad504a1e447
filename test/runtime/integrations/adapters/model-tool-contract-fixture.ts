/**
 * Model tool contracts for adapter tests: complete values, so a test states only what it is about.
 */
import type {
  JsonSchema,
  ModelProfile,
  ModelToolContract,
  ModelToolFlags,
} from '../../../../runtime/core/contract.js';

export type ContractOverrides = Partial<Omit<ModelToolContract, 'flags'>> & {
  readonly flags?: Partial<ModelToolFlags>;
};

export function modelToolContract(
  name: string,
  overrides: ContractOverrides = {},
): ModelToolContract {
  const { flags, ...rest } = overrides;
  return {
    name,
    description: `${name} does one thing.`,
    inputSchema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { value: { type: 'string' } },
      required: ['value'],
      additionalProperties: false,
    },
    outputSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'string' },
    strict: false,
    executionMode: 'client',
    flags: {
      readOnly: true,
      destructive: false,
      concurrentSafe: true,
      sideEffectScope: 'none',
      riskLevel: 'low',
      needsApproval: false,
      requiresUserInteraction: false,
      allowedInPlanMode: true,
      stopTurnOnSuccess: false,
      idempotent: true,
      ...flags,
    },
    permission: {
      permission: name.toLowerCase(),
      reason: `${name} needs it`,
      riskLevel: 'low',
      sideEffectScope: 'none',
      needsApproval: false,
      alwaysAsk: false,
      askOptions: { allowAlways: true },
      patternSources: [],
      alwaysAllowPatternSources: [],
      denyPriority: 'beforeAsk',
    },
    resultBudget: {
      maxInlineBytes: 50_000,
      maxModelBytes: 50_000,
      strategy: 'truncate',
      preview: { maxBytes: 2_000, direction: 'head' },
      artifact: { enabled: false, retention: 'turn' },
    },
    maxOutputBytes: 1_000_000,
    ...rest,
  };
}

export function modelProfile(overrides: Partial<ModelProfile> = {}): ModelProfile {
  return {
    id: 'claude-test-1',
    provider: 'anthropic',
    supportsNativeWebSearch: true,
    supportsPdf: true,
    firstParty: true,
    ...overrides,
  };
}

/** The input schema without `$schema`, as a strict projection sends it. */
export function withoutDraft(schema: JsonSchema): JsonSchema {
  const { $schema: _draft, ...rest } = schema;
  return rest;
}
