/**
 * What one call may do, as far as the executor must know before and after running it: whether
 * it is truly read-only (SPEC §5.1), may run beside other calls, may change the workspace, or
 * touches the world.
 *
 * The tool's flags (`metadata.readOnly`, `metadata.sideEffectScope`, `metadata.destructive`,
 * `metadata.concurrentSafe`) declare it for every input; `resolvePermissionCapability`
 * recomputes it for this input (Bash `ls` is read-only with scope `none`, Bash `rm` is not).
 */
import type { SideEffectScope, ToolEntry } from '../../core/contract.js';
import { parseToolInput } from '../call/parse-tool-input.js';
import {
  isTrulyReadOnlyToolCall,
  isWorkspaceMutatingToolCall,
  isWorldTouchingToolCall,
} from '../../core/tool-call-predicates.js';

/** The effects of one call with one input. */
export interface CallEffects {
  readonly readOnly: boolean;
  /** Can destroy data; never true for a read-only call. */
  readonly destructive: boolean;
  readonly sideEffectScope: SideEffectScope;
  /** `readOnly` and scope `none`: the only calls the scheduler runs side by side. */
  readonly trulyReadOnly: boolean;
  /**
   * May run concurrently with neighbouring calls that may too: truly read-only, and either the
   * tool is `concurrentSafe` or its hook recomputed this call as truly read-only (a call that
   * reads nothing but its input and writes nothing has nothing to race on, even when the tool
   * in general, like Bash, is not concurrency-safe). A terminal tool (`stopTurnOnSuccess`) is
   * never concurrent: the calls after it must be able to be left unrun.
   */
  readonly concurrent: boolean;
  /** `isWorkspaceMutatingToolCall` of the call's scope. */
  readonly workspaceMutating: boolean;
  /** `isWorldTouchingToolCall` of the call's scope. */
  readonly worldTouching: boolean;
  /** Whether `resolvePermissionCapability` recomputed the capability for this input. */
  readonly recomputed: boolean;
}

/**
 * The effects of calling `entry` with `input` (as the model sent it, or already validated). The
 * hook only sees input its zod schema accepts; an input the schema refuses, a hook that throws
 * or zod schemas not loaded yet (a generated entry's `loadImplementation`) leave the declared
 * flags (such a call fails validation before it runs anyway).
 */
export function resolveCallEffects(entry: ToolEntry, input: unknown): CallEffects {
  const { metadata } = entry;
  let recomputed;
  if (entry.resolvePermissionCapability !== undefined) {
    try {
      const parsed = entry.runtimeInputSchema.safeParse(parseToolInput(input));
      if (parsed.success) recomputed = entry.resolvePermissionCapability(parsed.data);
    } catch {
      recomputed = undefined;
    }
  }
  const readOnly = recomputed?.readOnly ?? metadata.readOnly;
  const sideEffectScope = recomputed?.sideEffectScope ?? metadata.sideEffectScope;
  const trulyReadOnly = isTrulyReadOnlyToolCall({ readOnly, sideEffectScope });
  const concurrencyProven = metadata.concurrentSafe || recomputed !== undefined;
  return {
    readOnly,
    destructive: !readOnly && metadata.destructive,
    sideEffectScope,
    trulyReadOnly,
    concurrent: trulyReadOnly && concurrencyProven && !metadata.stopTurnOnSuccess,
    workspaceMutating: isWorkspaceMutatingToolCall({ sideEffectScope }),
    worldTouching: isWorldTouchingToolCall({ sideEffectScope }),
    recomputed: recomputed !== undefined,
  };
}
