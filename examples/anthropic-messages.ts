/**
 * An agent loop on the Anthropic Messages API (`@anthropic-ai/sdk`): send the tools once, run
 * each assistant message's `tool_use` blocks through the session, answer with `tool_result`
 * blocks (images as image blocks), repeat until the model stops asking for tools.
 */
import Anthropic from '@anthropic-ai/sdk';
import type { ModelProfile, ToolBatchResult } from '@tool-contracts/runtime';
import { toAnthropicToolResult } from '@tool-contracts/runtime/adapters';
import { projectProviderRequest } from '@tool-contracts/runtime/providers';
import { createHostSession, type HostOptions } from './host-session.js';

export interface AnthropicAgentOptions extends HostOptions {
  readonly client: Anthropic;
  readonly prompt: string;
  readonly model?: string;
}

export async function runAnthropicAgent(options: AnthropicAgentOptions) {
  const model: ModelProfile = {
    id: options.model ?? 'claude-sonnet-4-6',
    provider: 'anthropic',
    firstParty: true, // Anthropic's own model: strict tool use is sent where a tool allows it
    supportsNativeWebSearch: false,
    supportsPdf: true,
  };
  const session = await createHostSession(options, model);
  try {
    // One projection for the whole conversation: the same tool bytes open every request,
    // so the provider's prompt cache keeps them.
    const { request: tools } = projectProviderRequest('anthropic', session.tools(), { model });
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: options.prompt }];
    const batches: ToolBatchResult[] = [];
    for (;;) {
      const reply = await options.client.messages.create({
        model: model.id,
        max_tokens: 4096,
        messages,
        ...tools,
      });
      messages.push({ role: 'assistant', content: reply.content });
      const calls = reply.content.filter((block) => block.type === 'tool_use');
      if (calls.length === 0)
        return {
          text: reply.content.map((block) => (block.type === 'text' ? block.text : '')).join(''),
          batches,
        };
      // The session runs the calls in the executor's order: concurrent-safe reads together,
      // every other call alone, in the order the model sent them.
      const batch = await session.run(
        calls.map((call) => ({ id: call.id, name: call.name, input: call.input })),
      );
      batches.push(batch);
      messages.push({
        role: 'user',
        content: batch.results.map((result) => toAnthropicToolResult(result.callId, result)),
      });
    }
  } finally {
    await session.close();
  }
}
