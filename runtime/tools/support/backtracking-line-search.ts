/**
 * Grep patterns that only a backtracking engine can run — back-references, look-around, the
 * few other forms RE2 refuses — matched off the main thread. A backtracking `RegExp` can run
 * for minutes inside one `test`, where nothing on its thread can interrupt it; here it runs in a
 * worker thread, one per Grep call, given one file at a time under a short budget
 * ({@link BACKTRACKING_FILE_BUDGET_MS}). Past the budget the worker is terminated (V8 stops the
 * match) and the file is reported as timed out: a catastrophic pattern costs its own call at
 * most, and the process — every other call and session of `serve --http` — never waits for it.
 *
 * The worker is a plain script (`eval`), so it runs the same from the TypeScript sources and from
 * the build; its memory is capped too.
 */
import { Worker } from 'node:worker_threads';
import { linesSpannedBy } from './find-matching-lines.js';

/** Longest a backtracking match may run over one file. */
export const BACKTRACKING_FILE_BUDGET_MS = 1000;

/** Heap of the worker: a 10 MiB file as lines fits many times over. */
const WORKER_HEAP_MB = 256;

/**
 * Receives a file's lines; answers the matching line indices, or with `multiline` the flat
 * `[start, end, start, end, …]` offsets of every match in the lines joined with `\n`.
 */
const WORKER_SOURCE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { source, flags, multiline } = workerData;
const single = new RegExp(source, flags);
const global = new RegExp(source, flags + 'g');
parentPort.on('message', (lines) => {
  if (!multiline) {
    const matched = [];
    for (let index = 0; index < lines.length; index += 1)
      if (single.test(lines[index])) matched.push(index);
    parentPort.postMessage(matched);
    return;
  }
  const text = lines.join('\\n');
  const ranges = [];
  global.lastIndex = 0;
  for (let match = global.exec(text); match !== null; match = global.exec(text)) {
    ranges.push(match.index, match.index + match[0].length);
    if (match[0].length === 0) global.lastIndex += 1;
  }
  parentPort.postMessage(ranges);
});
`;

/** The matching lines of a file, or why there are none: out of budget, or the call aborted. */
export type BacktrackingResult = readonly number[] | 'timeout' | 'aborted';

/** One Grep call's backtracking matcher: a worker thread, files matched one after another. */
export class BacktrackingLineSearch {
  readonly #source: string;
  readonly #flags: string;
  readonly #multiline: boolean;
  readonly #signal: AbortSignal;
  #worker: Worker | undefined;
  /** Files wait their turn: a budget runs only while its file is being matched. */
  #queue: Promise<unknown> = Promise.resolve();

  /** `source` and `flags` must already compile as a JavaScript `RegExp` (without `g`). */
  constructor(source: string, flags: string, multiline: boolean, signal: AbortSignal) {
    this.#source = source;
    this.#flags = flags;
    this.#multiline = multiline;
    this.#signal = signal;
  }

  /** The matching line indices of `lines`, within `budgetMs` of matching time. */
  search(lines: readonly string[], budgetMs: number): Promise<BacktrackingResult> {
    const result = this.#queue.then(() => this.#match(lines, budgetMs));
    this.#queue = result.catch(() => {});
    return result;
  }

  /** End the worker (the call is over). */
  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.terminate();
  }

  #match(lines: readonly string[], budgetMs: number): Promise<BacktrackingResult> {
    if (this.#signal.aborted) return Promise.resolve('aborted');
    if (budgetMs <= 0) return Promise.resolve('timeout');
    this.#worker ??= new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { source: this.#source, flags: this.#flags, multiline: this.#multiline },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    const worker = this.#worker;
    return new Promise<BacktrackingResult>((resolve, reject) => {
      const stop = () => {
        if (this.#worker === worker) this.#worker = undefined;
        void worker.terminate();
      };
      const settle = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        this.#signal.removeEventListener('abort', onAbort);
      };
      const onMessage = (answer: number[]) => {
        settle();
        if (!this.#multiline) return resolve(answer);
        const ranges: [number, number][] = [];
        for (let index = 0; index + 1 < answer.length; index += 2)
          ranges.push([answer[index]!, answer[index + 1]!]);
        resolve(linesSpannedBy(lines.join('\n'), ranges));
      };
      const onError = (error: Error) => {
        settle();
        stop();
        reject(error);
      };
      const onExit = (code: number) => onError(new Error(`the matching thread exited (${code})`));
      const onAbort = () => {
        settle();
        stop();
        resolve('aborted');
      };
      const timer = setTimeout(() => {
        settle();
        stop();
        resolve('timeout');
      }, budgetMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      this.#signal.addEventListener('abort', onAbort, { once: true });
      worker.postMessage(lines);
    });
  }
}
