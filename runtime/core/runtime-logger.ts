/** Where the runtime reports problems it recovers from (a skipped alias, an overwritten tool). */
export interface RuntimeLogger {
  warn(message: string): void;
}

/** Default logger: standard error, one line per warning. */
export const stderrLogger: RuntimeLogger = {
  warn: (message) => process.stderr.write(`tool-contracts: ${message}\n`),
};
