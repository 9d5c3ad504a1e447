/** Agent, Task, SendMessage and RespondToCoordinator through the runtime's call path. */
import { describe, expect, test } from 'vitest';
import { callThroughRuntime } from './host-support/host-tool-calls.js';
import { hostTools } from './host-support/host-tool-entries.js';
import { InMemorySubagents } from './host-support/in-memory-host-ports.js';

const { Agent, Task, SendMessage, RespondToCoordinator } = hostTools;

const profiles = [
  { name: 'explore', description: 'Read-only search of the code base' },
  { name: 'reviewer', description: 'Reviews a diff' },
];

describe.each([
  { tool: Agent, name: 'Agent' },
  { tool: Task, name: 'Task' },
])('$name', ({ tool, name }) => {
  test('without a sub-agent port, the model is told the name it called (Task runs Agent’s module)', async () => {
    await expect(
      callThroughRuntime(tool, { description: 'Find usages', prompt: 'Find every caller' }, {}),
    ).resolves.toMatchObject({
      isError: true,
      errorCode: 'port_unavailable',
      content: `<tool_use_error>${name} is not available: this host provides no sub-agents.</tool_use_error>`,
    });
  });

  test('waits for a foreground agent and returns its report with the agent id', async () => {
    const subagent = new InMemorySubagents({
      profiles,
      work: (request) => `Found 3 callers of ${request.prompt}.`,
    });
    const result = await callThroughRuntime(
      tool,
      { description: 'Find callers', prompt: 'parseConfig', subagent_type: 'explore' },
      { subagent },
    );
    expect(subagent.started).toEqual([
      {
        agentId: 'agent-1',
        description: 'Find callers',
        prompt: 'parseConfig',
        subagentType: 'explore',
        runInBackground: false,
      },
    ]);
    expect(result).toMatchObject({
      isError: false,
      content: 'Found 3 callers of parseConfig.\n\n(agent agent-1 finished)',
      output: {
        status: 'completed',
        agentId: 'agent-1',
        report: 'Found 3 callers of parseConfig.',
      },
    });
  });

  test('returns at once for a background agent', async () => {
    const subagent = new InMemorySubagents({ profiles });
    const result = await callThroughRuntime(
      tool,
      { description: 'Audit', prompt: 'Audit the API', run_in_background: true },
      { subagent },
    );
    expect(result).toMatchObject({
      isError: false,
      content:
        'Started agent agent-1 in the background. You will be notified when it finishes; do not poll or wait for it, continue with other work.',
      output: { status: 'running', agentId: 'agent-1' },
    });
  });

  test('says so when an agent finishes without a report', async () => {
    const subagent = new InMemorySubagents({ work: () => '  ' });
    await expect(
      callThroughRuntime(tool, { description: 'Noop', prompt: 'Do nothing' }, { subagent }),
    ).resolves.toMatchObject({
      content: '(The agent finished without a report.)\n\n(agent agent-1 finished)',
    });
  });

  test.each([
    {
      case: 'an agent type the host does not offer',
      profiles,
      input: { description: 'x', prompt: 'y', subagent_type: 'planner' },
      errorCode: 'unknown_subagent_type',
      content:
        '<tool_use_error>Unknown agent type "planner". Available types: explore, reviewer.</tool_use_error>',
    },
    {
      case: 'an agent type on a host without types',
      profiles: [],
      input: { description: 'x', prompt: 'y', subagent_type: 'explore' },
      errorCode: 'unknown_subagent_type',
      content:
        '<tool_use_error>Unknown agent type "explore": this host defines no agent types; leave subagent_type out.</tool_use_error>',
    },
    {
      case: 'a blank prompt',
      profiles,
      input: { description: 'x', prompt: ' \n' },
      errorCode: 'invalid_input',
      content: '<tool_use_error>The prompt is blank; give the sub-agent its task.</tool_use_error>',
    },
  ])(
    'refuses $case without starting anything',
    async ({ profiles: offered, input, errorCode, content }) => {
      const subagent = new InMemorySubagents({ profiles: offered });
      await expect(callThroughRuntime(tool, input, { subagent })).resolves.toMatchObject({
        isError: true,
        errorCode,
        content,
      });
      expect(subagent.started).toEqual([]);
    },
  );
});

describe('SendMessage', () => {
  test('delivers the message to a running agent', async () => {
    const subagent = new InMemorySubagents();
    await subagent.start(
      { description: 'Audit', prompt: 'Audit', runInBackground: true },
      new AbortController().signal,
    );
    const result = await callThroughRuntime(
      SendMessage,
      { to: 'agent-1', message: 'Skip the vendored code.' },
      { subagent },
    );
    expect(result).toMatchObject({
      isError: false,
      content: 'Message sent to agent-1; the agent reads it at its next step.',
    });
    expect(subagent.messages).toEqual([{ to: 'agent-1', message: 'Skip the vendored code.' }]);
  });

  test.each([
    {
      case: 'an unknown recipient (the host says so)',
      subagent: () => new InMemorySubagents(),
      input: { to: 'agent-9', message: 'Hi' },
      errorCode: 'host_error',
      content: '<tool_use_error>No running agent "agent-9".</tool_use_error>',
    },
    {
      case: 'a host whose sub-agents cannot receive messages',
      subagent: () => new InMemorySubagents({ messaging: false }),
      input: { to: 'agent-1', message: 'Hi' },
      errorCode: 'port_unavailable',
      content:
        '<tool_use_error>SendMessage is not available: this host provides no messaging between agents.</tool_use_error>',
    },
    {
      case: 'a blank message',
      subagent: () => new InMemorySubagents(),
      input: { to: 'agent-1', message: '  ' },
      errorCode: 'invalid_input',
      content: '<tool_use_error>The message is blank.</tool_use_error>',
    },
  ])('fails for $case', async ({ subagent, input, errorCode, content }) => {
    await expect(
      callThroughRuntime(SendMessage, input, { subagent: subagent() }),
    ).resolves.toMatchObject({ isError: true, errorCode, content });
  });
});

describe('RespondToCoordinator', () => {
  test('hands the reply to the coordinator', async () => {
    const subagent = new InMemorySubagents();
    const result = await callThroughRuntime(
      RespondToCoordinator,
      { message: 'The flaky test is in auth.spec.ts.' },
      { subagent },
    );
    expect(result).toMatchObject({ isError: false, content: 'Reply sent to the coordinator.' });
    expect(subagent.replies).toEqual(['The flaky test is in auth.spec.ts.']);
  });

  test.each([
    {
      case: 'a session that has no coordinator',
      subagent: () => new InMemorySubagents({ coordinator: false }),
      input: { message: 'Done' },
      errorCode: 'port_unavailable',
      content:
        '<tool_use_error>RespondToCoordinator is not available: this host provides no coordinator to reply to.</tool_use_error>',
    },
    {
      case: 'a blank reply',
      subagent: () => new InMemorySubagents(),
      input: { message: '\t' },
      errorCode: 'invalid_input',
      content: '<tool_use_error>The reply is blank.</tool_use_error>',
    },
  ])('fails for $case', async ({ subagent, input, errorCode, content }) => {
    await expect(
      callThroughRuntime(RespondToCoordinator, input, { subagent: subagent() }),
    ).resolves.toMatchObject({ isError: true, errorCode, content });
  });
});
