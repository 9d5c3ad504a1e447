/** Where a command writes; injectable so commands can be tested without a child process. */
export interface CommandIO {
  out(text: string): void;
  err(text: string): void;
  /** Project root the command works in. */
  readonly cwd: string;
  /** Colour is allowed (a TTY and no `NO_COLOR`). */
  readonly color: boolean;
}

export const processIO: CommandIO = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  cwd: process.cwd(),
  color: Boolean(process.stdout.isTTY) && !('NO_COLOR' in process.env),
};
