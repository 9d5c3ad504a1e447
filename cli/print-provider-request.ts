/**
 * `list --provider NAME`: the request fragment a provider is sent for the tool list, with bytes
 * and tokens of exactly those bytes, per tool and in total, the strict decisions and the
 * fingerprint of the sent bytes.
 */
import type { ModelProfile, ModelToolContract } from '../runtime/core/contract.js';
import { measureRequest } from '../runtime/integrations/providers/measure-request.js';
import { projectProviderRequest } from '../runtime/integrations/providers/project-provider-request.js';
import type { ProviderName } from '../runtime/integrations/providers/provider-name.js';
import { tokenCounterFor } from '../runtime/integrations/providers/token-counter.js';
import { autoDeferredMcpTools, deferredNames } from '../runtime/core/visibility/deferred-tools.js';
import type { CommandIO } from './command-io.js';
import { count } from './count-noun.js';

export interface PrintProviderRequestInput {
  readonly provider: ProviderName;
  readonly tools: readonly ModelToolContract[];
  readonly allowedTools?: readonly string[];
  readonly model: ModelProfile;
  readonly geminiSchema: 'json-schema' | 'openapi';
  readonly closeOpenObjects: boolean;
  /** Ask for one tool call per message (`parallelToolCalls: false`). */
  readonly serial: boolean;
  readonly aiSdkProvider: string;
  /** `mcp`, `auto` or tool names. */
  readonly defer: readonly string[];
  readonly contextWindow: number;
  readonly discovered: readonly string[];
  /** `main session, terminal host, model …`. */
  readonly context: string;
  readonly json: boolean;
}

const FORMAT_NAMES: Readonly<Record<ProviderName, string>> = {
  anthropic: 'Anthropic Messages tools',
  openai: 'OpenAI Chat Completions function tools',
  'openai-responses': 'OpenAI Responses function tools',
  gemini: 'Gemini function declarations',
  'ai-sdk': 'AI SDK tool set',
};

export async function printProviderRequest(
  io: CommandIO,
  input: PrintProviderRequestInput,
): Promise<void> {
  const counter = await tokenCounterFor(input.provider, input.aiSdkProvider);
  const deferred = new Set<string>();
  for (const what of input.defer) {
    if (what === 'mcp') {
      for (const tool of input.tools) if (tool.mcp !== undefined) deferred.add(tool.name);
    } else if (what === 'auto') {
      const eager = projectProviderRequest(input.provider, input.tools, { model: input.model });
      const tokens = counter.count(JSON.stringify(eager.request));
      for (const name of autoDeferredMcpTools(input.tools, tokens, input.contextWindow))
        deferred.add(name);
    } else {
      deferred.add(what);
    }
  }
  // `loading: deferred` manifests count as deferred here too (the report's `deferred` list).
  for (const name of deferredNames(input.tools)) deferred.add(name);
  const request = projectProviderRequest(input.provider, input.tools, {
    model: input.model,
    ...(deferred.size === 0 ? {} : { deferred, discovered: input.discovered }),
    geminiSchema: input.geminiSchema,
    closeOpenObjects: input.closeOpenObjects,
    ...(input.serial ? { parallelToolCalls: false } : {}),
    aiSdkProvider: input.aiSdkProvider,
    ...(input.allowedTools === undefined ? {} : { allowedTools: input.allowedTools }),
  });
  const measure = measureRequest(request, counter, input.aiSdkProvider);
  // Native deferred loading keeps deferred definitions out of the prompt although they are sent.
  const deferredTokens = measure.tools
    .filter(
      (tool, index) =>
        (request.tools[index]?.entry as { defer_loading?: boolean }).defer_loading === true,
    )
    .reduce((sum, tool) => sum + tool.tokens, 0);
  const strictOf = new Map(request.strict.map((decision) => [decision.tool, decision]));
  if (input.json) {
    io.out(
      JSON.stringify(
        {
          provider: input.provider,
          request: request.request,
          tools: request.request.tools,
          bytes: measure.bytes,
          tokens: measure.tokens,
          ...(deferredTokens === 0 ? {} : { loadedTokens: measure.tokens - deferredTokens }),
          deferred: [...deferred],
          ...(measure.overheadTokens === undefined
            ? {}
            : { overheadTokens: measure.overheadTokens }),
          tokenizer: measure.tokenizer,
          exactness: measure.exactness,
          fingerprint: measure.fingerprint,
          perTool: measure.tools.map((tool) => ({
            ...tool,
            strict: strictOf.get(tool.name)?.strict ?? false,
          })),
          strict: request.strict.map(({ tool, strict, reason, message }) => ({
            tool,
            strict,
            reason,
            message,
          })),
          notes: request.notes,
        },
        null,
        2,
      ),
    );
    return;
  }
  const rows = measure.tools;
  const nameWidth = Math.max(4, ...rows.map((row) => row.sentName.length));
  const bytesWidth = Math.max(5, ...rows.map((row) => String(row.bytes).length));
  const tokensWidth = Math.max(6, ...rows.map((row) => String(row.tokens).length));
  const indexWidth = Math.max(1, String(rows.length).length);
  const overhead =
    measure.overheadTokens === undefined
      ? ''
      : ` (+${measure.overheadTokens} tokens of the provider's tool-use system prompt)`;
  const lines = [
    `${input.context} → ${FORMAT_NAMES[input.provider]}: ${count(rows.length, 'tool')}`,
    `${'#'.padStart(indexWidth)}  ${'name'.padEnd(nameWidth)}  ${'bytes'.padStart(bytesWidth)}  ${'tokens'.padStart(tokensWidth)}  strict`,
    ...rows.map(
      (row, index) =>
        `${String(index + 1).padStart(indexWidth)}  ${row.sentName.padEnd(nameWidth)}  ${String(row.bytes).padStart(bytesWidth)}  ${String(row.tokens).padStart(tokensWidth)}  ${strictOf.get(row.name)?.strict === true ? 'yes' : 'no'}`,
    ),
    `total: ${measure.bytes} bytes, ${measure.tokens} tokens${overhead}`,
    ...(deferredTokens === 0
      ? []
      : [
          `in the prompt: ${measure.tokens - deferredTokens} tokens (${deferred.size} deferred tools are loaded when a search finds them)`,
        ]),
    `tokens: ${measure.tokenizer} (${measure.exactness === 'exact' ? 'exact for these bytes' : 'an estimate'})`,
    `fingerprint: sha256:${measure.fingerprint}`,
    ...request.strict
      .filter((decision) => decision.reason !== 'not-requested' && decision.reason !== 'strict')
      .map((decision) => `strict: ${decision.message}`),
    ...request.notes.map((note) => `note: ${note.message}`),
  ];
  io.out(lines.join('\n'));
}
