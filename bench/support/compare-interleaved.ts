/**
 * Timing our side and its anchor the same way, in interleaved rounds: each round times both
 * sides back to back, the order alternating (ours first in even rounds), after warm-up rounds
 * that are thrown away. Synchronous operations are called synchronously (an `await` on a
 * synchronous call costs more than many of the calls measured here); asynchronous ones are
 * awaited on both sides; processes are started and waited for the same way on both sides.
 * Every function returns the time per operation of each round, in ms.
 */
import { spawnSync } from 'node:child_process';

export interface Comparison {
  readonly ours: readonly number[];
  readonly anchor: readonly number[];
}

export interface RoundOptions {
  /** Rounds measured. */
  readonly rounds: number;
  /** Rounds run first and thrown away (JIT, caches of the machine, not of the code measured). */
  readonly warmUp: number;
}

export interface BatchOptions extends RoundOptions {
  /** How long one side's sample of a round should take; sets the batch size of each side. */
  readonly sampleMs: number;
}

/** Results are kept here so that no call can be optimised away. */
export let sink: unknown;

const ORDER = [
  ['ours', 'anchor'],
  ['anchor', 'ours'],
] as const;

async function interleave(
  options: RoundOptions,
  sample: (side: 'ours' | 'anchor') => number | Promise<number>,
): Promise<Comparison> {
  const times = { ours: [] as number[], anchor: [] as number[] };
  for (let round = 0; round < options.warmUp + options.rounds; round += 1) {
    for (const side of ORDER[round % 2]!) {
      const time = await sample(side);
      if (round >= options.warmUp) times[side].push(time);
    }
  }
  return times;
}

/** Calls per sample so that a sample takes about `sampleMs`. */
function calibrate(run: () => unknown, sampleMs: number): number {
  for (let batch = 1; ; batch *= 2) {
    const start = performance.now();
    for (let index = 0; index < batch; index += 1) sink = run();
    const elapsed = performance.now() - start;
    if (elapsed >= sampleMs / 4 || batch >= 1 << 24)
      return Math.max(1, Math.round((batch * sampleMs) / Math.max(elapsed, 0.001)));
  }
}

/** Synchronous operations, each timed over a batch of calls (one call is below the timer). */
export function compareSync(
  sides: { readonly ours: () => unknown; readonly anchor: () => unknown },
  options: BatchOptions,
): Promise<Comparison> {
  const batch = {
    ours: calibrate(sides.ours, options.sampleMs),
    anchor: calibrate(sides.anchor, options.sampleMs),
  };
  return interleave(options, (side) => {
    const run = sides[side];
    const count = batch[side];
    const start = performance.now();
    for (let index = 0; index < count; index += 1) sink = run();
    return (performance.now() - start) / count;
  });
}

/**
 * A synchronous operation on fresh state: each round, `prepare` (untimed) builds the state and
 * returns the operation, which is timed once (a first list, a first registration).
 */
export function compareFresh(
  sides: { readonly ours: () => () => unknown; readonly anchor: () => () => unknown },
  options: RoundOptions,
): Promise<Comparison> {
  return interleave(options, (side) => {
    const run = sides[side]();
    const start = performance.now();
    sink = run();
    return performance.now() - start;
  });
}

export interface AsyncBatchOptions extends BatchOptions {
  /** How long each side runs, untimed, before its batch is sized. Default: 1 000 ms. */
  readonly warmUpMs?: number;
}

/** Await `run` again and again for at least `ms` (and at least twice). */
async function runFor(
  run: () => Promise<unknown>,
  ms: number,
): Promise<{ count: number; elapsed: number }> {
  const start = performance.now();
  let count = 0;
  while (performance.now() - start < ms || count < 2) {
    sink = await run();
    count += 1;
  }
  return { count, elapsed: performance.now() - start };
}

/**
 * Run both sides, untimed, alternating in pieces of `sampleMs`, until each has run for `warmUpMs`:
 * what is timed after this runs on compiled code, not on a path V8 is still compiling.
 */
export async function warmUpSides(
  sides: { readonly ours: () => Promise<unknown>; readonly anchor: () => Promise<unknown> },
  options: { readonly warmUpMs: number; readonly sampleMs: number },
): Promise<void> {
  const warmed = { ours: 0, anchor: 0 };
  for (
    let piece = 0;
    warmed.ours < options.warmUpMs || warmed.anchor < options.warmUpMs;
    piece += 1
  ) {
    for (const side of ORDER[piece % 2]!) {
      if (warmed[side] < options.warmUpMs)
        warmed[side] += (await runFor(sides[side], options.sampleMs)).elapsed;
    }
  }
}

/**
 * Asynchronous operations, awaited one after another over a batch. Both sides are first warmed
 * ({@link warmUpSides}, `warmUpMs`): the batch is sized from calls of compiled code, not from the
 * first calls of a cold path. Sized from those, a path whose first calls are slow got a batch of
 * a few calls, and every round timed the JIT's work on it (a process's first calls are what the
 * cold-start rows measure). The warm-up rounds then start from there.
 */
export async function compareAsync(
  sides: { readonly ours: () => Promise<unknown>; readonly anchor: () => Promise<unknown> },
  options: AsyncBatchOptions,
): Promise<Comparison> {
  await warmUpSides(sides, { warmUpMs: options.warmUpMs ?? 1000, sampleMs: options.sampleMs });
  const calibrated = async (run: () => Promise<unknown>) => {
    const { count, elapsed } = await runFor(run, options.sampleMs / 2);
    return Math.max(1, Math.round((count * options.sampleMs) / elapsed));
  };
  const batch = { ours: await calibrated(sides.ours), anchor: await calibrated(sides.anchor) };
  return interleave(options, async (side) => {
    const run = sides[side];
    const count = batch[side];
    const start = performance.now();
    for (let index = 0; index < count; index += 1) sink = await run();
    return (performance.now() - start) / count;
  });
}

/** A process to start: what `spawnSync` gets. */
export interface ProcessSpec {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  /** The environment (default: this process's). */
  readonly env?: NodeJS.ProcessEnv;
  /** Checks the process's standard output (thrown errors stop the bench). */
  readonly check?: (stdout: string) => void;
  /** Run before each start, untimed (an edit the process is to pick up). */
  readonly prepare?: () => void;
}

function runProcess(spec: ProcessSpec): number {
  spec.prepare?.();
  const start = performance.now();
  const result = spawnSync(spec.command, spec.args, {
    cwd: spec.cwd,
    ...(spec.env === undefined ? {} : { env: spec.env }),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const elapsed = performance.now() - start;
  if (result.status !== 0)
    throw new Error(
      `${spec.command} ${spec.args.join(' ')} exited with ${result.status ?? result.signal}:\n${result.stderr}`,
    );
  spec.check?.(result.stdout);
  return elapsed;
}

/** Processes, each started and waited for (wall time from spawn to exit), one at a time. */
export function compareProcesses(
  sides: { readonly ours: ProcessSpec; readonly anchor: ProcessSpec },
  options: RoundOptions,
): Promise<Comparison> {
  return interleave(options, (side) => runProcess(sides[side]));
}
