/**
 * The visible tool set as an MCP server: the SDK's low-level `Server` (so our JSON Schemas go
 * out byte for byte, not re-derived from zod), with every `tools/call` run by one tool session
 * — through its executor: permission, approval, hooks, validation, budgets, timeouts.
 *
 * - `tools/list`: the contracts the session's model sees, in our order, as {@link toMcpTool}
 *   words them (title, annotations from our flags, output schemas).
 * - `tools/call`: a name the list does not show is a protocol error (-32602, with our
 *   "Tool not found" text); every other outcome is a result, failures as `isError` with our
 *   exact `<tool_use_error>` text ({@link toMcpCallResult}).
 * - Progress: when the client sent a progress token, a notification every
 *   `progressIntervalMs` while the call runs (so a client's timeout that progress resets does
 *   not kill a long Bash), plus each progress notification of an upstream MCP server.
 * - `notifications/cancelled` aborts the call's signal: the tool's cancellation policy runs
 *   (Bash kills its process tree).
 * - Approval: through elicitation when the client supports it (form mode); otherwise the
 *   session's own approver, if any, else the permission mode and rules decide and a call that
 *   would ask is refused with the executor's text.
 * - The user: when the client offers elicitation, the session's user-interaction port is
 *   {@link elicitUserInteraction} (AskUserQuestion's form, plan mode as session state). When it
 *   does not, a tool that needs a person (`requiresUserInteraction`) is not listed, nor a tool
 *   that shares its permission (EnterPlanMode goes with ExitPlanMode: plan mode without a way
 *   out would trap the model). Known once the client initialized, before its first list.
 * - {@link ToolServer.toolsChanged}: sends `notifications/tools/list_changed` when the list
 *   the client would get now differs from the one it last got.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ElicitResultSchema,
  ErrorCode,
  ListToolsRequestSchema,
  type CallToolResult,
  type Implementation,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type {
  ModelProfile,
  ModelToolContract,
  ToolEntry,
  UserInteractionPort,
} from '../../core/contract.js';
import type { RequestApproval } from '../../call-path/executor/authorize-tool-call.js';
import type { ToolSession } from '../../call-path/session/create-tool-session.js';
import { canonicalJson } from '../../core/visibility/tools-fingerprint.js';
import { elicitApproval, type SendElicitation } from './elicit-approval.js';
import { elicitUserInteraction, type PlanModeState } from './elicit-user-interaction.js';
import { runWithProgressReporter, type ToolProgress } from './mcp-progress-reporter.js';
import { toMcpCallResult } from './to-mcp-call-result.js';
import { declaredOutputSchema, toMcpTool } from './to-mcp-tool.js';

export interface ToolServerOptions {
  /** Runs every call; its runtime's tools are listed. */
  readonly session: ToolSession;
  /** The model the list is built for. Default: the session's model, else an unspecified one. */
  readonly model?: ModelProfile;
  /** Default: `tool-contracts` 0.1.0. */
  readonly serverInfo?: Implementation;
  /** Ms between progress notifications of a running call. Default: 1 000. */
  readonly progressIntervalMs?: number;
  /** Ask approvals through elicitation when the client can answer. Default: true. */
  readonly elicitApproval?: boolean;
  /**
   * What the user can do about a call refused because nobody could approve it (the client has
   * no elicitation): appended, inside the `<tool_use_error>`, to the executor's text the model
   * reads, so the model can tell the user. Default: nothing appended.
   */
  readonly approvalUnavailableHint?: (toolName: string) => string;
  /** Called once the client initialized, with whether it offers elicitation (form mode). */
  readonly onInitialized?: (client: { readonly elicitation: boolean }) => void;
}

export interface ToolServer {
  readonly server: Server;
  /** Whether the client offers elicitation (form mode); false before it initialized. */
  readonly clientCanElicit: boolean;
  /** The contracts this client is shown now (what `tools/list` answers). */
  listedTools(): readonly ModelToolContract[];
  /** Tell the client when its list changed (after MCP servers came, went or changed). */
  toolsChanged(): void;
}

/** The model a list is built for when nobody said which. */
export const UNSPECIFIED_MODEL: ModelProfile = {
  id: 'unspecified',
  provider: 'anthropic',
  supportsNativeWebSearch: false,
  supportsPdf: false,
  firstParty: true,
};

export function createToolServer(options: ToolServerOptions): ToolServer {
  const { session } = options;
  const model = options.model ?? session.model ?? UNSPECIFIED_MODEL;
  const server = new Server(options.serverInfo ?? { name: 'tool-contracts', version: '0.1.0' }, {
    capabilities: { tools: { listChanged: true }, logging: {} },
  });
  let listedKey: string | undefined;
  const planMode: PlanModeState = {};
  const canElicit = () => {
    const elicitation = server.getClientCapabilities()?.elicitation;
    return (
      elicitation !== undefined && (Object.keys(elicitation).length === 0 || 'form' in elicitation)
    );
  };
  server.oninitialized = () => options.onInitialized?.({ elicitation: canElicit() });

  // `getTools` returns the same frozen array until the tool set changes (registering or
  // removing tools, MCP ones included, clears its cache): the MCP list, its key, the name index
  // and whether any MCP tool is registered are made once per array.
  let memo:
    | {
        readonly contracts: readonly ModelToolContract[];
        readonly tools: Tool[];
        readonly key: string;
        readonly byName: ReadonlyMap<string, ModelToolContract>;
        /**
         * An upstream MCP server's progress can reach a call only through an MCP tool (called
         * directly or by a tool that calls others). Without one, a call runs outside
         * {@link runWithProgressReporter}: its `AsyncLocalStorage` adds work to every promise
         * of the process (40–80 µs of CPU per Read call, measured in one process).
         */
        readonly forwardsProgress: boolean;
      }
    | undefined;
  const listing = () => {
    const all = session.tools(model);
    const contracts = canElicit() ? all : withoutPersonTools(all, session.runtime.registry);
    if (memo?.contracts !== contracts) {
      const tools = contracts.map((contract) =>
        toMcpTool(contract, session.runtime.registry.get(contract.name)),
      );
      memo = {
        contracts,
        tools,
        key: canonicalJson(tools),
        byName: new Map(contracts.map((contract) => [contract.name, contract])),
        forwardsProgress: session.runtime.registry.list().some((entry) => entry.mcp !== undefined),
      };
    }
    return memo;
  };

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const { tools, key } = listing();
    listedKey = key;
    return { tools };
  });

  server.setRequestHandler(
    CallToolRequestSchema,
    async (request, extra): Promise<CallToolResult> => {
      const { name } = request.params;
      const { contracts, forwardsProgress } = listing();
      const canonical = session.runtime.registry.resolveName(name);
      const contract = contracts.find((candidate) => candidate.name === canonical);
      if (contract === undefined) {
        // Ask the session only for its wording ("Did you mean …"): nothing runs for an unknown name.
        const unknown =
          canonical === undefined
            ? (await session.call(name, request.params.arguments ?? {})).content
            : `Tool not found: ${name}`;
        // Our text as the message (an McpError would prefix "MCP error -32602:" to it).
        throw Object.assign(new Error(unknown), { code: ErrorCode.InvalidParams });
      }
      const entry = session.runtime.registry.get(contract.name);

      const token = extra._meta?.progressToken;
      let progress = 0;
      const started = Date.now();
      // Our own count, so the values only grow whatever an upstream server sends; sent in
      // order, and all before the result (a client ignores progress after the response).
      let sent: Promise<void> = Promise.resolve();
      const notify = (message: string) => {
        if (token === undefined || extra.signal.aborted) return;
        progress += 1;
        const params = { progressToken: token, progress, message };
        sent = sent
          .then(() => extra.sendNotification({ method: 'notifications/progress', params }))
          .catch(() => {});
      };
      const timer =
        token === undefined
          ? undefined
          : setInterval(
              () =>
                notify(
                  `${contract.name} running for ${Math.round((Date.now() - started) / 1000)} s`,
                ),
              options.progressIntervalMs ?? 1_000,
            );

      let requestApproval: RequestApproval | undefined;
      let userInteraction: UserInteractionPort | undefined;
      if (canElicit()) {
        const send: SendElicitation = (params, signal) =>
          extra.sendRequest({ method: 'elicitation/create', params }, ElicitResultSchema, {
            signal,
            timeout: 10 * 60_000,
          });
        if (options.elicitApproval !== false) requestApproval = elicitApproval(send, extra.signal);
        userInteraction = elicitUserInteraction(send, extra.signal, session, planMode);
      }
      const run = () =>
        session.call(contract.name, request.params.arguments ?? {}, {
          signal: extra.signal,
          ...(requestApproval === undefined ? {} : { requestApproval }),
          ...(userInteraction === undefined ? {} : { ports: { userInteraction } }),
        });
      try {
        const result = await (forwardsProgress
          ? runWithProgressReporter(
              (upstream: ToolProgress) =>
                notify(
                  upstream.message ??
                    `${contract.name}: ${upstream.progress}${upstream.total === undefined ? '' : ` of ${upstream.total}`}`,
                ),
              run,
            )
          : run());
        clearInterval(timer);
        await sent;
        const hint = options.approvalUnavailableHint;
        const told =
          hint !== undefined && result.errorCode === 'approval_unavailable'
            ? {
                ...result,
                content: result.content.replace(
                  /<\/tool_use_error>$/,
                  ` ${hint(contract.name)}</tool_use_error>`,
                ),
              }
            : result;
        return toMcpCallResult(told, entry, declaredOutputSchema(contract, entry) !== undefined);
      } finally {
        clearInterval(timer);
      }
    },
  );

  return {
    server,
    get clientCanElicit() {
      return canElicit();
    },
    listedTools: () => listing().contracts,
    toolsChanged: () => {
      if (listedKey === undefined) return;
      const { key } = listing();
      if (key === listedKey) return;
      listedKey = key;
      void server.sendToolListChanged().catch(() => {});
    },
  };
}

/**
 * `contracts` without the tools that need a person — `requiresUserInteraction`, or sharing the
 * permission of such a tool (plan mode's two tools) — for a client that cannot reach one. The
 * same array when nothing is left out, so the memo above holds.
 */
const personFree = new WeakMap<readonly ModelToolContract[], readonly ModelToolContract[]>();
function withoutPersonTools(
  contracts: readonly ModelToolContract[],
  registry: { get(name: string): ToolEntry | undefined },
): readonly ModelToolContract[] {
  const known = personFree.get(contracts);
  if (known !== undefined) return known;
  const needsPerson = (contract: ModelToolContract) =>
    registry.get(contract.name)?.metadata.requiresUserInteraction === true;
  const personPermissions = new Set(
    contracts.filter(needsPerson).map((contract) => contract.permission.permission),
  );
  const kept = contracts.filter(
    (contract) => !needsPerson(contract) && !personPermissions.has(contract.permission.permission),
  );
  const result = kept.length === contracts.length ? contracts : Object.freeze(kept);
  personFree.set(contracts, result);
  return result;
}
