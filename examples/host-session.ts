/**
 * The part every example host shares: the built-in tools, a session over them in a working
 * directory, and the host's approver. One session per conversation: it remembers which files
 * were read (so an Edit after a Read works) and the "always allow" answers given.
 */
import {
  createToolRuntime,
  createToolSession,
  type HostToolHook,
  type ModelProfile,
  type RequestApproval,
  type ToolSession,
} from '@tool-contracts/runtime';
import { builtInTools } from '@tool-contracts/tools';
import { SORTED_PROVIDER_TOOL_NAMES } from '@tool-contracts/tools/provider-order';

export interface HostOptions {
  /** Where the tools work (absolute). */
  readonly workingDirectory: string;
  /**
   * Asks the person at the host whether a call may run (Edit, Write, a writing Bash). Absent:
   * such a call is refused, unless it was approved another way (the AI SDK's round trip).
   */
  readonly approve?: RequestApproval;
  /** Host hooks run before permission (logging, policy). Default: none. */
  readonly hooks?: readonly HostToolHook[];
}

export async function createHostSession(
  options: HostOptions,
  model: ModelProfile,
): Promise<ToolSession> {
  const runtime = createToolRuntime({
    builtInTools,
    sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
    gate: { ports: {}, features: {}, hostKind: 'terminal', sessionKind: 'main' },
  });
  return createToolSession({
    runtime,
    workingDirectory: options.workingDirectory,
    model,
    ...(options.approve === undefined ? {} : { requestApproval: options.approve }),
    ...(options.hooks === undefined ? {} : { hooks: options.hooks }),
  });
}
