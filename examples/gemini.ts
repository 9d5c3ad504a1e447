/**
 * An agent loop on Gemini (`@google/genai`): send the function declarations once, run the
 * reply's `functionCall` parts through the session, answer with `functionResponse` parts
 * (images inline in them), repeat until no function is called. Gemini may rename a tool to
 * fit its name rule; `resolveToolCallName` maps the call back.
 */
import type { Content, GoogleGenAI } from '@google/genai';
import type { ModelProfile, ToolBatchResult } from '@tool-contracts/runtime';
import { toGeminiFunctionResponse } from '@tool-contracts/runtime/adapters';
import { projectProviderRequest, resolveToolCallName } from '@tool-contracts/runtime/providers';
import { createHostSession, type HostOptions } from './host-session.js';

export interface GeminiAgentOptions extends HostOptions {
  readonly client: GoogleGenAI;
  readonly prompt: string;
  readonly model?: string;
}

export async function runGeminiAgent(options: GeminiAgentOptions) {
  const model: ModelProfile = {
    id: options.model ?? 'gemini-3-pro',
    provider: 'google',
    firstParty: false,
    supportsNativeWebSearch: false,
    supportsPdf: true,
  };
  const session = await createHostSession(options, model);
  try {
    const projection = projectProviderRequest('gemini', session.tools(), { model });
    const contents: Content[] = [{ role: 'user', parts: [{ text: options.prompt }] }];
    const batches: ToolBatchResult[] = [];
    for (;;) {
      const response = await options.client.models.generateContent({
        model: model.id,
        contents,
        config: { tools: projection.request.tools },
      });
      const reply = response.candidates?.[0]?.content ?? { role: 'model', parts: [] };
      contents.push(reply);
      const calls = response.functionCalls ?? [];
      if (calls.length === 0) return { text: response.text ?? '', batches };
      const batch = await session.run(
        calls.map((call, index) => {
          const resolved = resolveToolCallName(projection, { name: call.name ?? '' });
          return {
            id: call.id ?? `call_${index}`,
            name: resolved.known ? resolved.name : (call.name ?? ''),
            input: call.args ?? {},
          };
        }),
      );
      batches.push(batch);
      contents.push({
        role: 'user',
        parts: batch.results.map((result, index) =>
          toGeminiFunctionResponse({ name: calls[index]!.name!, id: calls[index]!.id }, result),
        ),
      });
    }
  } finally {
    await session.close();
  }
}
