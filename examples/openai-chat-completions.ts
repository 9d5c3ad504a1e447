/**
 * An agent loop on OpenAI Chat Completions (`openai`): send the tools once, run each assistant
 * message's `tool_calls` through the session, answer with `tool` messages (a tool message takes
 * text only, so images follow in one `user` message), repeat until no tool is called.
 */
import type OpenAI from 'openai';
import type { ModelProfile, ToolBatchResult } from '@tool-contracts/runtime';
import { toOpenAiChatToolMessages } from '@tool-contracts/runtime/adapters';
import { projectProviderRequest } from '@tool-contracts/runtime/providers';
import { createHostSession, type HostOptions } from './host-session.js';

export interface OpenAiChatAgentOptions extends HostOptions {
  readonly client: OpenAI;
  readonly prompt: string;
  readonly model?: string;
}

export async function runOpenAiChatAgent(options: OpenAiChatAgentOptions) {
  const model: ModelProfile = {
    id: options.model ?? 'gpt-5.4',
    provider: 'openai',
    firstParty: false, // only says whether Anthropic strict tool use applies
    supportsNativeWebSearch: false,
    supportsPdf: false,
  };
  const session = await createHostSession(options, model);
  try {
    // The same tool bytes open every request: the prompt cache keeps them.
    const { request: tools } = projectProviderRequest('openai', session.tools(), { model });
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
      { role: 'user', content: options.prompt },
    ];
    const batches: ToolBatchResult[] = [];
    for (;;) {
      const completion = await options.client.chat.completions.create({
        model: model.id,
        messages,
        ...tools,
      });
      const reply = completion.choices[0]!.message;
      messages.push(reply);
      const calls = (reply.tool_calls ?? []).filter((call) => call.type === 'function');
      if (calls.length === 0) return { text: reply.content ?? '', batches };
      const batch = await session.run(
        calls.map((call) => ({
          id: call.id,
          name: call.function.name,
          input: call.function.arguments, // the session parses the JSON text
        })),
      );
      batches.push(batch);
      messages.push(...toOpenAiChatToolMessages(batch.results));
    }
  } finally {
    await session.close();
  }
}
