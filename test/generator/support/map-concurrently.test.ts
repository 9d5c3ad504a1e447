/**
 * mapConcurrently: the results of `Promise.all(items.map(run))`, in order, with never more than
 * `limit` calls in flight (what keeps a generate of 10 000 tools under the open-file limit).
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { mapConcurrently } from '../../../generator/support/map-concurrently.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('mapConcurrently', () => {
  test('results in the order of the items, never more than limit in flight', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 8 }),
        async (delays, limit) => {
          let inFlight = 0;
          let most = 0;
          const results = await mapConcurrently(
            delays,
            async (delay, index) => {
              inFlight += 1;
              most = Math.max(most, inFlight);
              await tick(delay);
              inFlight -= 1;
              return `${index}:${delay}`;
            },
            limit,
          );
          expect(results).toEqual(delays.map((delay, index) => `${index}:${delay}`));
          expect(most).toBeLessThanOrEqual(Math.max(1, Math.min(limit, delays.length)));
        },
      ),
      { numRuns: 50 },
    );
  });

  test('no items: no call, an empty result', async () => {
    expect(await mapConcurrently([], () => Promise.reject(new Error('called')))).toEqual([]);
  });

  test('a failing call fails the whole map with its error', async () => {
    await expect(
      mapConcurrently([1, 2, 3], async (item) => {
        if (item === 2) throw new Error('item 2 failed');
        return item;
      }),
    ).rejects.toThrow('item 2 failed');
  });

  test.each([0, -1, 1.5, Number.NaN])('limit %d is refused', async (limit) => {
    await expect(mapConcurrently([1], async (item) => item, limit)).rejects.toThrow(
      `limit must be a whole number of at least 1, not ${limit}`,
    );
  });
});
