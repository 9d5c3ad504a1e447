/**
 * Tracing of calls, per the contract's `trace` policy (a field the article's agent declared and
 * nothing read):
 * - `trace.required`: a call to the tool fails closed, before anything runs, when the host gave
 *   no tracer;
 * - `trace.input` / `trace.output`: how much of the input and of the result is recorded:
 *   `none` (nothing), `summary` (JSON type, size in bytes, top-level keys of an object; no
 *   values), `full` (the value itself).
 */
import type { TraceGranularity } from '../contract.js';
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

/** One finished call, as handed to the tracer. */
export interface ToolTraceEvent {
  /** Canonical tool name. */
  readonly tool: string;
  readonly callId: string;
  readonly isError: boolean;
  readonly errorCode?: string;
  readonly durationMs: number;
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
