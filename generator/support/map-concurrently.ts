/**
 * `Promise.all(items.map(run))` with at most `limit` calls running at once, results in the order
 * of `items`. For reading or hashing every file of a project: an unbounded `Promise.all` opens
 * every file at the same time, and with ten thousand tools (50 000 outputs) that is past the
 * process's limit of open files (`EMFILE`).
 */
export const FILE_CONCURRENCY = 64;

export async function mapConcurrently<T, R>(
  items: readonly T[],
  run: (item: T, index: number) => Promise<R>,
  limit: number = FILE_CONCURRENCY,
): Promise<R[]> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`limit must be a whole number of at least 1, not ${limit}`);
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await run(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
