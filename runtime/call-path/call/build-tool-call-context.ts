/**
 * The one builder of {@link ToolCallContext}: every path that runs a handler or a tool's hook
 * (`validateInput`, `resolveInput`, `prepareApproval`) gets its context from here, so a field
 * added to the context reaches all of them at once.
 */
import type {
  HostPortImplementations,
  ModelProfile,
  SessionState,
  ToolCallContext,
  ToolEntry,
} from '../../core/contract.js';

/** The host's side of a call context: what is the same for every call of a session. */
export interface ToolCallHost {
  readonly workspaceRoot: string;
  readonly workingDirectory: string;
  readonly artifactDirectory: string;
  /** Default: false. */
  readonly enforceWorkspaceBoundary?: boolean;
  /** Default: none. */
  readonly ports?: HostPortImplementations;
  readonly model?: ModelProfile;
  /** Also told of every process a handler registers. */
  readonly trackProcess?: (pid: number) => void;
}

/** What differs per call (and per step of it). */
export interface ToolCallScope {
  readonly entry: ToolEntry;
  readonly session: SessionState;
  /** The signal the handler or hook obeys. */
  readonly signal: AbortSignal;
  /** Effective timeout, once known (absent for a tool that never times out, or before it is known). */
  readonly timeoutMs?: number;
  /** Receives every process the handler registers (for `processTree` clean-up). */
  readonly trackProcess?: (pid: number) => void;
}

/** The context a handler or a tool hook receives for one call. */
export function buildToolCallContext(host: ToolCallHost, scope: ToolCallScope): ToolCallContext {
  const { entry } = scope;
  return {
    signal: scope.signal,
    workspaceRoot: host.workspaceRoot,
    workingDirectory: host.workingDirectory,
    artifactDirectory: host.artifactDirectory,
    enforceWorkspaceBoundary: host.enforceWorkspaceBoundary ?? false,
    ports: host.ports ?? {},
    session: scope.session,
    ...(host.model === undefined ? {} : { model: host.model }),
    toolName: entry.metadata.name,
    ...(scope.timeoutMs === undefined ? {} : { timeoutMs: scope.timeoutMs }),
    ...(entry.metadata.maxOutputBytes === undefined
      ? {}
      : { maxOutputBytes: entry.metadata.maxOutputBytes }),
    trackProcess: (pid: number) => {
      scope.trackProcess?.(pid);
      host.trackProcess?.(pid);
    },
  };
}
