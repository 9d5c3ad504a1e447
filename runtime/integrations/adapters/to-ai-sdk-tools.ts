/**
 * The last visibility layer: model tool contracts → the `tools` record the Vercel AI SDK's
 * `generateText` / `streamText` take.
 *
 * Only what the provider needs crosses this line: name, description, input schema, `strict` and
 * `needsApproval`. Read-only, concurrency, scope, risk, permission and budget stay inside the
 * runtime: the provider has no use for them and every extra byte is prompt prefix.
 *
 * With a `session`, the SDK runs client calls through it (`ToolSession.call`: permission,
 * approval, hooks, validation, budgets, timeouts), and approval is the SDK's own round trip:
 * `needsApproval` asks the session whether permission would ask; the SDK then stops with a
 * `tool-approval-request`, and once the host answers with a `tool-approval-response` it runs the
 * approved call (the session is told it was approved) or tells the model it was denied.
 * Results reach the model through `toModelOutput`: text, or content parts with media (Read's
 * images and PDF pages, MCP images) — `media: false` sends their text description instead.
 */
import { jsonSchema, tool, type JSONSchema7, type Tool, type ToolSet } from 'ai';
import type { ToolCallResult } from '../../call-path/call/call-tool.js';
import { blocksToText } from '../../call-path/call/tool-content-blocks.js';
import type {
  JsonSchema,
  ModelProfile,
  ModelToolContract,
  ToolContentBlock,
} from '../../core/contract.js';
import { safeHoistLocalRefs } from '../../core/json-schema/hoist-local-refs.js';
import type { ToolSession } from '../../call-path/session/create-tool-session.js';
import type { ToolErrorCode } from '../../core/tool-error-code.js';
import type { TurnRestriction } from '../../core/visibility/turn-filter.js';
import { resolveStrictDialect } from './resolve-strict-dialect.js';
import { restoreOptionalProperties } from './restore-optional-properties.js';
import type { SchemaProblem } from '../../core/json-schema/schema-problem.js';
import { toStrictSchema } from './to-strict-schema.js';

/** What `toModelOutput` returns (the SDK's `ToolResultOutput`, which `ai` does not re-export). */
export type AiSdkModelOutput = Awaited<ReturnType<NonNullable<Tool['toModelOutput']>>>;

/** What the adapter needs of a session (`ToolSession` satisfies it). */
export type AiSdkToolSession = Pick<ToolSession, 'call' | 'needsApproval'>;

/** What a client tool's `execute` returns to the SDK: the result as the runtime made it. */
export interface AiSdkToolOutput {
  /** Exactly what the model reads (the text). */
  readonly content: string;
  /** Media blocks, when the result has them (`ToolCallResult.blocks`). */
  readonly blocks?: readonly ToolContentBlock[];
  readonly isError: boolean;
  readonly errorCode?: ToolErrorCode;
}

export interface AiSdkToolsOptions {
  /** Provider the request goes to, as the AI SDK provider calls itself: `anthropic`, `openai`, … */
  readonly provider: string;
  /** The model the list is for. */
  readonly model: ModelProfile;
  /**
   * Runs client tool calls (permission, approval, hooks, validation, budgets, timeouts), and
   * decides `needsApproval` per call. Absent: tools carry no `execute`, `needsApproval` is the
   * contract's flag, and the SDK hands the calls back to the caller (the article's adapter
   * leaves `execute` empty so the SDK never runs a tool itself).
   */
  readonly session?: AiSdkToolSession;
  /**
   * The provider takes media (images, PDFs) in tool results. Default: true. `false`: media
   * blocks reach the model as their text description (`[image: image/png, 68 bytes]`).
   */
  readonly media?: boolean;
  /**
   * The model accepts local refs only as `#/$defs/<name>`: every other local ref is hoisted
   * (see `hoistLocalRefs`). Default: false.
   */
  readonly requiresDefsRefs?: boolean;
  /**
   * Send strict-eligible contracts to `openai` in strict mode, with the OpenAI strict projection
   * of their schema. Default: false (strict mode is otherwise only for Anthropic first-party models).
   */
  readonly openAiStrict?: boolean;
  /**
   * The turn's restriction, passed to each `session.call`: a call to a tool it excludes is
   * refused with a text naming the tools allowed now. The tool set stays whole (the SDK's
   * `activeTools` would remove tools from the request and lose the cached prefix). Default: none.
   */
  readonly turnRestriction?: TurnRestriction;
}

/**
 * Why a contract was sent differently than it says, or not at all.
 * - `provider-native-missing`: `executionMode: provider` without a `providerNative` spec; left out.
 * - `provider-native-mismatch`: a provider-native tool of another provider; left out.
 * - `invalid-schema`: the input schema's refs cannot be hoisted; left out (the provider would
 *   refuse the whole request).
 * - `strict-not-representable`: eligible for strict mode, but the schema is outside the
 *   provider's strict subset; sent without strict.
 * - `duplicate-name`: an earlier contract has the same name; the later one is left out.
 * - `order-not-kept`: an integer-like name (`"7"`) is ordered first by every JavaScript object,
 *   so the model sees it before the tools given ahead of it.
 */
export type AdapterNoteCode =
  | 'provider-native-missing'
  | 'provider-native-mismatch'
  | 'invalid-schema'
  | 'strict-not-representable'
  | 'duplicate-name'
  | 'order-not-kept';

export interface AdapterNote {
  readonly tool: string;
  readonly code: AdapterNoteCode;
  /** The tool is not in `tools`. */
  readonly omitted: boolean;
  readonly message: string;
  /** Schema problems behind `invalid-schema` and `strict-not-representable`. */
  readonly problems?: readonly SchemaProblem[];
}

export interface AiSdkToolProjection {
  /** Key order = the order of the given contracts = the model's tool order. */
  readonly tools: ToolSet;
  /** In the order of the contracts they concern. */
  readonly notes: readonly AdapterNote[];
}

/** `tools` for `generateText` / `streamText`; see {@link projectAiSdkTools} for what is left out and why. */
export function toAiSdkTools(
  contracts: readonly ModelToolContract[],
  options: AiSdkToolsOptions,
): ToolSet {
  return projectAiSdkTools(contracts, options).tools;
}

/**
 * Project contracts to AI SDK tools, in the given order:
 * - client tools: `tool()` with the description, the input schema (`jsonSchema()`; refs hoisted
 *   when `requiresDefsRefs`), `strict: true` only as `resolveStrictDialect` decides (with the
 *   schema projected onto that provider's strict subset), `needsApproval` from the flags, and
 *   `execute` routed to `options.execute` when given;
 * - `executionMode: provider` tools: a provider-defined tool (`<provider>.<type>`) when
 *   `providerNative` names this provider, never with a client `execute`; otherwise left out.
 * The SDK does not validate inputs here: the runtime's call path does, with the model-facing
 * messages of SPEC §5.6 (an SDK rejection would bypass them).
 */
export function projectAiSdkTools(
  contracts: readonly ModelToolContract[],
  options: AiSdkToolsOptions,
): AiSdkToolProjection {
  const entries: [string, Tool][] = [];
  const notes: AdapterNote[] = [];
  const names = new Set<string>();
  for (const contract of contracts) {
    const { name } = contract;
    if (names.has(name)) {
      notes.push(
        note(
          name,
          'duplicate-name',
          true,
          `${name}: an earlier tool has this name; this one is left out`,
        ),
      );
      continue;
    }
    const projected =
      contract.executionMode === 'provider'
        ? providerTool(contract, options)
        : clientTool(contract, options);
    notes.push(...projected.notes);
    if (projected.tool === undefined) continue;
    names.add(name);
    if (/^(0|[1-9][0-9]*)$/.test(name) && Number(name) < 2 ** 32 - 1) {
      notes.push(
        note(
          name,
          'order-not-kept',
          false,
          `${name}: an integer-like name is ordered before all other names by JavaScript objects`,
        ),
      );
    }
    entries.push([name, projected.tool]);
  }
  return { tools: Object.fromEntries(entries), notes };
}

interface ProjectedTool {
  readonly tool?: Tool;
  readonly notes: readonly AdapterNote[];
}

function providerTool(contract: ModelToolContract, options: AiSdkToolsOptions): ProjectedTool {
  const { name, providerNative } = contract;
  if (providerNative === undefined) {
    const message = `${name}: executionMode is "provider" but no providerNative tool is declared; left out (it never runs on the client)`;
    return { notes: [note(name, 'provider-native-missing', true, message)] };
  }
  if (providerNative.provider !== options.provider) {
    const message = `${name}: provider-native tool ${providerNative.provider}.${providerNative.type} cannot be sent to provider "${options.provider}"; left out`;
    return { notes: [note(name, 'provider-native-mismatch', true, message)] };
  }
  const providerDefined: Tool = {
    type: 'provider',
    id: `${providerNative.provider}.${providerNative.type}`,
    // The manifest declares no arguments for provider tools; the provider's defaults apply.
    args: {},
    inputSchema: jsonSchema(contract.inputSchema as JSONSchema7),
  };
  return { tool: providerDefined, notes: [] };
}

function clientTool(contract: ModelToolContract, options: AiSdkToolsOptions): ProjectedTool {
  const { name } = contract;
  let schema: JsonSchema = contract.inputSchema;
  if (options.requiresDefsRefs === true) {
    const hoisted = safeHoistLocalRefs(schema);
    if (!hoisted.success) {
      const message = `${name}: the input schema cannot be sent; left out:\n${describe(hoisted.problems)}`;
      return { notes: [note(name, 'invalid-schema', true, message, hoisted.problems)] };
    }
    schema = hoisted.schema;
  }

  const notes: AdapterNote[] = [];
  let strict = false;
  let restoreFrom: JsonSchema | undefined;
  const dialect = resolveStrictDialect(contract, options);
  if (dialect !== undefined) {
    const projection = toStrictSchema(schema, dialect);
    if (projection.representable) {
      strict = true;
      if (dialect.requireAllProperties) restoreFrom = schema;
      schema = projection.schema;
    } else {
      const message = `${name}: sent without strict mode; the schema is outside ${dialect.provider}'s strict subset:\n${describe(projection.problems)}`;
      notes.push(note(name, 'strict-not-representable', false, message, projection.problems));
    }
  }

  const original = restoreFrom;
  const inputSchema = jsonSchema(
    schema as JSONSchema7,
    original === undefined
      ? undefined
      : {
          validate: (value: unknown) => ({
            success: true,
            value: restoreOptionalProperties(value, original),
          }),
        },
  );
  const { session } = options;
  const media = options.media ?? true;
  // Calls whose approval the SDK's round trip asked for: it runs them only once approved.
  const approvedBySdk = new Set<string>();
  const clientDefined = tool<unknown, AiSdkToolOutput>({
    description: contract.description,
    inputSchema,
    needsApproval:
      session === undefined
        ? contract.flags.needsApproval
        : async (input: unknown, { toolCallId }: { toolCallId: string }) => {
            // A restricted call is refused without asking anyone.
            if (options.turnRestriction?.restricted.includes(name) === true) return false;
            const asks = await session.needsApproval(name, input);
            if (asks) approvedBySdk.add(toolCallId);
            return asks;
          },
    ...(strict ? { strict: true } : {}),
    ...(session === undefined
      ? {}
      : {
          execute: async (
            input: unknown,
            { abortSignal, toolCallId }: { abortSignal?: AbortSignal; toolCallId: string },
          ) => {
            const approved = approvedBySdk.delete(toolCallId);
            const result = await session.call(name, input, {
              id: toolCallId,
              ...(abortSignal === undefined ? {} : { signal: abortSignal }),
              ...(approved ? { requestApproval: async () => ({ decision: 'allow' }) } : {}),
              ...(options.turnRestriction === undefined
                ? {}
                : { turnRestriction: options.turnRestriction }),
            });
            return aiSdkToolOutput(result);
          },
          toModelOutput: ({ output }: { output: AiSdkToolOutput }) =>
            toAiSdkModelOutput(output, { media }),
        }),
  } as Tool<unknown, AiSdkToolOutput>);
  return { tool: clientDefined, notes };
}

function note(
  tool: string,
  code: AdapterNoteCode,
  omitted: boolean,
  message: string,
  problems?: readonly SchemaProblem[],
): AdapterNote {
  return problems === undefined
    ? { tool, code, omitted, message }
    : { tool, code, omitted, message, problems };
}

function describe(problems: readonly SchemaProblem[]): string {
  return problems.map((problem) => `  ${problem.message}`).join('\n');
}

/** The part of a call result `execute` hands the SDK. */
export function aiSdkToolOutput(result: ToolCallResult): AiSdkToolOutput {
  return {
    content: result.content,
    ...(result.blocks === undefined ? {} : { blocks: result.blocks }),
    isError: result.isError,
    ...(result.errorCode === undefined ? {} : { errorCode: result.errorCode }),
  };
}

/**
 * What the model gets for a result: `error-text` for a failure (our exact text), content parts
 * for media (`image-data`, `file-data` for documents and other bytes, text for the rest), or the
 * text.
 */
export function toAiSdkModelOutput(
  output: AiSdkToolOutput,
  options: { readonly media?: boolean } = {},
): AiSdkModelOutput {
  if (output.isError) return { type: 'error-text', value: output.content };
  if (output.blocks === undefined) return { type: 'text', value: output.content };
  if (options.media === false) return { type: 'text', value: blocksToText(output.blocks) };
  return { type: 'content', value: output.blocks.map(toContentPart) };
}

type ContentPart = Extract<AiSdkModelOutput, { type: 'content' }>['value'][number];

function toContentPart(block: ToolContentBlock): ContentPart {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
      return { type: 'image-data', data: block.data, mediaType: block.mediaType };
    case 'audio':
      return { type: 'file-data', data: block.data, mediaType: block.mediaType };
    case 'document':
      return {
        type: 'file-data',
        data: block.data,
        mediaType: block.mediaType,
        ...(block.title === undefined ? {} : { filename: block.title }),
      };
    case 'resource':
      if (block.text !== undefined) return { type: 'text', text: block.text };
      if (block.data !== undefined && block.mediaType !== undefined)
        return { type: 'file-data', data: block.data, mediaType: block.mediaType };
      return { type: 'text', text: blocksToText([block]) };
  }
}
