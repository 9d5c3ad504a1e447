/**
 * An agent loop on the AI SDK's `generateText` (`ai` + `@ai-sdk/anthropic`): the SDK runs the
 * steps and the session runs each call (`toAiSdkTools` with the session). A call that needs
 * approval stops `generateText` with a `tool-approval-request`; the host asks, answers with a
 * `tool-approval-response`, and calls `generateText` again with the conversation so far.
 */
import type { AnthropicProvider } from '@ai-sdk/anthropic';
import { generateText, stepCountIs, type ModelMessage } from 'ai';
import type { ModelProfile } from '@tool-contracts/runtime';
import { toAiSdkTools } from '@tool-contracts/runtime/adapters';
import { createHostSession, type HostOptions } from './host-session.js';

export interface AiSdkAgentOptions extends Pick<HostOptions, 'workingDirectory'> {
  /** `createAnthropic({ apiKey, baseURL })`. */
  readonly anthropic: AnthropicProvider;
  readonly prompt: string;
  readonly model?: string;
  /** Asks the person at the host whether the SDK may run this call. */
  readonly approve: (call: { toolName: string; input: unknown }) => Promise<boolean>;
}

export async function runAiSdkAgent(options: AiSdkAgentOptions) {
  const model: ModelProfile = {
    id: options.model ?? 'claude-sonnet-4-6',
    provider: 'anthropic',
    firstParty: true,
    supportsNativeWebSearch: false,
    supportsPdf: true,
  };
  // No session approver: the SDK asks (needsApproval), and runs only what the host approved.
  const session = await createHostSession({ workingDirectory: options.workingDirectory }, model);
  try {
    // One tool set for the conversation: the same tools in every request.
    const tools = toAiSdkTools(session.tools(), { provider: 'anthropic', model, session });
    const messages: ModelMessage[] = [{ role: 'user', content: options.prompt }];
    for (;;) {
      const result = await generateText({
        model: options.anthropic(model.id),
        tools,
        messages,
        stopWhen: stepCountIs(20),
      });
      messages.push(...result.response.messages);
      const requests = result.content.filter((part) => part.type === 'tool-approval-request');
      if (requests.length === 0) return { text: result.text };
      const answers = [];
      for (const request of requests) {
        answers.push({
          type: 'tool-approval-response' as const,
          approvalId: request.approvalId,
          approved: await options.approve(request.toolCall),
        });
      }
      messages.push({ role: 'tool', content: answers });
    }
  } finally {
    await session.close();
  }
}
