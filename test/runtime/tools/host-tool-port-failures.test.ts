/**
 * What every host tool does when its host port is missing, fails or is cancelled: a failure as
 * data (never a throw), the same three codes for all 29 entries.
 */
import { describe, expect, test } from 'vitest';
import type { HostPortImplementations } from '../../../runtime/core/contract.js';
import { hostTools, type HostToolName } from './host-support/host-tool-entries.js';
import { runHandler } from './host-support/host-tool-calls.js';
import {
  InMemoryCron,
  InMemoryModelCatalog,
  InMemoryNodeRepl,
  InMemoryOffPeak,
  InMemorySessions,
  InMemorySkills,
  InMemorySubagents,
  InMemoryUserInteraction,
  InMemoryWebSearch,
  InMemoryWorkflowEngine,
  type InMemoryPort,
} from './host-support/in-memory-host-ports.js';

interface Row {
  readonly tool: HostToolName;
  /** A valid input. */
  readonly input: unknown;
  /** The port the tool calls, and where it goes in `ports`. */
  readonly port: () => { readonly port: InMemoryPort; readonly ports: HostPortImplementations };
  /** Exact message when the port is missing. */
  readonly missing: string;
}

const cron = () => {
  const port = new InMemoryCron();
  return { port, ports: { cron: port } };
};
const offPeak = () => {
  const port = new InMemoryOffPeak();
  return { port, ports: { offPeak: port } };
};
const subagent = () => {
  const port = new InMemorySubagents();
  return { port, ports: { subagent: port } };
};
const workflow = () => {
  const port = new InMemoryWorkflowEngine();
  return { port, ports: { workflow: port } };
};
const userInteraction = () => {
  const port = new InMemoryUserInteraction([['A']]);
  return { port, ports: { userInteraction: port } };
};
const script = 'export default async () => 1;\n';

const rows: readonly Row[] = [
  {
    tool: 'WebSearch',
    input: { query: 'vitest' },
    port: () => {
      const port = new InMemoryWebSearch([]);
      return { port, ports: { webSearch: port } };
    },
    missing: 'WebSearch is not available: this host provides no web search.',
  },
  {
    tool: 'AskUserQuestion',
    input: {
      questions: [
        {
          question: 'Which?',
          header: 'Pick',
          options: [
            { label: 'A', description: 'a' },
            { label: 'B', description: 'b' },
          ],
        },
      ],
    },
    port: userInteraction,
    missing:
      'AskUserQuestion is not available: this host provides no way to ask the user questions.',
  },
  {
    tool: 'EnterPlanMode',
    input: {},
    port: userInteraction,
    missing: 'EnterPlanMode is not available: this host provides no plan mode.',
  },
  {
    tool: 'ExitPlanMode',
    input: { plan: '1. Change it' },
    port: userInteraction,
    missing: 'ExitPlanMode is not available: this host provides no plan mode.',
  },
  {
    tool: 'ReadSessionContext',
    input: { session_id: 's-1' },
    port: () => {
      const port = new InMemorySessions(new Map([['s-1', 'hello']]));
      return { port, ports: { sessions: port } };
    },
    missing: 'ReadSessionContext is not available: this host provides no access to other sessions.',
  },
  {
    tool: 'ListModels',
    input: {},
    port: () => {
      const port = new InMemoryModelCatalog([]);
      return { port, ports: { models: port } };
    },
    missing: 'ListModels is not available: this host provides no model catalogue.',
  },
  {
    tool: 'CronCreate',
    input: { cron: '*/5 * * * *', prompt: 'Check the build' },
    port: cron,
    missing: 'CronCreate is not available: this host provides no scheduler for cron jobs.',
  },
  {
    tool: 'CronUpdate',
    input: { id: 'cron-1', enabled: false },
    port: cron,
    missing: 'CronUpdate is not available: this host provides no scheduler for cron jobs.',
  },
  {
    tool: 'CronDelete',
    input: { id: 'cron-1' },
    port: cron,
    missing: 'CronDelete is not available: this host provides no scheduler for cron jobs.',
  },
  {
    tool: 'CronList',
    input: {},
    port: cron,
    missing: 'CronList is not available: this host provides no scheduler for cron jobs.',
  },
  {
    tool: 'OffPeakCreate',
    input: { prompt: 'Audit' },
    port: offPeak,
    missing: 'OffPeakCreate is not available: this host provides no off-peak task queue.',
  },
  {
    tool: 'OffPeakList',
    input: {},
    port: offPeak,
    missing: 'OffPeakList is not available: this host provides no off-peak task queue.',
  },
  {
    tool: 'Agent',
    input: { description: 'Find usages', prompt: 'Find every caller' },
    port: subagent,
    missing: 'Agent is not available: this host provides no sub-agents.',
  },
  // Task runs Agent's module, but the message names the tool the model called.
  {
    tool: 'Task',
    input: { description: 'Find usages', prompt: 'Find every caller' },
    port: subagent,
    missing: 'Task is not available: this host provides no sub-agents.',
  },
  {
    tool: 'SendMessage',
    input: { to: 'agent-1', message: 'Stop' },
    port: subagent,
    missing: 'SendMessage is not available: this host provides no messaging between agents.',
  },
  {
    tool: 'RespondToCoordinator',
    input: { message: 'Done' },
    port: subagent,
    missing:
      'RespondToCoordinator is not available: this host provides no coordinator to reply to.',
  },
  {
    tool: 'submit_result',
    input: { result: { ok: true } },
    port: workflow,
    missing: 'submit_result is not available: this host provides no workflow run to report to.',
  },
  {
    tool: 'escalate',
    input: { question: 'Which branch?' },
    port: workflow,
    missing: 'escalate is not available: this host provides no workflow run to report to.',
  },
  {
    tool: 'Skill',
    input: { skill: 'pdf' },
    port: () => {
      const port = new InMemorySkills(new Map([['pdf', 'Use pdf tools']]));
      return { port, ports: { skill: port } };
    },
    missing: 'Skill is not available: this host provides no skills.',
  },
  {
    tool: 'js',
    input: { code: '1 + 1' },
    port: () => {
      const port = new InMemoryNodeRepl();
      return { port, ports: { nodeRepl: port } };
    },
    missing: 'js is not available: this host provides no Node.js REPL.',
  },
  {
    tool: 'CreateWorkflow',
    input: { script },
    port: workflow,
    missing: 'CreateWorkflow is not available: this host provides no dynamic workflow engine.',
  },
  {
    tool: 'AmendWorkflow',
    input: { runId: 'run-1', script },
    port: workflow,
    missing: 'AmendWorkflow is not available: this host provides no dynamic workflow engine.',
  },
  {
    tool: 'SaveWorkflow',
    input: { name: 'nightly', script },
    port: workflow,
    missing: 'SaveWorkflow is not available: this host provides no dynamic workflow engine.',
  },
  {
    tool: 'EvalWorkflowSnippet',
    input: { script },
    port: workflow,
    missing: 'EvalWorkflowSnippet is not available: this host provides no dynamic workflow engine.',
  },
  {
    tool: 'ListWorkflowRuns',
    input: {},
    port: workflow,
    missing: 'ListWorkflowRuns is not available: this host provides no dynamic workflow engine.',
  },
  {
    tool: 'GetWorkflowRun',
    input: { runId: 'run-1' },
    port: workflow,
    missing: 'GetWorkflowRun is not available: this host provides no dynamic workflow engine.',
  },
  {
    tool: 'ResumeWorkflowRun',
    input: { runId: 'run-1' },
    port: workflow,
    missing: 'ResumeWorkflowRun is not available: this host provides no dynamic workflow engine.',
  },
  {
    tool: 'ResolveWorkflowQuestion',
    input: { runId: 'run-1', questionId: 'q-1', answer: 'main' },
    port: workflow,
    missing:
      'ResolveWorkflowQuestion is not available: this host provides no dynamic workflow engine.',
  },
  {
    tool: 'ListSavedWorkflows',
    input: {},
    port: workflow,
    missing: 'ListSavedWorkflows is not available: this host provides no dynamic workflow engine.',
  },
];

describe('host tools without, or with a failing, host port', () => {
  test('the table covers every host tool exactly once', () => {
    expect(rows.map((row) => row.tool).sort()).toEqual(Object.keys(hostTools).sort());
  });

  test.each(rows)(
    '$tool answers port_unavailable when the port is not injected',
    async ({ tool, input, missing }) => {
      await expect(runHandler(hostTools[tool], input, {})).resolves.toEqual({
        ok: false,
        code: 'port_unavailable',
        message: missing,
      });
    },
  );

  test.each(rows)(
    '$tool turns a host error into host_error with the error message',
    async ({ tool, input, port }) => {
      const host = port();
      host.port.behaviour = { kind: 'fail', error: new Error('host storage is read-only') };
      await expect(runHandler(hostTools[tool], input, host.ports)).resolves.toEqual({
        ok: false,
        code: 'host_error',
        message: 'host storage is read-only',
      });
    },
  );

  test.each(rows)(
    '$tool stops waiting for a host that never answers once the call is aborted',
    async ({ tool, input, port }) => {
      const host = port();
      host.port.behaviour = { kind: 'hang' };
      const controller = new AbortController();
      const pending = runHandler(hostTools[tool], input, host.ports, controller.signal);
      await new Promise((resolve) => setImmediate(resolve));
      expect(host.port.calls.length).toBeGreaterThan(0);
      controller.abort(new Error('the user pressed Escape'));
      await expect(pending).resolves.toEqual({
        ok: false,
        code: 'aborted',
        message: `${tool} was aborted: the user pressed Escape`,
      });
    },
  );

  test.each(rows)(
    '$tool does not call the host when the call was aborted before it started',
    async ({ tool, input, port }) => {
      const host = port();
      const controller = new AbortController();
      controller.abort();
      const result = await runHandler(hostTools[tool], input, host.ports, controller.signal);
      expect(result).toMatchObject({ ok: false, code: 'aborted' });
      expect(host.port.calls).toEqual([]);
    },
  );
});
