/**
 * A host's record of its sessions' calls, kept in memory: each session's tracer (which tools
 * whose contract says `trace.required` need to run at all) appends to it, and it is the session
 * port ReadSessionContext reads — what a session did, by its id, as lines of text. Bounded: the
 * latest `maxEventsPerSession` calls of the latest `maxSessions` sessions.
 */
import type { SessionContextPort } from '../../core/contract.js';
import type {
  ToolTraceEvent,
  ToolTracer,
  TraceRecord,
} from '../../call-path/call/trace-tool-call.js';

export interface SessionTraceStoreOptions {
  /** Default: 500. */
  readonly maxEventsPerSession?: number;
  /** Default: 64. */
  readonly maxSessions?: number;
  /** Default: `Date.now`. */
  readonly now?: () => number;
}

export interface SessionTraceStore {
  /** The tracer of the session `id` (its events are kept under that id). */
  tracer(id: () => string): ToolTracer;
  /** Reads a session's record; an unknown id is an error that says so. */
  readonly port: SessionContextPort;
  /** The events kept for a session, oldest first. */
  events(id: string): readonly ToolTraceEvent[];
}

/** Longest shown value of an input or output, in characters. */
const MAX_VALUE_CHARS = 2_000;

export function createSessionTraceStore(options: SessionTraceStoreOptions = {}): SessionTraceStore {
  const maxEvents = options.maxEventsPerSession ?? 500;
  const maxSessions = options.maxSessions ?? 64;
  const now = options.now ?? Date.now;
  const sessions = new Map<string, { at: number; event: ToolTraceEvent }[]>();

  const add = (id: string, event: ToolTraceEvent) => {
    let kept = sessions.get(id);
    if (kept === undefined) {
      kept = [];
      sessions.set(id, kept);
      if (sessions.size > maxSessions) sessions.delete(sessions.keys().next().value!);
    }
    kept.push({ at: now(), event });
    if (kept.length > maxEvents) kept.splice(0, kept.length - maxEvents);
  };

  return {
    tracer: (id) => ({ record: (event) => add(id(), event) }),
    events: (id) => (sessions.get(id) ?? []).map(({ event }) => event),
    port: {
      async read(sessionId) {
        const kept = sessions.get(sessionId);
        if (kept === undefined)
          throw new Error(
            `no session "${sessionId}" on this server has recorded calls (ids: ${[...sessions.keys()].join(', ') || 'none yet'})`,
          );
        return {
          content: [
            `Session ${sessionId}: ${kept.length} recorded call${kept.length === 1 ? '' : 's'}, oldest first.`,
            ...kept.map(({ at, event }) => describe(at, event)),
          ].join('\n'),
        };
      },
    },
  };
}

function describe(at: number, event: ToolTraceEvent): string {
  const outcome = event.isError ? `failed (${event.errorCode ?? 'error'})` : 'ok';
  return [
    `- ${new Date(at).toISOString()} ${event.tool} ${outcome}`,
    ...(event.input === undefined ? [] : [`  input: ${shown(event.input)}`]),
    ...(event.output === undefined ? [] : [`  result: ${shown(event.output)}`]),
  ].join('\n');
}

function shown(record: TraceRecord): string {
  const text =
    record.granularity === 'full'
      ? (JSON.stringify(record.value) ?? String(record.value))
      : `${record.type}${record.bytes === undefined ? '' : `, ${record.bytes} bytes`}`;
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}
