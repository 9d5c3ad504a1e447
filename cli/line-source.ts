/**
 * Lines from a stream, one at a time, for a read loop and the prompts it asks in between (the
 * REPL's next call, an approval's y/n): both pull from the same queue, so neither steals the
 * other's line.
 */
import { createInterface, type Interface } from 'node:readline';

export class LineSource {
  readonly #lines: string[] = [];
  readonly #waiting: ((line: string | undefined) => void)[] = [];
  readonly #readline: Interface;
  readonly #prompt: (text: string) => void;
  #ended = false;

  /** `prompt` shows a prompt (standard error, so standard output stays the results). */
  constructor(input: NodeJS.ReadableStream, prompt: (text: string) => void) {
    this.#prompt = prompt;
    this.#readline = createInterface({ input, crlfDelay: Infinity, terminal: false });
    this.#readline.on('line', (line) => {
      const waiter = this.#waiting.shift();
      if (waiter !== undefined) waiter(line);
      else this.#lines.push(line);
    });
    this.#readline.on('close', () => {
      this.#ended = true;
      for (const waiter of this.#waiting.splice(0)) waiter(undefined);
    });
  }

  /** The next line after showing `prompt`; `undefined` once the input has ended. */
  next(prompt = ''): Promise<string | undefined> {
    if (prompt !== '') this.#prompt(prompt);
    const line = this.#lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.#ended) return Promise.resolve(undefined);
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  close(): void {
    this.#readline.close();
  }
}
