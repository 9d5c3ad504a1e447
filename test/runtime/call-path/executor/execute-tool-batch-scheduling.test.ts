/**
 * Scheduling: truly read-only, concurrency-safe neighbours run side by side (proved by handlers
 * that can only finish when the others have started), everything else is a barrier, the bound
 * on concurrency holds, and results come back in call order whatever order calls finish in.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { builtInTools } from '../../../../generated/index.js';
import { executeToolBatch } from '../../../../runtime/call-path/executor/index.js';
import {
  batchContext,
  batchRuntime,
  Holds,
  labelledCalls,
  loggingTool,
  WRITES_WORKSPACE,
} from './support.js';

describe('executeToolBatch scheduling', () => {
  test('read-only neighbours run concurrently: each handler waits until all three have started', async () => {
    const log: string[] = [];
    let started = 0;
    let allStarted!: () => void;
    const everyoneIn = new Promise<void>((resolve) => (allStarted = resolve));
    const reader = loggingTool('Look', log, {
      hold: () => {
        if (++started === 3) allStarted();
        return everyoneIn;
      },
      // Run one at a time, the first call would wait for the others until this timeout.
      timeout: {
        kind: 'bounded',
        defaultMs: 2_000,
        maxMs: 2_000,
        allowCallOverride: false,
        cleanupGraceMs: 0,
      },
    });
    const batch = await executeToolBatch(
      batchRuntime([reader]),
      labelledCalls('Look', 'a', 'b', 'c'),
      await batchContext(),
    );
    expect(batch.steps).toEqual([{ indices: [0, 1, 2], concurrent: true }]);
    expect(batch.results.map((result) => result.content)).toEqual(['done a', 'done b', 'done c']);
    expect(log.slice(0, 3)).toEqual(['start a', 'start b', 'start c']);
  });

  test('a barrier runs alone: after every call before it has ended, before any after it starts', async () => {
    const log: string[] = [];
    const look = loggingTool('Look', log);
    const change = loggingTool('Change', log, { metadata: WRITES_WORKSPACE });
    const calls = [
      ...labelledCalls('Look', 'r1', 'r2'),
      ...labelledCalls('Change', 'w1', 'w2'),
      ...labelledCalls('Look', 'r3', 'r4'),
    ];
    const batch = await executeToolBatch(batchRuntime([look, change]), calls, await batchContext());
    expect(batch.steps).toEqual([
      { indices: [0, 1], concurrent: true },
      { indices: [2], concurrent: false },
      { indices: [3], concurrent: false },
      { indices: [4, 5], concurrent: true },
    ]);
    expect(log).toEqual([
      'start r1',
      'start r2',
      'end r1',
      'end r2',
      'start w1',
      'end w1',
      'start w2',
      'end w2',
      'start r3',
      'start r4',
      'end r3',
      'end r4',
    ]);
  });

  test('results come back in call order when the calls finish in reverse', async () => {
    const log: string[] = [];
    const holds = new Holds();
    const look = loggingTool('Look', log, { hold: holds.hold });
    const running = executeToolBatch(
      batchRuntime([look]),
      labelledCalls('Look', 'a', 'b', 'c'),
      await batchContext(),
    );
    await holds.release('c');
    await holds.release('b');
    await holds.release('a');
    const batch = await running;
    expect(log).toEqual(['start a', 'start b', 'start c', 'end c', 'end b', 'end a']);
    expect(batch.results.map((result) => [result.index, result.callId, result.content])).toEqual([
      [0, 'call-a', 'done a'],
      [1, 'call-b', 'done b'],
      [2, 'call-c', 'done c'],
    ]);
  });

  test('maxConcurrency bounds a concurrent step: the third call starts only when one of two ends', async () => {
    const log: string[] = [];
    const holds = new Holds();
    const look = loggingTool('Look', log, { hold: holds.hold });
    const running = executeToolBatch(
      batchRuntime([look]),
      labelledCalls('Look', 'a', 'b', 'c', 'd'),
      await batchContext({ maxConcurrency: 2 }),
    );
    await holds.reached('a');
    await holds.reached('b');
    expect(log).toEqual(['start a', 'start b']);
    await holds.release('b');
    await holds.reached('c');
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    await holds.release('a');
    await holds.reached('d');
    await holds.release('c');
    await holds.release('d');
    const batch = await running;
    expect(log).toEqual([
      'start a',
      'start b',
      'end b',
      'start c',
      'end a',
      'start d',
      'end c',
      'end d',
    ]);
    expect(batch.results.map((result) => result.content)).toEqual([
      'done a',
      'done b',
      'done c',
      'done d',
    ]);
  });

  test('a maxConcurrency that is not a positive integer is refused', async () => {
    const look = loggingTool('Look', []);
    await expect(
      executeToolBatch(
        batchRuntime([look]),
        labelledCalls('Look', 'a'),
        await batchContext({ maxConcurrency: 0 }),
      ),
    ).rejects.toThrow('maxConcurrency must be a positive integer, got 0');
  });

  test('real Bash: `ls` calls run together before `rm`, which is a barrier; Read after it', async () => {
    const bash = builtInTools.find((tool) => tool.metadata.name === 'Bash')!;
    const read = builtInTools.find((tool) => tool.metadata.name === 'Read')!;
    const context = await batchContext();
    await writeFile(path.join(context.root, 'doomed.txt'), 'bye\n');
    await writeFile(path.join(context.root, 'kept.txt'), 'hello\n');
    const batch = await executeToolBatch(
      batchRuntime([bash, read]),
      [
        { name: 'Bash', input: { command: 'ls' } },
        { name: 'Bash', input: { command: 'cat kept.txt && ls' } },
        { name: 'Bash', input: { command: 'rm doomed.txt' } },
        { name: 'Bash', input: { command: 'ls' } },
        { name: 'Read', input: { file_path: 'kept.txt' } },
      ],
      context,
    );
    expect(batch.steps).toEqual([
      { indices: [0, 1], concurrent: true },
      { indices: [2], concurrent: false },
      { indices: [3, 4], concurrent: true },
    ]);
    const outputs = batch.results.map((result) => result.output as { output?: string } | undefined);
    expect(outputs[0]?.output).toBe('doomed.txt\nkept.txt\n');
    expect(outputs[1]?.output).toBe('hello\ndoomed.txt\nkept.txt\n');
    expect(outputs[3]?.output).toBe('kept.txt\n');
    expect(batch.results[4]!.isError).toBe(false);
    await expect(readFile(path.join(context.root, 'doomed.txt'))).rejects.toThrow('ENOENT');
  });
});
