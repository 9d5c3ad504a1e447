/** CronCreate, CronUpdate, CronDelete and CronList through the runtime's call path. */
import { describe, expect, test } from 'vitest';
import { callThroughRuntime } from './host-support/host-tool-calls.js';
import { hostTools } from './host-support/host-tool-entries.js';
import { InMemoryCron } from './host-support/in-memory-host-ports.js';

const { CronCreate, CronUpdate, CronDelete, CronList } = hostTools;

async function cronWithJobs(): Promise<InMemoryCron> {
  const cron = new InMemoryCron();
  await cron.create({
    schedule: '0 9 * * 1-5',
    prompt: "Summarise yesterday's CI failures",
    recurring: true,
  });
  await cron.create({
    schedule: '30 15 2 11 *',
    prompt: 'Remind me:\nsubmit the report',
    recurring: false,
    name: 'report',
  });
  cron.calls.length = 0;
  return cron;
}

describe('CronCreate', () => {
  test.each([
    {
      case: 'a recurring job, schedule normalised',
      input: { cron: ' */15  * * * * ', prompt: 'Check the deploy queue' },
      content:
        'Scheduled recurring job cron-1 on "*/15 * * * *" (local time). It runs the prompt at every match until it is deleted with CronDelete.',
      stored: {
        id: 'cron-1',
        schedule: '*/15 * * * *',
        prompt: 'Check the deploy queue',
        enabled: true,
        recurring: true,
      },
    },
    {
      case: 'a named one-time reminder',
      input: {
        cron: '7 15 2 11 *',
        prompt: 'Remind the user to submit the report',
        recurring: false,
        name: ' report ',
      },
      content:
        'Scheduled one-time job cron-1 ("report") on "7 15 2 11 *" (local time). It runs the prompt once, at the next match, and is then removed.',
      stored: {
        id: 'cron-1',
        schedule: '7 15 2 11 *',
        prompt: 'Remind the user to submit the report',
        enabled: true,
        recurring: false,
        name: 'report',
      },
    },
  ])('schedules $case', async ({ input, content, stored }) => {
    const cron = new InMemoryCron();
    const result = await callThroughRuntime(CronCreate, input, { cron });
    expect(result).toMatchObject({ isError: false, content });
    expect([...cron.jobs.values()]).toEqual([stored]);
  });

  test.each([
    {
      case: 'an hour out of range',
      input: { cron: '0 24 * * *', prompt: 'p' },
      errorCode: 'invalid_cron',
      content:
        '<tool_use_error>Invalid cron expression "0 24 * * *": the hour field "24" is out of range 0-23.</tool_use_error>',
    },
    {
      case: 'a backwards range',
      input: { cron: '0 9 * * FRI-MON', prompt: 'p' },
      errorCode: 'invalid_cron',
      content:
        '<tool_use_error>Invalid cron expression "0 9 * * FRI-MON": the day-of-week field "FRI-MON" has a range "FRI-MON" that runs backwards.</tool_use_error>',
    },
    {
      case: 'a blank prompt',
      input: { cron: '0 9 * * *', prompt: '   ' },
      errorCode: 'invalid_input',
      content:
        '<tool_use_error>The prompt is blank; give the prompt the job should run.</tool_use_error>',
    },
  ])('refuses $case without calling the host', async ({ input, errorCode, content }) => {
    const cron = new InMemoryCron();
    const result = await callThroughRuntime(CronCreate, input, { cron });
    expect(result).toMatchObject({ isError: true, errorCode, content });
    expect(cron.calls).toEqual([]);
  });

  test('the schema refuses an expression without five fields before the handler runs', async () => {
    const cron = new InMemoryCron();
    const result = await callThroughRuntime(CronCreate, { cron: '0 9 * *', prompt: 'p' }, { cron });
    expect(result).toMatchObject({ isError: true, errorCode: 'invalid_input' });
    expect(cron.calls).toEqual([]);
  });
});

describe('CronUpdate', () => {
  test.each([
    {
      case: 'a new schedule',
      input: { id: 'cron-1', cron: '30 8 * * *' },
      content: 'Updated job cron-1: schedule now "30 8 * * *".',
      changed: { schedule: '30 8 * * *' },
    },
    {
      case: 'pausing',
      input: { id: 'cron-1', enabled: false },
      content: 'Updated job cron-1: paused.',
      changed: { enabled: false },
    },
    {
      case: 'everything at once',
      input: { id: 'cron-1', cron: '0  10 * * *', prompt: 'New prompt', enabled: true },
      content: 'Updated job cron-1: schedule now "0 10 * * *", prompt replaced, resumed.',
      changed: { schedule: '0 10 * * *', prompt: 'New prompt', enabled: true },
    },
  ])('applies $case and only that', async ({ input, content, changed }) => {
    const cron = await cronWithJobs();
    const before = { ...cron.jobs.get('cron-1') };
    const result = await callThroughRuntime(CronUpdate, input, { cron });
    expect(result).toMatchObject({ isError: false, content });
    expect(cron.jobs.get('cron-1')).toEqual({ ...before, ...changed });
  });

  test.each([
    {
      case: 'nothing to change',
      input: { id: 'cron-1' },
      errorCode: 'invalid_input',
      content:
        '<tool_use_error>Nothing to change: pass at least one of cron, prompt or enabled.</tool_use_error>',
    },
    {
      case: 'a bad schedule',
      input: { id: 'cron-1', cron: '61 * * * *' },
      errorCode: 'invalid_cron',
      content:
        '<tool_use_error>Invalid cron expression "61 * * * *": the minute field "61" is out of range 0-59.</tool_use_error>',
    },
    {
      case: 'a blank prompt',
      input: { id: 'cron-1', prompt: ' ' },
      errorCode: 'invalid_input',
      content:
        '<tool_use_error>The new prompt is blank; leave prompt out to keep the current one.</tool_use_error>',
    },
    {
      case: 'an unknown job (the host says so)',
      input: { id: 'cron-9', enabled: false },
      errorCode: 'host_error',
      content: '<tool_use_error>No cron job with id "cron-9".</tool_use_error>',
    },
  ])('refuses $case', async ({ input, errorCode, content }) => {
    const cron = await cronWithJobs();
    const result = await callThroughRuntime(CronUpdate, input, { cron });
    expect(result).toMatchObject({ isError: true, errorCode, content });
  });
});

describe('CronDelete', () => {
  test('deletes the job', async () => {
    const cron = await cronWithJobs();
    const result = await callThroughRuntime(CronDelete, { id: 'cron-1' }, { cron });
    expect(result).toMatchObject({
      isError: false,
      content: 'Deleted job cron-1; it will not run again.',
      output: 'Deleted job cron-1; it will not run again.',
    });
    expect([...cron.jobs.keys()]).toEqual(['cron-2']);
  });

  test('reports an unknown job with the host message', async () => {
    const result = await callThroughRuntime(
      CronDelete,
      { id: 'cron-7' },
      { cron: new InMemoryCron() },
    );
    expect(result).toMatchObject({
      isError: true,
      errorCode: 'host_error',
      content: '<tool_use_error>No cron job with id "cron-7".</tool_use_error>',
    });
  });
});

describe('CronList', () => {
  test('says so when nothing is scheduled', async () => {
    const result = await callThroughRuntime(CronList, {}, { cron: new InMemoryCron() });
    expect(result).toMatchObject({
      isError: false,
      content: 'No scheduled jobs.',
      output: { jobs: [] },
    });
  });

  test('lists each job on one line, prompt JSON-quoted', async () => {
    const cron = await cronWithJobs();
    await cron.update('cron-1', { enabled: false });
    const result = await callThroughRuntime(CronList, {}, { cron });
    expect(result.content).toBe(
      [
        '2 scheduled jobs:',
        '- cron-1 "0 9 * * 1-5" (paused, recurring): "Summarise yesterday\'s CI failures"',
        '- cron-2 "30 15 2 11 *" (enabled, one-time): "Remind me:\\nsubmit the report"',
      ].join('\n'),
    );
  });

  test('leaves the recurrence out when the host does not report it', async () => {
    const cron = {
      create: async () => ({ id: 'x' }),
      update: async () => {},
      delete: async () => {},
      list: async () => [{ id: 'job-a', schedule: '0 0 * * *', prompt: 'Nightly', enabled: true }],
    };
    const result = await callThroughRuntime(CronList, {}, { cron });
    expect(result).toMatchObject({
      content: '1 scheduled job:\n- job-a "0 0 * * *" (enabled): "Nightly"',
      output: {
        jobs: [
          { id: 'job-a', cron: '0 0 * * *', prompt: 'Nightly', enabled: true, recurring: null },
        ],
      },
    });
  });
});
