/** ListWorkflowRuns, GetWorkflowRun, ResumeWorkflowRun, ResolveWorkflowQuestion and ListSavedWorkflows. */
import { describe, expect, test } from 'vitest';
import { callThroughRuntime } from './host-support/host-tool-calls.js';
import { hostTools } from './host-support/host-tool-entries.js';
import { InMemoryWorkflowEngine } from './host-support/in-memory-host-ports.js';

const {
  ListWorkflowRuns,
  GetWorkflowRun,
  ResumeWorkflowRun,
  ResolveWorkflowQuestion,
  ListSavedWorkflows,
} = hostTools;

/** Three runs: run-1 completed with a result, run-2 stopped with an open question, run-3 running. */
async function engineWithRuns(): Promise<InMemoryWorkflowEngine> {
  const workflow = new InMemoryWorkflowEngine();
  for (const name of ['audit', 'migrate', 'release'])
    await workflow.create({ script: `${name}();\n`, name });
  const [audit, migrate] = workflow.runs;
  audit!.status = 'completed';
  audit!.progress.steps.push('scan', 'report');
  audit!.result = { findings: 2 };
  migrate!.status = 'stopped';
  migrate!.progress.openQuestions.push({ id: 'q-1', question: 'Which branch?' });
  workflow.calls.length = 0;
  return workflow;
}

describe('ListWorkflowRuns', () => {
  test.each([
    {
      case: 'every run, newest first',
      input: {},
      content:
        '3 workflow runs:\n- run-3 release (running)\n- run-2 migrate (stopped)\n- run-1 audit (completed)',
    },
    {
      case: 'one status, matched without regard to case',
      input: { status: 'Stopped' },
      content: '1 workflow run:\n- run-2 migrate (stopped)',
    },
    {
      case: 'fewer than match',
      input: { limit: 2 },
      content:
        'Showing 2 of 3 workflow runs (raise limit to see more):\n- run-3 release (running)\n- run-2 migrate (stopped)',
    },
    { case: 'no match', input: { status: 'failed' }, content: 'No workflow runs found.' },
  ])('lists $case', async ({ input, content }) => {
    await expect(
      callThroughRuntime(ListWorkflowRuns, input, { workflow: await engineWithRuns() }),
    ).resolves.toMatchObject({ isError: false, content });
  });

  test('the schema refuses a limit above 200', async () => {
    await expect(
      callThroughRuntime(
        ListWorkflowRuns,
        { limit: 201 },
        { workflow: new InMemoryWorkflowEngine() },
      ),
    ).resolves.toMatchObject({ errorCode: 'invalid_input' });
  });
});

describe('GetWorkflowRun', () => {
  test.each([
    {
      case: 'a finished run with its result',
      runId: 'run-1',
      content:
        'Workflow run run-1: completed\n\nProgress:\n{\n  "steps": [\n    "scan",\n    "report"\n  ],\n  "openQuestions": []\n}\n\nResult:\n{\n  "findings": 2\n}',
    },
    {
      case: 'a stopped run with an open question and no result',
      runId: 'run-2',
      content:
        'Workflow run run-2: stopped\n\nProgress:\n{\n  "steps": [],\n  "openQuestions": [\n    {\n      "id": "q-1",\n      "question": "Which branch?"\n    }\n  ]\n}\n\nResult: none yet.',
    },
  ])('shows $case', async ({ runId, content }) => {
    await expect(
      callThroughRuntime(GetWorkflowRun, { runId }, { workflow: await engineWithRuns() }),
    ).resolves.toMatchObject({ isError: false, content });
  });

  test('reports an unknown run with the host message', async () => {
    await expect(
      callThroughRuntime(GetWorkflowRun, { runId: 'run-9' }, { workflow: await engineWithRuns() }),
    ).resolves.toMatchObject({
      isError: true,
      errorCode: 'host_error',
      content: '<tool_use_error>No workflow run "run-9".</tool_use_error>',
    });
  });
});

describe('ResumeWorkflowRun', () => {
  test('resumes a stopped run under its id', async () => {
    const workflow = await engineWithRuns();
    await expect(
      callThroughRuntime(ResumeWorkflowRun, { runId: 'run-2' }, { workflow }),
    ).resolves.toMatchObject({
      isError: false,
      content: 'Resumed workflow run run-2 (status: running). Check on it with GetWorkflowRun.',
    });
    expect(workflow.runs[1]?.status).toBe('running');
  });

  test('reports the host refusing a run that is not stopped', async () => {
    await expect(
      callThroughRuntime(
        ResumeWorkflowRun,
        { runId: 'run-3' },
        { workflow: await engineWithRuns() },
      ),
    ).resolves.toMatchObject({
      isError: true,
      errorCode: 'host_error',
      content: '<tool_use_error>Run "run-3" is not stopped (status: running).</tool_use_error>',
    });
  });
});

describe('ResolveWorkflowQuestion', () => {
  test('delivers the answer to the open question', async () => {
    const workflow = await engineWithRuns();
    await expect(
      callThroughRuntime(
        ResolveWorkflowQuestion,
        { runId: 'run-2', questionId: 'q-1', answer: 'release/2.0' },
        { workflow },
      ),
    ).resolves.toMatchObject({
      isError: false,
      content: 'Answered question q-1 of workflow run run-2; the actor continues with your answer.',
    });
    expect(workflow.answers).toEqual([
      { runId: 'run-2', questionId: 'q-1', answer: 'release/2.0' },
    ]);
    expect(workflow.runs[1]?.progress.openQuestions).toEqual([]);
  });

  test.each([
    {
      case: 'a question that is not open',
      input: { runId: 'run-2', questionId: 'q-7', answer: 'main' },
      errorCode: 'host_error',
      content: '<tool_use_error>Run "run-2" has no open question "q-7".</tool_use_error>',
    },
    {
      case: 'a blank answer',
      input: { runId: 'run-2', questionId: 'q-1', answer: '  ' },
      errorCode: 'invalid_input',
      content: '<tool_use_error>The answer is blank.</tool_use_error>',
    },
  ])('fails for $case', async ({ input, errorCode, content }) => {
    await expect(
      callThroughRuntime(ResolveWorkflowQuestion, input, { workflow: await engineWithRuns() }),
    ).resolves.toMatchObject({ isError: true, errorCode, content });
  });
});

describe('ListSavedWorkflows', () => {
  test.each([
    { case: 'nothing saved', saved: [], content: 'No saved workflows.' },
    {
      case: 'definitions with and without a description',
      saved: [
        { name: 'release', script: 'r();', description: 'Release checks' },
        { name: 'audit', script: 'a();' },
      ],
      content:
        '2 saved workflows:\n- release: Release checks (.workflows/release.ts)\n- audit (.workflows/audit.ts)',
    },
  ])('lists $case', async ({ saved, content }) => {
    const workflow = new InMemoryWorkflowEngine();
    for (const definition of saved) await workflow.save(definition);
    await expect(callThroughRuntime(ListSavedWorkflows, {}, { workflow })).resolves.toMatchObject({
      isError: false,
      content,
    });
  });
});
