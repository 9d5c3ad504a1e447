/**
 * Real surroundings for the workspace-tool tests: a fresh temporary directory as workspace and
 * working directory, a real session state, an abort controller, and the pids a handler tracked.
 * `call` runs a tool the way the call path does up to the handler: the generated zod schema
 * (defaults applied), then `validateInput`, then the handler.
 */
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  ModelProfile,
  SessionState,
  ToolCallContext,
  ToolEntry,
  ToolHandlerResult,
} from '../../../runtime/core/contract.js';
import { stopAllBackgroundTasks } from '../../../runtime/tools/support/background-tasks.js';

export interface WorkspaceContext {
  /** Real path of the temporary workspace (also the working directory). */
  readonly root: string;
  readonly session: SessionState;
  readonly controller: AbortController;
  readonly trackedPids: number[];
  readonly context: ToolCallContext;
  /** `path.join(root, …)`. */
  at(...parts: string[]): string;
  /** Parse `rawInput` with the tool's zod schema, run `validateInput`, then the handler. */
  call<Output>(tool: ToolEntry<any, Output>, rawInput: unknown): Promise<ToolHandlerResult<Output>>;
  /** Stop background tasks and delete the directory. */
  dispose(): Promise<void>;
}

export function newSession(): SessionState {
  return { todos: [], backgroundTasks: new Map(), readFiles: new Map() };
}

export async function createWorkspaceContext(
  options: { enforceWorkspaceBoundary?: boolean; model?: ModelProfile } = {},
): Promise<WorkspaceContext> {
  const root = await realpath(await mkdtemp(path.join(tmpdir(), 'workspace-tool-')));
  const session = newSession();
  const controller = new AbortController();
  const trackedPids: number[] = [];
  const context: ToolCallContext = {
    signal: controller.signal,
    workspaceRoot: root,
    workingDirectory: root,
    artifactDirectory: path.join(root, '.artifacts'),
    enforceWorkspaceBoundary: options.enforceWorkspaceBoundary ?? false,
    ports: {},
    session,
    ...(options.model === undefined ? {} : { model: options.model }),
    trackProcess: (pid) => trackedPids.push(pid),
  };
  return {
    root,
    session,
    controller,
    trackedPids,
    context,
    at: (...parts) => path.join(root, ...parts),
    async call(tool, rawInput) {
      await tool.loadImplementation?.(); // as callTool does: the zod schemas load with it
      const input = tool.runtimeInputSchema.parse(rawInput);
      // As callTool does: the handler learns the contract's output limit from its context.
      const callContext: ToolCallContext =
        tool.metadata.maxOutputBytes === undefined
          ? context
          : { ...context, maxOutputBytes: tool.metadata.maxOutputBytes };
      const validation = await tool.validateInput?.(input, callContext);
      if (validation !== undefined && !validation.ok) return validation;
      const result = await tool.handler(input, callContext);
      if (result.ok) tool.runtimeOutputSchema.parse(result.output);
      return result;
    },
    async dispose() {
      await stopAllBackgroundTasks(session);
      await rm(root, { recursive: true, force: true });
    },
  };
}
