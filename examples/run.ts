/**
 * Run one example host against the real provider, asking on the terminal before each call
 * that needs approval:
 *
 *   npx tsx examples/run.ts anthropic "Rename foo to bar in src/a.ts" [DIRECTORY]
 *
 * PROVIDER is anthropic, openai-responses, openai-chat, gemini or ai-sdk. The SDKs read their
 * keys and endpoints from the environment: ANTHROPIC_API_KEY / ANTHROPIC_BASE_URL,
 * OPENAI_API_KEY / OPENAI_BASE_URL, GEMINI_API_KEY / GOOGLE_GEMINI_BASE_URL. The tools work in
 * DIRECTORY (default: the current directory).
 */
import { createInterface } from 'node:readline';
import path from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import { createAnthropic } from '@ai-sdk/anthropic';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import type { RequestApproval } from '@tool-contracts/runtime';
import { runAiSdkAgent } from './ai-sdk-generate-text.js';
import { runAnthropicAgent } from './anthropic-messages.js';
import { runGeminiAgent } from './gemini.js';
import { runOpenAiChatAgent } from './openai-chat-completions.js';
import { runOpenAiResponsesAgent } from './openai-responses.js';

const [provider = '', prompt = '', directory = '.'] = process.argv.slice(2);
const workingDirectory = path.resolve(directory);
// Answers are read as lines, in order, so they may also be piped in ahead of the questions.
const terminal = createInterface({ input: process.stdin });
const answers = terminal[Symbol.asyncIterator]();
const ask = async (question: string) => {
  process.stderr.write(`${question} [y/N] `);
  const answer = await answers.next();
  return answer.done !== true && /^y/i.test(answer.value);
};
const approve: RequestApproval = async (request) =>
  (await ask(`${request.preview ?? `${request.tool} ${JSON.stringify(request.input)}`}\nAllow?`))
    ? { decision: 'allow' }
    : { decision: 'deny', message: 'The user declined.' };

const hosts: Record<string, () => Promise<{ text: string }>> = {
  anthropic: () =>
    runAnthropicAgent({ client: new Anthropic(), prompt, workingDirectory, approve }),
  'openai-responses': () =>
    runOpenAiResponsesAgent({ client: new OpenAI(), prompt, workingDirectory, approve }),
  'openai-chat': () =>
    runOpenAiChatAgent({ client: new OpenAI(), prompt, workingDirectory, approve }),
  gemini: () => runGeminiAgent({ client: new GoogleGenAI({}), prompt, workingDirectory, approve }),
  'ai-sdk': () =>
    runAiSdkAgent({
      anthropic: createAnthropic(),
      prompt,
      workingDirectory,
      approve: (call) => ask(`${call.toolName} ${JSON.stringify(call.input)}\nAllow?`),
    }),
};

const host = hosts[provider];
if (host === undefined || prompt === '') {
  process.stderr.write(
    `usage: tsx examples/run.ts ${Object.keys(hosts).join('|')} PROMPT [DIRECTORY]\n`,
  );
  process.exitCode = 2;
  terminal.close();
} else {
  try {
    process.stdout.write(`${(await host()).text}\n`);
  } finally {
    terminal.close();
  }
}
