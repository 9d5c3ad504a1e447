import { expect, test } from 'vitest';
import { compareProcesses } from '../../../bench/support/compare-interleaved.js';

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
