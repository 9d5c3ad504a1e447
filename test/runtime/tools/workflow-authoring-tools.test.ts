/**
 * CreateWorkflow, AmendWorkflow, SaveWorkflow and EvalWorkflowSnippet: their hooks on their own
 * (validateInput, resolveInput, prepareApproval) and whole calls through the runtime's call path,
 * against an engine whose type check is the real TypeScript compiler.
 */
import { describe, expect, test } from 'vitest';
import type { ToolEntry } from '../../../runtime/core/contract.js';
import { callThroughRuntime, hostToolContext } from './host-support/host-tool-calls.js';
import { hostTools } from './host-support/host-tool-entries.js';
import { InMemoryWorkflowEngine } from './host-support/in-memory-host-ports.js';

const { CreateWorkflow, AmendWorkflow, SaveWorkflow, EvalWorkflowSnippet } = hostTools;
const authoringTools: readonly [string, ToolEntry][] = [
  ['CreateWorkflow', CreateWorkflow],
  ['AmendWorkflow', AmendWorkflow],
  ['SaveWorkflow', SaveWorkflow],
  ['EvalWorkflowSnippet', EvalWorkflowSnippet],
];
// A generated entry's zod schemas (runtimeInputSchema) load with its implementation.
await Promise.all(authoringTools.map(([, tool]) => tool.loadImplementation?.()));

const script =
  'export default async function migrate(input: { repo: string }) {\n  return input.repo;\n}\n';
const brokenScript = 'export default async function migrate( {\n';

/** A valid input of each authoring tool around `body`. */
function inputFor(name: string, body: string): Record<string, unknown> {
  switch (name) {
    case 'AmendWorkflow':
      return { runId: 'run-1', script: body };
    case 'SaveWorkflow':
      return { name: 'migrate', script: body };
    default:
      return { script: body };
  }
}

describe.each(authoringTools)('%s hooks', (name, tool) => {
  test('validateInput accepts a script and refuses a blank one', async () => {
    const context = hostToolContext({});
    expect(
      await tool.validateInput!(tool.runtimeInputSchema.parse(inputFor(name, script)), context),
    ).toEqual({ ok: true });
    expect(
      await tool.validateInput!(tool.runtimeInputSchema.parse(inputFor(name, '  \n ')), context),
    ).toEqual({
      ok: false,
      code: 'invalid_script',
      message: `${name} needs a script; the one given is blank.`,
    });
  });

  test('resolveInput normalises the script after the host type-checked it', async () => {
    const workflow = new InMemoryWorkflowEngine();
    const resolved = await tool.resolveInput!(
      tool.runtimeInputSchema.parse(inputFor(name, '\uFEFFexport default 1;\r\n\r\n')),
      hostToolContext({ workflow }),
    );
    expect(resolved).toEqual({
      ok: true,
      input: tool.runtimeInputSchema.parse(inputFor(name, 'export default 1;\n')),
    });
    expect(workflow.calls).toEqual(['typecheck']);
  });

  test('resolveInput fails with the diagnostics, and the call never reaches the engine', async () => {
    const workflow = new InMemoryWorkflowEngine();
    const result = await callThroughRuntime(tool, inputFor(name, brokenScript), { workflow });
    expect(result).toMatchObject({
      isError: true,
      errorCode: 'workflow_typecheck_failed',
      content: `<tool_use_error>The script does not type-check (1 error):\n2:1 '}' expected.\nFix the script and call ${name} again.</tool_use_error>`,
    });
    expect(workflow.calls).toEqual(['typecheck']);
  });

  test('resolveInput reports a missing engine', async () => {
    expect(
      await tool.resolveInput!(
        tool.runtimeInputSchema.parse(inputFor(name, script)),
        hostToolContext({}),
      ),
    ).toEqual({
      ok: false,
      code: 'port_unavailable',
      message: `${name} is not available: this host provides no dynamic workflow engine.`,
    });
  });
});

describe('size limits of validateInput', () => {
  test.each([
    {
      tool: 'CreateWorkflow',
      bytes: 262145,
      message:
        'The script is 262145 bytes; CreateWorkflow accepts at most 262144 bytes. Split the work or move data into the input.',
    },
    {
      tool: 'SaveWorkflow',
      bytes: 262145,
      message:
        'The script is 262145 bytes; SaveWorkflow accepts at most 262144 bytes. Split the work or move data into the input.',
    },
    {
      tool: 'EvalWorkflowSnippet',
      bytes: 32769,
      message:
        'The script is 32769 bytes; EvalWorkflowSnippet accepts at most 32768 bytes. Split the work or move data into the input.',
    },
  ])('$tool refuses a script of $bytes bytes', async ({ tool: name, bytes, message }) => {
    const tool = hostTools[name as 'CreateWorkflow'];
    const result = await callThroughRuntime(tool, inputFor(name, `//${'x'.repeat(bytes - 2)}`), {
      workflow: new InMemoryWorkflowEngine(),
    });
    expect(result).toMatchObject({
      isError: true,
      errorCode: 'script_too_large',
      content: `<tool_use_error>${message}</tool_use_error>`,
    });
  });
});

describe('prepareApproval', () => {
  test.each([
    {
      case: 'CreateWorkflow, unnamed',
      tool: CreateWorkflow,
      input: { script },
      preview: `Start a workflow run with this script:\n\n\`\`\`ts\n${script}\`\`\``,
    },
    {
      case: 'CreateWorkflow, named, with input',
      tool: CreateWorkflow,
      input: { script, name: 'migrate-clients', input: { repo: 'api' } },
      preview: `Start the workflow run "migrate-clients" with this script:\n\n\`\`\`ts\n${script}\`\`\`\n\nInput:\n\n\`\`\`json\n{\n  "repo": "api"\n}\n\`\`\``,
    },
    {
      case: 'EvalWorkflowSnippet',
      tool: EvalWorkflowSnippet,
      input: { script: 'export default () => 1;\n' },
      preview:
        'Run this workflow snippet now (nothing is kept afterwards):\n\n```ts\nexport default () => 1;\n```',
    },
  ])('$case asks with the script as preview', async ({ tool, input, preview }) => {
    const workflow = new InMemoryWorkflowEngine();
    expect(
      await tool.prepareApproval!(
        tool.runtimeInputSchema.parse(input),
        hostToolContext({ workflow }),
      ),
    ).toEqual({ decision: 'ask', preview });
  });

  test("AmendWorkflow shows a diff against the run's current script", async () => {
    const workflow = new InMemoryWorkflowEngine();
    await workflow.create({ script: 'step("a");\r\nstep("b");\r\n' });
    const preparation = await AmendWorkflow.prepareApproval!(
      { runId: 'run-1', script: 'step("a");\nstep("c");\n' },
      hostToolContext({ workflow }),
    );
    expect(preparation).toEqual({
      decision: 'ask',
      preview:
        'Amend workflow run run-1:\n\n```diff\n--- run run-1 (current)\n+++ run run-1 (amended)\n@@ -1,2 +1,2 @@\n step("a");\n-step("b");\n+step("c");\n```',
    });
  });

  test.each([
    {
      case: 'the revision changes nothing',
      engine: () => new InMemoryWorkflowEngine(),
      preview: 'Amend workflow run run-1: the revised script is identical to the current one.',
    },
    {
      case: 'the host keeps no scripts',
      engine: () => new InMemoryWorkflowEngine({ keepsScripts: false }),
      preview:
        'Amend workflow run run-1 (its current script is not available to compare) with this script:\n\n```ts\nstep("a");\n```',
    },
  ])('AmendWorkflow previews when $case', async ({ engine, preview }) => {
    const workflow = engine();
    await workflow.create({ script: 'step("a");\n' });
    expect(
      await AmendWorkflow.prepareApproval!(
        { runId: 'run-1', script: 'step("a");\n' },
        hostToolContext({ workflow }),
      ),
    ).toEqual({ decision: 'ask', preview });
  });

  test('AmendWorkflow still asks, with the whole script, when the host cannot read the run', async () => {
    const workflow = new InMemoryWorkflowEngine();
    expect(
      await AmendWorkflow.prepareApproval!(
        { runId: 'run-7', script: 'x();\n' },
        hostToolContext({ workflow }),
      ),
    ).toEqual({
      decision: 'ask',
      preview:
        'Amend workflow run run-7 (its current script is not available to compare) with this script:\n\n```ts\nx();\n```',
    });
  });

  test.each([
    {
      case: 'a new definition',
      existing: false,
      preview: `Save the workflow "migrate":\n\nMigrates API clients.\n\n\`\`\`ts\n${script}\`\`\``,
    },
    {
      case: 'a definition that replaces one',
      existing: true,
      preview: `Save the workflow "migrate", replacing the definition at .workflows/migrate.ts:\n\nMigrates API clients.\n\n\`\`\`ts\n${script}\`\`\``,
    },
  ])('SaveWorkflow previews $case', async ({ existing, preview }) => {
    const workflow = new InMemoryWorkflowEngine();
    if (existing) await workflow.save({ name: 'migrate', script: 'old();\n' });
    expect(
      await SaveWorkflow.prepareApproval!(
        { name: 'migrate', script, description: 'Migrates API clients.' },
        hostToolContext({ workflow }),
      ),
    ).toEqual({
      decision: 'ask',
      preview,
    });
  });
});

describe('CreateWorkflow calls', () => {
  test('starts a run with the normalised script and input', async () => {
    const workflow = new InMemoryWorkflowEngine();
    const result = await callThroughRuntime(
      CreateWorkflow,
      { script: 'export default 1;\r\n', name: 'nightly-audit', input: { depth: 2 } },
      { workflow },
    );
    expect(result).toMatchObject({
      isError: false,
      content:
        'Started workflow run run-1 ("nightly-audit") in the background. Check on it with GetWorkflowRun when the user asks or when you are notified; do not poll it in a loop.',
      output: { runId: 'run-1', name: 'nightly-audit' },
    });
    expect(workflow.runs).toMatchObject([
      { runId: 'run-1', name: 'nightly-audit', script: 'export default 1;\n', input: { depth: 2 } },
    ]);
  });

  test('the schema refuses a name that is not kebab-case', async () => {
    await expect(
      callThroughRuntime(
        CreateWorkflow,
        { script, name: 'Nightly Audit' },
        { workflow: new InMemoryWorkflowEngine() },
      ),
    ).resolves.toMatchObject({
      isError: true,
      errorCode: 'invalid_input',
    });
  });
});

describe('AmendWorkflow calls', () => {
  test.each([
    {
      case: 'in place',
      options: {},
      content: 'Amended workflow run run-1; it continues with the revised script.',
    },
    {
      case: 'as a new run',
      options: { amendCreatesNewRun: true },
      content: 'Amended workflow run run-1; it continues as run run-2. Use the new id from now on.',
    },
  ])('revises a run $case', async ({ options, content }) => {
    const workflow = new InMemoryWorkflowEngine(options);
    await workflow.create({ script: 'old();\n' });
    await expect(
      callThroughRuntime(AmendWorkflow, { runId: 'run-1', script: 'fixed();' }, { workflow }),
    ).resolves.toMatchObject({ isError: false, content });
    expect(workflow.runs.at(-1)?.script).toBe('fixed();\n');
  });

  test('reports an unknown run with the host message', async () => {
    await expect(
      callThroughRuntime(
        AmendWorkflow,
        { runId: 'run-4', script: 'x();' },
        { workflow: new InMemoryWorkflowEngine() },
      ),
    ).resolves.toMatchObject({
      isError: true,
      errorCode: 'host_error',
      content: '<tool_use_error>No workflow run "run-4".</tool_use_error>',
    });
  });
});

describe('SaveWorkflow calls', () => {
  test('saves, then replaces, and says which', async () => {
    const workflow = new InMemoryWorkflowEngine();
    await expect(
      callThroughRuntime(
        SaveWorkflow,
        { name: 'release', script: 'a();', description: '  Release checks  ' },
        { workflow },
      ),
    ).resolves.toMatchObject({
      content:
        'Saved the workflow "release" to .workflows/release.ts. ListSavedWorkflows lists it.',
      output: { name: 'release', path: '.workflows/release.ts', replaced: false },
    });
    await expect(
      callThroughRuntime(
        SaveWorkflow,
        { name: 'release', script: 'b();', description: ' ' },
        { workflow },
      ),
    ).resolves.toMatchObject({
      content:
        'Saved the workflow "release" to .workflows/release.ts, replacing the previous definition. ListSavedWorkflows lists it.',
      output: { replaced: true },
    });
    expect(workflow.saved.get('release')).toEqual({
      name: 'release',
      script: 'b();\n',
      path: '.workflows/release.ts',
    });
  });
});

describe('EvalWorkflowSnippet calls', () => {
  test.each([
    {
      case: 'a result and log lines',
      input: {
        script:
          'export default async (input: { n: number }, ctx: { log(line: string): void }) => {\n  ctx.log("doubling");\n  ctx.log("done");\n  return { doubled: input.n * 2 };\n};',
        input: { n: 21 },
      },
      content: 'Result:\n{\n  "doubled": 42\n}\n\nLog (2 lines):\ndoubling\ndone',
    },
    {
      case: 'nothing returned, nothing logged',
      input: { script: 'export default () => {};' },
      content: 'Result:\nundefined\n\nNo log lines.',
    },
  ])('runs the snippet and shows $case', async ({ input, content }) => {
    const workflow = new InMemoryWorkflowEngine();
    await expect(
      callThroughRuntime(EvalWorkflowSnippet, input, { workflow }),
    ).resolves.toMatchObject({ isError: false, content });
    expect(workflow.runs).toEqual([]);
  });

  test('reports what the snippet threw', async () => {
    const workflow = new InMemoryWorkflowEngine();
    await expect(
      callThroughRuntime(
        EvalWorkflowSnippet,
        { script: 'export default () => { throw new Error("no such agent: planner"); };' },
        { workflow },
      ),
    ).resolves.toMatchObject({
      isError: true,
      errorCode: 'host_error',
      content: '<tool_use_error>no such agent: planner</tool_use_error>',
    });
  });
});
