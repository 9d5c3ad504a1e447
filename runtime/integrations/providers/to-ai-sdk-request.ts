/**
 * The Vercel AI SDK tool set (`projectAiSdkTools`, the one AI SDK adapter), with a JSON view of
 * what the SDK is handed: `{tools: {<name>: {description, inputSchema, strict?, needsApproval}}}`.
 * The SDK converts that to its provider's wire format, so the bytes measured here are the SDK's
 * input, not the provider's request.
 *
 * A turn's restriction is not sent as `activeTools`: the SDK removes inactive tools before the
 * provider request (`filterActiveTools` in `ai`), which would change the provider's cached prefix
 * every restricted turn. The tool set stays whole, the excluded tools are noted
 * (`restricted-by-refusal`), and the session refuses calls to them (`turnRestriction`).
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
import { restrictionNotes } from './restriction-notes.js';

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
  const request: AiSdkToolsFragment = { tools: views };
  notes.push(...restrictionNotes(listed, options.allowedTools, 'the AI SDK'));
  return { provider: 'ai-sdk', request, tools, strict, notes, toolSet: projection.tools };
}
