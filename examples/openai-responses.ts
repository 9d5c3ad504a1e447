/**
 * An agent loop on the OpenAI Responses API (`openai`): send the tools once, run the
 * response's `function_call` items through the session, answer with `function_call_output`
 * items (images as `input_image` parts), repeat until no function is called.
 */
import type OpenAI from 'openai';
import type { ModelProfile, ToolBatchResult } from '@tool-contracts/runtime';
import { toOpenAiResponsesOutput } from '@tool-contracts/runtime/adapters';
import { projectProviderRequest, resolveToolCallName } from '@tool-contracts/runtime/providers';
import { createHostSession, type HostOptions } from './host-session.js';

export interface OpenAiResponsesAgentOptions extends HostOptions {
  readonly client: OpenAI;
  readonly prompt: string;
  readonly model?: string;
}

export async function runOpenAiResponsesAgent(options: OpenAiResponsesAgentOptions) {
  const model: ModelProfile = {
    id: options.model ?? 'gpt-5.4',
    provider: 'openai',
    firstParty: false,
    supportsNativeWebSearch: false,
    supportsPdf: true,
  };
  const session = await createHostSession(options, model);
  try {
    const projection = projectProviderRequest('openai-responses', session.tools(), { model });
    // The whole conversation is sent each time (no `previous_response_id`), tools first.
    const input: OpenAI.Responses.ResponseInputItem[] = [{ role: 'user', content: options.prompt }];
    const batches: ToolBatchResult[] = [];
    for (;;) {
      const response = await options.client.responses.create({
        model: model.id,
        input,
        ...projection.request,
      });
      input.push(...(response.output as OpenAI.Responses.ResponseInputItem[]));
      const calls = response.output.filter((item) => item.type === 'function_call');
      if (calls.length === 0) return { text: response.output_text, batches };
      const batch = await session.run(
        calls.map((call) => {
          // A call into a namespace of deferred tools names it; this resolves either way.
          const resolved = resolveToolCallName(projection, call);
          return {
            id: call.call_id,
            name: resolved.known ? resolved.name : call.name,
            input: call.arguments,
          };
        }),
      );
      batches.push(batch);
      input.push(...batch.results.map((result) => toOpenAiResponsesOutput(result.callId, result)));
    }
  } finally {
    await session.close();
  }
}
