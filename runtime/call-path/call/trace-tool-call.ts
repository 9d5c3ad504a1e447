/**
 * Tracing of calls, per the contract's `trace` policy (a field the article's agent declared and
 * nothing read):
 * - `trace.required`: a call to the tool fails closed, before anything runs, when the host gave
 *   no tracer;
 * - `trace.input` / `trace.output`: how much of the input and of the result is recorded:
 *   `none` (nothing), `summary` (JSON type, size in bytes, top-level keys of an object; no
 *   values), `full` (the value itself).
 */
import type { TraceGranularity } from '../../core/contract.js';
import type { PermissionReason } from '../permission/evaluate-permission.js';
import type { ToolErrorCode } from '../../core/tool-error-code.js';
import { utf8ByteLength } from './utf8-slice.js';

/** A recorded value, at the granularity the contract asks for. */
export type TraceRecord =
  | {
      readonly granularity: 'summary';
      /** `object`, `array`, `string`, `number`, `boolean`, `null` or `undefined`. */
      readonly type: string;
      /** UTF-8 bytes of the value as JSON (of the text itself for a string); absent when not serialisable. */
      readonly bytes?: number;
      /** Top-level keys of an object, in order. */
      readonly keys?: readonly string[];
    }
  | { readonly granularity: 'full'; readonly value: unknown };

/**
 * One step of a call that decides whether it runs, in the order they ran:
 * - `hook`: a host pre-tool hook that matched the tool: `passed`, `rewritten` (the input),
 *   `denied` (`hook_denied`) or `failed` (`hook_error`, `hook_input_invalid`);
 * - `permission`: the permission decision (`evaluatePermission`): `allow`, `deny`
 *   (`permission_denied`; reason `checkFailed` when the check threw) or `ask`;
 * - `approval`: only after an `ask`: `approved` (by the tool's `prepareApproval` or the user),
 *   `declined` (`approval_declined`) or `unavailable` (`approval_unavailable`).
 */
export type ToolTraceStep =
  | {
      readonly step: 'hook';
      readonly outcome: 'passed' | 'rewritten' | 'denied' | 'failed';
      readonly errorCode?: ToolErrorCode;
    }
  | {
      readonly step: 'permission';
      readonly decision: 'allow' | 'deny' | 'ask';
      readonly reason: PermissionReason | 'checkFailed';
      /** The rule that decided, as written. */
      readonly rule?: string;
      readonly errorCode?: ToolErrorCode;
    }
  | {
      readonly step: 'approval';
      readonly outcome: 'approved' | 'declined' | 'unavailable';
      readonly approvedBy?: 'prepareApproval' | 'user';
      readonly errorCode?: ToolErrorCode;
    };

/** One finished call, as handed to the tracer. */
export interface ToolTraceEvent {
  /** Canonical tool name. */
  readonly tool: string;
  readonly callId: string;
  readonly isError: boolean;
  readonly errorCode?: ToolErrorCode;
  readonly durationMs: number;
  /** The hook, permission and approval steps; absent when none ran. */
  readonly steps?: readonly ToolTraceStep[];
  /** The input as the model sent it (after JSON-string parsing); absent for granularity `none`. */
  readonly input?: TraceRecord;
  /** `{ content, output }` of the result; absent for granularity `none`. */
  readonly output?: TraceRecord;
}

/** Where the host wants call traces. A failing tracer never fails the call (see `warnings`). */
export interface ToolTracer {
  record(event: ToolTraceEvent): void | Promise<void>;
}

/** `value` recorded at `granularity`; `undefined` for `none`. */
export function traceRecord(
  value: unknown,
  granularity: TraceGranularity,
): TraceRecord | undefined {
  if (granularity === 'none') return undefined;
  if (granularity === 'full') return { granularity: 'full', value };
  const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  const bytes = typeof value === 'string' ? utf8ByteLength(value) : jsonBytes(value);
  const keys = type === 'object' ? Object.keys(value as object) : undefined;
  return {
    granularity: 'summary',
    type,
    ...(bytes === undefined ? {} : { bytes }),
    ...(keys === undefined ? {} : { keys }),
  };
}

function jsonBytes(value: unknown): number | undefined {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : utf8ByteLength(text);
  } catch {
    return undefined;
  }
}
