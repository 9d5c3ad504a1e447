/** Where a command writes; injectable so commands can be tested without a child process. */
export interface CommandIO {
  out(text: string): void;
  err(text: string): void;
  /** Project root the command works in. */
  readonly cwd: string;
  /** Colour is allowed (a TTY and no `NO_COLOR`). */
  readonly color: boolean;
  /** Where a command reads lines typed or piped in (`call --repl`). Default: none. */
  readonly stdin?: NodeJS.ReadableStream;
  /** `stdin` is a terminal a person types at (approval prompts are possible). Default: false. */
  readonly stdinIsTTY?: boolean;
  /**
   * Standard error is a terminal a person watches: long steps say what they are doing there.
   * Default: false (a pipe or a file gets only the result).
   */
  readonly stderrIsTTY?: boolean;
}

/**
 * A writer that goes quiet once its reader has gone (`tool-contracts list | head -1`): further
 * text is dropped instead of crashing the process with EPIPE, so the command still finishes
 * what it was doing (a `generate` completes its swap) and keeps its exit code.
 */
function quietOnClosedPipe(stream: NodeJS.WriteStream): (text: string) => void {
  let closed = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    closed = true;
  });
  return (text) => {
    if (!closed) stream.write(`${text}\n`);
  };
}

export const processIO: CommandIO = {
  out: quietOnClosedPipe(process.stdout),
  err: quietOnClosedPipe(process.stderr),
  cwd: process.cwd(),
  color: Boolean(process.stdout.isTTY) && !('NO_COLOR' in process.env),
  // Getters: touching `process.stdin` opens it, which only `call` needs.
  get stdin() {
    return process.stdin;
  },
  get stdinIsTTY() {
    return Boolean(process.stdin.isTTY);
  },
  stderrIsTTY: Boolean(process.stderr.isTTY),
};
