/**
 * The Vercel AI SDK tool set (`projectAiSdkTools`, the one AI SDK adapter) and `activeTools`, with
 * a JSON view of what the SDK is handed: `{tools: {<name>: {description, inputSchema, strict?,
 * needsApproval}}, activeTools?}`. The SDK converts that to its provider's wire format, so the
 * bytes measured here are the SDK's input, not the provider's request.
 *
 * A turn's restriction is `activeTools`. The tool set stays the same object, but the SDK removes
 * inactive tools before the provider request (`filterActiveTools` in `ai`), so on the wire it is a
 * removal and the provider's cached prefix changes: noted as `restricted-by-removal`.
 */
import type { ToolSet } from 'ai';
import { projectAiSdkTools } from '../adapters/to-ai-sdk-tools.js';
import type { ModelToolContract } from '../../core/contract.js';
import type {
  ProjectionNote,
  ProviderRequest,
  ProviderRequestOptions,
  SentTool,
} from './provider-request.js';
import { decideStrict } from './strict-decisions.js';
import { allowedIn } from './to-openai-chat-request.js';

/** One tool as the AI SDK is handed it (the JSON part of its `Tool`). */
export interface AiSdkToolView {
  readonly description: string | undefined;
  readonly inputSchema: unknown;
  readonly strict?: true;
  readonly needsApproval: boolean;
}

/** The `generateText` / `streamText` fields this projection sets, as JSON. */
export interface AiSdkToolsFragment {
  readonly tools: Readonly<Record<string, AiSdkToolView>>;
  readonly activeTools?: string[];
}

export interface AiSdkRequest extends ProviderRequest<AiSdkToolsFragment> {
  /** The tool set to hand to `generateText` / `streamText`. */
  readonly toolSet: ToolSet;
}

export function toAiSdkRequest(
  contracts: readonly ModelToolContract[],
  options: ProviderRequestOptions,
): AiSdkRequest {
  const provider = options.aiSdkProvider ?? 'anthropic';
  const projection = projectAiSdkTools(contracts, {
    provider,
    model: options.model,
    openAiStrict: provider === 'openai',
  });
  const notes: ProjectionNote[] = projection.notes
    .filter((note) => note.omitted)
    .map((note) => ({ tool: note.tool, code: 'omitted', message: note.message }));
  const listed = contracts.filter((contract) => contract.name in projection.tools);
  const strict = decideStrict(listed, {
    provider: 'ai-sdk',
    aiSdkProvider: provider,
    model: options.model,
  });
  const tools: SentTool[] = listed.map((contract) => {
    const tool = projection.tools[contract.name]!;
    const schema = (tool.inputSchema as { readonly jsonSchema: unknown }).jsonSchema;
    return {
      name: contract.name,
      sentName: contract.name,
      entry: {
        description: tool.description,
        inputSchema: schema,
        ...(tool.strict === true ? { strict: true as const } : {}),
        needsApproval: contract.flags.needsApproval,
      } satisfies AiSdkToolView,
    };
  });
  const views = Object.fromEntries(tools.map((tool) => [tool.name, tool.entry as AiSdkToolView]));
  const active =
    options.allowedTools === undefined ? undefined : allowedIn(listed, options.allowedTools);
  const request: AiSdkToolsFragment = {
    tools: views,
    ...(active === undefined ? {} : { activeTools: active }),
  };
  if (active !== undefined) {
    const activeSet = new Set(active);
    for (const contract of listed) {
      if (!activeSet.has(contract.name))
        notes.push({
          tool: contract.name,
          code: 'restricted-by-removal',
          message: `${contract.name}: inactive this turn; the AI SDK removes inactive tools before the provider request, so the provider's cached prefix changes`,
        });
    }
  }
  return { provider: 'ai-sdk', request, tools, strict, notes, toolSet: projection.tools };
}
