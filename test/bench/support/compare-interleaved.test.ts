import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from 'vitest';
import { compareAsync, compareProcesses } from '../../../bench/support/compare-interleaved.js';
import { median } from '../../../bench/support/round-ratios.js';

test('compareAsync times warm calls: a side whose first calls are slow is sized and timed after them', async () => {
  // The first 20 calls of `ours` take 5 ms each (a cold path: the JIT's first work on it), the
  // rest return at once. Sized from its first calls, its batch would be four calls, and every
  // round of this comparison would time cold calls only.
  let calls = 0;
  const ours = async () => {
    calls += 1;
    if (calls <= 20) await sleep(5);
  };
  const anchor = async () => {};
  const { ours: times, anchor: anchorTimes } = await compareAsync(
    { ours, anchor },
    { rounds: 3, warmUp: 1, sampleMs: 20, warmUpMs: 200 },
  );
  expect(calls).toBeGreaterThan(20);
  expect([times.length, anchorTimes.length]).toEqual([3, 3]);
  expect(median(times)).toBeLessThan(1);
});

test('compareProcesses starts each side with its own environment, or this process’s without one', async () => {
  process.env.COMPARE_INTERLEAVED_PROBE = 'inherited';
  const seen: Record<string, string[]> = { ours: [], anchor: [] };
  const printProbe = [
    '-e',
    'process.stdout.write(process.env.COMPARE_INTERLEAVED_PROBE ?? "unset")',
  ];
  try {
    const { ours, anchor } = await compareProcesses(
      {
        ours: {
          command: process.execPath,
          args: printProbe,
          cwd: process.cwd(),
          env: { PATH: process.env.PATH },
          check: (stdout) => void seen.ours!.push(stdout),
        },
        anchor: {
          command: process.execPath,
          args: printProbe,
          cwd: process.cwd(),
          check: (stdout) => void seen.anchor!.push(stdout),
        },
      },
      { rounds: 2, warmUp: 1 },
    );
    expect(seen).toEqual({
      ours: ['unset', 'unset', 'unset'],
      anchor: ['inherited', 'inherited', 'inherited'],
    });
    expect([ours.length, anchor.length]).toEqual([2, 2]);
  } finally {
    delete process.env.COMPARE_INTERLEAVED_PROBE;
  }
});
