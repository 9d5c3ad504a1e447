/**
 * Token counts of exactly the bytes a request sends, from local tokenizer packages (no network).
 *
 * - OpenAI (`openai`, `openai-responses`): `gpt-tokenizer`'s `o200k_base`, the encoding of the
 *   GPT-4o, GPT-4.1, GPT-5 and o-series models — exact for these bytes. What OpenAI bills for
 *   tools is its own rendering of the definitions (not this JSON), so it is an estimate of that.
 * - Anthropic: `@anthropic-ai/tokenizer`, Anthropic's published tokenizer of older Claude models;
 *   current models tokenize differently, so the count is an estimate (the `count_tokens` API is
 *   the exact figure). The documented tool-use system prompt is added apart (`toolUseOverhead`).
 * - Gemini: no local tokenizer works offline (`@google/genai/tokenizer` downloads its model file
 *   at run time), so `o200k_base` stands in: an estimate.
 * - AI SDK: the tokenizer of the provider below the SDK, an estimate of that provider's request.
 */
import { createRequire } from 'node:module';
import type { ProviderName } from './provider-name.js';

export interface TokenCounter {
  /** Package and encoding: `gpt-tokenizer o200k_base`, `@anthropic-ai/tokenizer`. */
  readonly tokenizer: string;
  /** `exact`: the provider's own tokenizer for these bytes; `estimate`: a stand-in. */
  readonly exactness: 'exact' | 'estimate';
  count(text: string): number;
}

/** The token counter for `provider` (loaded on first use; the tokenizers are large). */
export async function tokenCounterFor(
  provider: ProviderName,
  aiSdkProvider = 'anthropic',
): Promise<TokenCounter> {
  const family =
    provider === 'ai-sdk'
      ? aiSdkProvider === 'anthropic'
        ? 'anthropic'
        : 'o200k'
      : provider === 'anthropic'
        ? 'anthropic'
        : 'o200k';
  const exact = provider === 'openai' || provider === 'openai-responses';
  if (family === 'anthropic') {
    const require = createRequire(import.meta.url);
    const { getTokenizer } = require('@anthropic-ai/tokenizer') as {
      getTokenizer(): { encode(text: string, allowedSpecial: 'all'): Uint32Array };
    };
    // One encoder for the process: building it parses the whole BPE table (~200 ms).
    const tokenizer = getTokenizer();
    return {
      tokenizer: '@anthropic-ai/tokenizer',
      exactness: 'estimate',
      count: (text) => tokenizer.encode(text.normalize('NFKC'), 'all').length,
    };
  }
  const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');
  return {
    tokenizer: 'gpt-tokenizer o200k_base',
    exactness: exact ? 'exact' : 'estimate',
    count: (text) => countTokens(text),
  };
}

/**
 * Tokens a provider adds for tool use beyond the tool definitions, where it documents them.
 * Anthropic: the tool-use system prompt of current Claude models, 346 tokens with `tool_choice`
 * `auto` or `none`, 313 with `any` or `tool`. OpenAI and Gemini document none.
 */
export function toolUseOverhead(
  provider: ProviderName,
  toolChoice: 'auto' | 'none' | 'any' | 'tool' = 'auto',
  aiSdkProvider = 'anthropic',
): number | undefined {
  const anthropic =
    provider === 'anthropic' || (provider === 'ai-sdk' && aiSdkProvider === 'anthropic');
  if (!anthropic) return undefined;
  return toolChoice === 'auto' || toolChoice === 'none' ? 346 : 313;
}
