/**
 * The request formats a tool list can be projected to. Each is one provider API's way of sending
 * tools; `ai-sdk` is the Vercel AI SDK's tool set, which the SDK converts for the provider below it.
 */

/**
 * - `anthropic`: the Messages API `tools` parameter (and `tool_choice`);
 * - `openai`: Chat Completions function tools (`tools`, `tool_choice`, `parallel_tool_calls`);
 * - `openai-responses`: Responses API function tools (`tools`, `tool_choice`, `parallel_tool_calls`);
 * - `gemini`: `tools[].functionDeclarations` and `toolConfig` of `generateContent`;
 * - `ai-sdk`: the `tools` record of the AI SDK's `generateText` / `streamText`.
 */
export type ProviderName = 'anthropic' | 'openai' | 'openai-responses' | 'gemini' | 'ai-sdk';

/** Every {@link ProviderName}, in the order reports list them. */
export const PROVIDER_NAMES: readonly ProviderName[] = [
  'anthropic',
  'openai',
  'openai-responses',
  'gemini',
  'ai-sdk',
];

/** The provider of a request format as `ModelProfile.provider` and the strict dialects name it. */
export function modelProviderOf(provider: ProviderName, aiSdkProvider = 'anthropic'): string {
  switch (provider) {
    case 'anthropic':
      return 'anthropic';
    case 'openai':
    case 'openai-responses':
      return 'openai';
    case 'gemini':
      return 'google';
    case 'ai-sdk':
      return aiSdkProvider;
  }
}

/** Whether `value` is a {@link ProviderName}. */
export function isProviderName(value: string): value is ProviderName {
  return (PROVIDER_NAMES as readonly string[]).includes(value);
}
