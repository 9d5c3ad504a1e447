/**
 * Calling the host tools in tests: directly (the handler with a {@link ToolCallContext}, to
 * drive abort and port paths) and through the runtime's real call path (`callTool`: validation,
 * hooks, output check, formatting), to see exactly what the model reads.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callTool, type ToolCallResult } from '../../../../runtime/call-path/call/call-tool.js';
import type { ToolTraceEvent } from '../../../../runtime/call-path/call/trace-tool-call.js';
import type {
  HostPortImplementations,
  ToolCallContext,
  ToolEntry,
  ToolHandlerResult,
} from '../../../../runtime/core/contract.js';

const directory = join(tmpdir(), 'tool-contracts-host-tools');

/** The context a handler or hook gets, with `ports` and an optional host signal. */
export function hostToolContext(
  ports: HostPortImplementations,
  signal: AbortSignal = new AbortController().signal,
): ToolCallContext {
  return {
    signal,
    workspaceRoot: directory,
    workingDirectory: directory,
    artifactDirectory: join(directory, 'artifacts'),
    enforceWorkspaceBoundary: false,
    ports,
    session: { todos: [], backgroundTasks: new Map(), readFiles: new Map() },
    trackProcess: () => {},
  };
}

/** Run `tool`'s handler on `rawInput` as the call path would hand it over (zod defaults applied). */
export async function runHandler(
  tool: ToolEntry,
  rawInput: unknown,
  ports: HostPortImplementations,
  signal?: AbortSignal,
): Promise<ToolHandlerResult<unknown>> {
  // As callTool does: the zod schemas load with the implementation, and the handler learns the
  // name it was called by (Task runs Agent's module).
  await tool.loadImplementation?.();
  return tool.handler(tool.runtimeInputSchema.parse(rawInput), {
    ...hostToolContext(ports, signal),
    toolName: tool.metadata.name,
  });
}

/** Calls made through {@link callThroughRuntime}, with the traces the runtime recorded. */
export const traces: ToolTraceEvent[] = [];

/** One call of `tool` through the runtime's call path, as a model would make it. */
export function callThroughRuntime(
  tool: ToolEntry,
  input: unknown,
  ports: HostPortImplementations,
): Promise<ToolCallResult> {
  const registry = {
    get: (name: string) => (name === tool.metadata.name ? tool : undefined),
    list: () => [tool],
  };
  return callTool(
    { registry },
    { name: tool.metadata.name, input },
    {
      workspaceRoot: directory,
      workingDirectory: directory,
      artifactDirectory: join(directory, 'artifacts'),
      ports,
      tracer: { record: (event) => void traces.push(event) },
    },
  );
}
