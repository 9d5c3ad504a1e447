/**
 * The schedule of one assistant message's tool calls: runs of consecutive calls that may run
 * concurrently become one step; every other call is a barrier, a step of its own, run after
 * everything before it has finished and before anything after it starts.
 */

/** One step of a batch: the indices of the calls it runs, in call order. */
export interface BatchStep {
  readonly indices: readonly number[];
  /** The calls of this step run side by side (bounded by the executor's concurrency). */
  readonly concurrent: boolean;
}

/** Plan a batch from whether each call may run concurrently (`CallEffects.concurrent`). */
export function planToolBatch(concurrent: readonly boolean[]): BatchStep[] {
  const steps: BatchStep[] = [];
  let run: number[] = [];
  const closeRun = () => {
    if (run.length > 0) steps.push({ indices: run, concurrent: true });
    run = [];
  };
  concurrent.forEach((mayRunConcurrently, index) => {
    if (mayRunConcurrently) {
      run.push(index);
      return;
    }
    closeRun();
    steps.push({ indices: [index], concurrent: false });
  });
  closeRun();
  return steps;
}
