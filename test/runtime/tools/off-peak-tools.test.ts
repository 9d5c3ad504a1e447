/** OffPeakCreate and OffPeakList through the runtime's call path. */
import { describe, expect, test } from 'vitest';
import { callThroughRuntime } from './host-support/host-tool-calls.js';
import { hostTools } from './host-support/host-tool-entries.js';
import { InMemoryOffPeak } from './host-support/in-memory-host-ports.js';

const { OffPeakCreate, OffPeakList } = hostTools;

describe('OffPeakCreate', () => {
  test.each([
    {
      case: 'an unnamed task',
      input: { prompt: 'Run the full mutation test suite' },
      content:
        'Queued off-peak task offpeak-1. It runs when the host has spare capacity, not right away; OffPeakList shows its status.',
      output: { id: 'offpeak-1', prompt: 'Run the full mutation test suite', name: null },
    },
    {
      case: 'a named task',
      input: { prompt: 'Audit dependencies', name: 'deps audit' },
      content:
        'Queued off-peak task offpeak-1 ("deps audit"). It runs when the host has spare capacity, not right away; OffPeakList shows its status.',
      output: { id: 'offpeak-1', prompt: 'Audit dependencies', name: 'deps audit' },
    },
  ])('queues $case', async ({ input, content, output }) => {
    const offPeak = new InMemoryOffPeak();
    await expect(callThroughRuntime(OffPeakCreate, input, { offPeak })).resolves.toMatchObject({
      isError: false,
      content,
      output,
    });
    expect(offPeak.tasks).toHaveLength(1);
  });

  test('refuses a blank prompt without queueing', async () => {
    const offPeak = new InMemoryOffPeak();
    await expect(
      callThroughRuntime(OffPeakCreate, { prompt: '\n' }, { offPeak }),
    ).resolves.toMatchObject({
      isError: true,
      errorCode: 'invalid_input',
      content:
        '<tool_use_error>The prompt is blank; give the prompt the task should run.</tool_use_error>',
    });
    expect(offPeak.calls).toEqual([]);
  });
});

describe('OffPeakList', () => {
  test.each([
    { case: 'no tasks', prompts: [], content: 'No off-peak tasks.' },
    {
      case: 'one task',
      prompts: ['Audit'],
      content: '1 off-peak task:\n- offpeak-1 (queued): "Audit"',
    },
    {
      case: 'two tasks',
      prompts: ['Audit', 'Refactor "legacy"'],
      content:
        '2 off-peak tasks:\n- offpeak-1 (queued): "Audit"\n- offpeak-2 (queued): "Refactor \\"legacy\\""',
    },
  ])('lists $case', async ({ prompts, content }) => {
    const offPeak = new InMemoryOffPeak();
    for (const prompt of prompts) await offPeak.create({ prompt });
    await expect(callThroughRuntime(OffPeakList, {}, { offPeak })).resolves.toMatchObject({
      isError: false,
      content,
    });
  });
});
