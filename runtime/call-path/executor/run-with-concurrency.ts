/**
 * Run tasks with at most `limit` in flight, starting them in order; resolves when all are done.
 * Each task reports its own outcome (the executor's never reject), so one failure does not
 * stop the others.
 */
export async function runWithConcurrency(
  tasks: readonly (() => Promise<void>)[],
  limit: number,
): Promise<void> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`maxConcurrency must be a positive integer, got ${limit}`);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++]!;
      await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}
