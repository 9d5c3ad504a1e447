/** submit_result and escalate (workflow actor sessions) through the runtime's call path. */
import { describe, expect, test } from 'vitest';
import { callThroughRuntime } from './host-support/host-tool-calls.js';
import { hostTools } from './host-support/host-tool-entries.js';
import { InMemoryWorkflowEngine } from './host-support/in-memory-host-ports.js';

const { submit_result: submitResult, escalate } = hostTools;

describe('submit_result', () => {
  test('records the open result object as given', async () => {
    const workflow = new InMemoryWorkflowEngine();
    const result = {
      summary: 'Migrated 12 clients',
      files: ['a.ts', 'b.ts'],
      nested: { ok: true },
    };
    await expect(callThroughRuntime(submitResult, { result }, { workflow })).resolves.toMatchObject(
      {
        isError: false,
        content: 'Result submitted. Your part of the workflow is done.',
      },
    );
    expect(workflow.submitted).toEqual([result]);
  });

  test.each([
    { case: 'a result that is not an object', input: { result: 'done' } },
    { case: 'no result', input: {} },
    { case: 'an extra parameter', input: { result: {}, note: 'x' } },
  ])('the schema refuses $case', async ({ input }) => {
    const workflow = new InMemoryWorkflowEngine();
    await expect(callThroughRuntime(submitResult, input, { workflow })).resolves.toMatchObject({
      isError: true,
      errorCode: 'invalid_input',
    });
    expect(workflow.submitted).toEqual([]);
  });

  test('is unavailable outside a workflow actor session (a workflow port without submitResult)', async () => {
    await expect(
      callThroughRuntime(
        submitResult,
        { result: {} },
        { workflow: new InMemoryWorkflowEngine({ actor: false }) },
      ),
    ).resolves.toMatchObject({
      isError: true,
      errorCode: 'port_unavailable',
      content:
        '<tool_use_error>submit_result is not available: this host provides no workflow run to report to.</tool_use_error>',
    });
  });
});

describe('escalate', () => {
  test.each([
    {
      case: 'answered at once',
      answer: 'Use the release branch.',
      content: 'The main agent answered:\nUse the release branch.',
    },
    {
      case: 'left waiting',
      answer: undefined,
      content:
        'Question escalated to the main agent; no answer yet. Stop here: the run resumes you with the answer.',
    },
  ])('reports a question $case', async ({ answer, content }) => {
    const workflow = new InMemoryWorkflowEngine(
      answer === undefined ? {} : { escalationAnswer: answer },
    );
    await expect(
      callThroughRuntime(
        escalate,
        { question: 'Which branch?', context: '  Both exist.  ' },
        { workflow },
      ),
    ).resolves.toMatchObject({ isError: false, content });
    expect(workflow.escalations).toEqual([{ question: 'Which branch?', context: 'Both exist.' }]);
  });

  test('leaves out a blank context', async () => {
    const workflow = new InMemoryWorkflowEngine();
    await callThroughRuntime(escalate, { question: 'Which branch?', context: ' ' }, { workflow });
    expect(workflow.escalations).toEqual([{ question: 'Which branch?' }]);
  });

  test('refuses a blank question', async () => {
    await expect(
      callThroughRuntime(escalate, { question: ' ' }, { workflow: new InMemoryWorkflowEngine() }),
    ).resolves.toMatchObject({
      isError: true,
      errorCode: 'invalid_input',
      content: '<tool_use_error>The question is blank.</tool_use_error>',
    });
  });
});
