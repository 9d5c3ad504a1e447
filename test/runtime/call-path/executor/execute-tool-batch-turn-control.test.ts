/**
 * Turn control: a successful call of a terminal tool (`stopTurnOnSuccess`) ends the turn; the
 * calls after it are not run and say why. The real submit_result is the terminal tool here.
 */
import { describe, expect, test } from 'vitest';
import { builtInTools } from '../../../../generated/index.js';
import type { ToolEntry } from '../../../../runtime/core/contract.js';
import { executeToolBatch } from '../../../../runtime/call-path/executor/index.js';
import { parsePermissionRule } from '../../../../runtime/core/rules/parse-permission-rule.js';
import { InMemoryWorkflowEngine } from '../../tools/host-support/in-memory-host-ports.js';
import { batchContext, batchRuntime, labelledCalls, loggingTool } from './support.js';

const builtIn = (name: string): ToolEntry =>
  builtInTools.find((tool) => tool.metadata.name === name)!;
const tracer = { record: () => {} };

describe('executeToolBatch turn control', () => {
  test('submit_result succeeds: the calls after it are not run and the batch ends the turn', async () => {
    const log: string[] = [];
    const workflow = new InMemoryWorkflowEngine();
    const batch = await executeToolBatch(
      batchRuntime([builtIn('submit_result'), loggingTool('Look', log)]),
      [
        ...labelledCalls('Look', 'before'),
        { name: 'submit_result', input: { result: { answer: 42 } } },
        ...labelledCalls('Look', 'after'),
        { name: 'NoSuchTool', input: {} },
      ],
      await batchContext({ ports: { workflow }, tracer }),
    );
    expect(workflow.submitted).toEqual([{ answer: 42 }]);
    expect(log).toEqual(['start before', 'end before']);
    expect(
      batch.results.map((result) => [result.errorCode, result.content, result.attempts]),
    ).toEqual([
      [undefined, 'done before', 1],
      [undefined, 'Result submitted. Your part of the workflow is done.', 1],
      [
        'turn_ended',
        '<tool_use_error>Look was not run: submit_result succeeded and ended the turn.</tool_use_error>',
        0,
      ],
      [
        'turn_ended',
        '<tool_use_error>NoSuchTool was not run: submit_result succeeded and ended the turn.</tool_use_error>',
        0,
      ],
    ]);
    expect(batch.results[2]!.callId).toBe('call-after');
    expect(batch).toMatchObject({ stopTurn: true, stoppedBy: 1 });
  });

  test.each([
    {
      title: 'submit_result fails (the host has no actor port): the turn goes on',
      workflow: new InMemoryWorkflowEngine({ actor: false }),
      permissions: { mode: 'yolo' as const },
    },
    {
      title: 'submit_result is denied: the turn goes on',
      workflow: new InMemoryWorkflowEngine(),
      permissions: { mode: 'yolo' as const, deny: [parsePermissionRule('submit_result')] },
    },
  ])('$title', async ({ workflow, permissions }) => {
    const log: string[] = [];
    const batch = await executeToolBatch(
      batchRuntime([builtIn('submit_result'), loggingTool('Look', log)]),
      [{ name: 'submit_result', input: { result: {} } }, ...labelledCalls('Look', 'after')],
      await batchContext({ ports: { workflow }, tracer, permissions }),
    );
    expect(batch.results[0]!.isError).toBe(true);
    expect(batch.results[1]!.content).toBe('done after');
    expect(batch.stopTurn).toBe(false);
    expect(batch.stoppedBy).toBeUndefined();
    expect(log).toEqual(['start after', 'end after']);
  });

  test('a terminal tool that is truly read-only still runs alone, so the readers after it can be left unrun', async () => {
    const log: string[] = [];
    const finish = loggingTool('Finish', log, { metadata: { stopTurnOnSuccess: true } });
    const batch = await executeToolBatch(
      batchRuntime([finish, loggingTool('Look', log)]),
      [
        ...labelledCalls('Look', 'a', 'b'),
        ...labelledCalls('Finish', 'f'),
        ...labelledCalls('Look', 'c', 'd'),
      ],
      await batchContext(),
    );
    expect(batch.steps).toEqual([
      { indices: [0, 1], concurrent: true },
      { indices: [2], concurrent: false },
      { indices: [3, 4], concurrent: true },
    ]);
    expect(log).toEqual(['start a', 'start b', 'end a', 'end b', 'start f', 'end f']);
    expect(batch.results.map((result) => result.errorCode ?? 'ok')).toEqual([
      'ok',
      'ok',
      'ok',
      'turn_ended',
      'turn_ended',
    ]);
    expect(batch).toMatchObject({ stopTurn: true, stoppedBy: 2 });
  });
});
