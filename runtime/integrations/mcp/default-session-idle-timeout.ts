/**
 * How long an HTTP session of `serve --http` may stay idle (no request open) before it is closed
 * with its tool session: 30 minutes. Long enough for a person to step away from a live client
 * (whose notification stream keeps its session in use anyway), short enough that sessions of
 * clients that vanished do not pile up.
 */
export const DEFAULT_SESSION_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
