/** Thrown by a tool session's `run`/`call` after `close()`. */
export class ToolSessionClosedError extends Error {
  constructor(readonly sessionId: string) {
    super(`tool session ${sessionId} is closed; create a new one`);
    this.name = 'ToolSessionClosedError';
  }
}
