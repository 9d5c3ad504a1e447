import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { BENCH_ROWS, benchRow, rowsToMeasure } from '../../../bench/support/bench-rows.js';

describe('BENCH_ROWS', () => {
  test('the tables of issues #14 and #25, in their order, with their goals', () => {
    expect(BENCH_ROWS.map((row) => [row.id, row.file, row.goal])).toEqual([
      ['warm-list', 'get-tools', { kind: 'faster-by', factor: 300 }],
      ['first-list', 'get-tools', { kind: 'at-most', ratio: 0.3 }],
      ['mcp-1000', 'get-tools', { kind: 'at-most', ratio: 0.3 }],
      ['admission', 'call', { kind: 'at-most', ratio: 2 }],
      ['invalid-call', 'call', { kind: 'at-most', ratio: 1 }],
      ['cold-start', 'cold-start', { kind: 'at-most', ratio: 0.4 }],
      ['cli-list', 'cold-start', { kind: 'at-most', ratio: 3 }],
      ['read-call', 'call', { kind: 'at-most', ratio: 1.5 }],
      ['serve-call', 'mcp-round-trip', { kind: 'at-most', ratio: 0.8 }],
      ['npm-ci', 'install', { kind: 'within', ms: 60_000 }],
      ['first-generate', 'generate-loop', { kind: 'within', ms: 3000 }],
      ['edit-generate', 'generate-loop', { kind: 'within', ms: 2000 }],
      ['edit-generate-project', 'generate-loop', { kind: 'within', ms: 1000 }],
      ['check-strict-project', 'generate-loop', { kind: 'within', ms: 3000 }],
      ['scale-generate', 'scale', { kind: 'within', ms: 60_000 }],
      ['scale-no-op', 'scale', { kind: 'within', ms: 5000 }],
    ]);
  });

  test('every row names a bench file that exists', () => {
    const folder = path.join(import.meta.dirname, '../../../bench');
    const files = readdirSync(folder).filter((file) => file.endsWith('.bench.ts'));
    for (const row of BENCH_ROWS) expect(files).toContain(`${row.file}.bench.ts`);
  });
});

describe('benchRow and rowsToMeasure', () => {
  test('benchRow finds a row by id and refuses an unknown one', () => {
    expect(benchRow('cli-list').anchor).toBe('`node -e 0`');
    expect(() => benchRow('warm')).toThrow('no bench row "warm"');
  });

  test.each([
    ['no ids: all of the file’s rows', 'call', [], ['admission', 'invalid-call', 'read-call']],
    ['named ids only', 'call', ['read-call'], ['read-call']],
    [
      'the table order does not matter',
      'get-tools',
      ['mcp-1000', 'warm-list'],
      ['mcp-1000', 'warm-list'],
    ],
  ])('%s', (_label, file, requested, expected) => {
    expect([...rowsToMeasure(file, requested)]).toEqual(expected);
  });

  test('a row of another file is refused', () => {
    expect(() => rowsToMeasure('call', ['cli-list', 'x'])).toThrow(
      'bench/call.bench.ts has no row cli-list, x',
    );
  });
});
