/**
 * The timeout one call runs under, from the contract's `timeout` policy.
 *
 * - `kind: none`: never times out; overrides are ignored.
 * - `kind: bounded`, first that applies:
 *   1. the host's per-call override (`call.timeoutMs`), only when `allowCallOverride`;
 *   2. the tool's `resolveTimeoutBudgetMs(input, policy)`, when it has one and returns a number;
 *   3. the model's own `timeout` input field, only when `allowCallOverride`;
 *   4. `defaultMs`.
 *   The result is capped at `maxMs`. When the host has a timeout policy (`hostTimeout`, the
 *   one `DescriptionSettings.timeout` renders) and the tool's description templates read it
 *   (Bash: "times out after {{timeout.defaultMs}} ms"), that policy's `defaultMs` and `maxMs`
 *   replace the contract's, so the text and the enforced limit are one policy. An override that is not a positive number, or that the
 *   policy does not allow, is ignored (and reported as `refusedOverrideMs`), never an error:
 *   the call still runs, under the default. A result above 2^31−1 ms (what Node's timers take)
 *   is that maximum: a longer timer would fire at once.
 */
import type { ToolEntry, ToolTimeoutPolicy } from '../../core/contract.js';
import { isJsonObject } from '../../core/support/is-json-object.js';
import { readsTimeoutPolicy } from '../../core/visibility/description-context.js';
import { timerDelayMs } from '../../core/support/timer-delay.js';

export interface CallTimeout {
  /** Milliseconds the handler gets; `undefined` for `kind: none`. */
  readonly timeoutMs: number | undefined;
  /** Milliseconds an aborted handler gets to settle (0 for `kind: none`). */
  readonly cleanupGraceMs: number;
  /** An override that was asked for and not applied. */
  readonly refusedOverrideMs?: number;
  /** Whether the model may ask for more time with a `timeout` field (and up to how much). */
  readonly modelMayExtendUpToMs?: number;
}

function positive(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/** The effective timeout of calling `entry` with (validated) `input`. */
export function resolveCallTimeout(
  entry: Pick<ToolEntry, 'timeout' | 'resolveTimeoutBudgetMs' | 'inputSchema'> &
    Partial<Pick<ToolEntry, 'descriptionTemplates'>>,
  input: unknown,
  callTimeoutMs?: number,
  hostTimeout?: { readonly defaultMs: number; readonly maxMs: number },
): CallTimeout {
  const contractPolicy: ToolTimeoutPolicy = entry.timeout;
  if (contractPolicy.kind === 'none') return { timeoutMs: undefined, cleanupGraceMs: 0 };
  const policy =
    hostTimeout !== undefined && readsTimeoutPolicy(entry)
      ? { ...contractPolicy, defaultMs: hostTimeout.defaultMs, maxMs: hostTimeout.maxMs }
      : contractPolicy;

  const fromInput = isJsonObject(input) ? positive(input['timeout']) : undefined;
  const fromCall = positive(callTimeoutMs);
  let refusedOverrideMs: number | undefined;
  let chosen: number | undefined;
  if (fromCall !== undefined) {
    if (policy.allowCallOverride) chosen = fromCall;
    else refusedOverrideMs = fromCall;
  }
  chosen ??= positive(entry.resolveTimeoutBudgetMs?.(input, policy));
  if (chosen === undefined && fromInput !== undefined && policy.allowCallOverride)
    chosen = fromInput;
  const timeoutMs = timerDelayMs(Math.min(chosen ?? policy.defaultMs, policy.maxMs));
  const properties = entry.inputSchema['properties'];
  const declaresTimeout = isJsonObject(properties) && 'timeout' in properties;
  return {
    timeoutMs,
    cleanupGraceMs: timerDelayMs(policy.cleanupGraceMs),
    ...(refusedOverrideMs === undefined ? {} : { refusedOverrideMs }),
    ...(policy.allowCallOverride && declaresTimeout && timeoutMs < policy.maxMs
      ? { modelMayExtendUpToMs: policy.maxMs }
      : {}),
  };
}
