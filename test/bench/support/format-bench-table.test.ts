import { describe, expect, test } from 'vitest';
import {
  benchTableJson,
  formatBenchTable,
  formatDuration,
  type BenchRun,
  type RowResult,
} from '../../../bench/support/format-bench-table.js';

const run: BenchRun = {
  command: 'npm run bench -- call warm-list',
  node: 'v20.20.2',
  cores: 2,
  loadAverage: { start: [5.123, 4, 3.5], end: [6, 4.25, 3.555] },
};
// Given out of table order: the table puts warm-list first.
const results: RowResult[] = [
  {
    id: 'admission',
    oursMs: 0.000938,
    anchorMs: 0.000121,
    ratio: 7.5,
    rounds: 21,
    note: 'input {}',
  },
  { id: 'warm-list', oursMs: 0.01393, anchorMs: 7.8, ratio: 1 / 532, rounds: 21 },
];

describe('formatDuration', () => {
  test.each([
    [0.000938, '938 ns'],
    [0.01393, '13.93 µs'],
    [1.304, '1.30 ms'],
    [381.99, '381.99 ms'],
    [2520, '2.52 s'],
  ])('%d ms → %s', (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });
});

describe('formatBenchTable', () => {
  test('a Markdown table in table order, then the notes, the machine and the command', () => {
    expect(formatBenchTable(results, run).split('\n')).toEqual([
      '| row       | ours                                       | median   | anchor                                   | median  | ours / anchor | goal          | met |',
      '| --------- | ------------------------------------------ | -------- | ---------------------------------------- | ------- | ------------- | ------------- | --- |',
      '| warm-list | warm `getTools`                            | 13.93 µs | MCP SDK `tools/list` handler, same tools | 7.80 ms | 532× faster   | ≥ 300× faster | yes |',
      '| admission | valid-call admission as `callTool` does it | 938 ns   | bare ajv `validate()`, same Read input   | 121 ns  | 7.50×         | ≤ 2×          | no  |',
      '',
      "1 of 2 rows meet their goal. Ratio: median of the per-round ratios ours / anchor over interleaved rounds (after warm-up); the medians are each side's, for scale.",
      '- admission (21 rounds): input {}',
      'Node v20.20.2, 2 cores, load average 5.12 4.00 3.50 at the start, 6.00 4.25 3.56 at the end.',
      'Command: npm run bench -- call warm-list',
    ]);
  });
});

describe('benchTableJson', () => {
  test('the run, then each row with its labels, figures, goal and verdict', () => {
    expect(benchTableJson(results, run)).toEqual({
      ...run,
      rows: [
        {
          id: 'warm-list',
          ours: 'warm `getTools`',
          anchor: 'MCP SDK `tools/list` handler, same tools',
          oursMs: 0.01393,
          anchorMs: 7.8,
          ratio: 1 / 532,
          shown: '532× faster',
          goal: '≥ 300× faster',
          met: true,
          rounds: 21,
        },
        {
          id: 'admission',
          ours: 'valid-call admission as `callTool` does it',
          anchor: 'bare ajv `validate()`, same Read input',
          oursMs: 0.000938,
          anchorMs: 0.000121,
          ratio: 7.5,
          shown: '7.50×',
          goal: '≤ 2×',
          met: false,
          rounds: 21,
          note: 'input {}',
        },
      ],
    });
  });
});
