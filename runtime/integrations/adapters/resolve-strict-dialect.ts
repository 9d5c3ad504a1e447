import type { ModelProfile, ModelToolContract } from '../../core/contract.js';
import {
  ANTHROPIC_STRICT_DIALECT,
  OPENAI_STRICT_DIALECT,
  type StrictSchemaDialect,
} from './strict-schema-dialects.js';

/** What decides whether a tool is sent in strict mode. */
export interface StrictModeInput {
  /** Provider the request goes to (`anthropic`, `openai`, …). */
  readonly provider: string;
  readonly model: ModelProfile;
  /** Opt in to OpenAI strict function calling for eligible contracts. Default: false. */
  readonly openAiStrict?: boolean;
}

/**
 * The strict dialect a contract is sent in, or `undefined` for no strict mode.
 *
 * `contract.strict` is eligibility only. Strict mode is sent when the contract is eligible, the
 * provider is `anthropic` and the model is an Anthropic first-party model (a first-party Claude
 * model served by another provider, or a third-party model on Anthropic's API, gets none). As an
 * explicit opt-in (`openAiStrict`), eligible contracts sent to `openai` use OpenAI's strict subset.
 */
export function resolveStrictDialect(
  contract: Pick<ModelToolContract, 'strict'>,
  input: StrictModeInput,
): StrictSchemaDialect | undefined {
  if (!contract.strict) return undefined;
  if (input.provider === 'anthropic' && input.model.firstParty) return ANTHROPIC_STRICT_DIALECT;
  if (input.provider === 'openai' && input.openAiStrict === true) return OPENAI_STRICT_DIALECT;
  return undefined;
}
