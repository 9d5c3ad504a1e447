import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { callTool } from '../../../../runtime/call-path/call/call-tool.js';
import {
  parameterName,
  type CallToolContext,
  type ToolTraceEvent,
} from '../../../../runtime/call-path/call/index.js';
import type {
  ModelProfile,
  ModelToolContract,
  ToolEntry,
} from '../../../../runtime/core/contract.js';
import { fixtureContext, fixtureRuntime, fixtureTool, ReadInput } from './fixture-tool.js';

const read = fixtureTool('Read', ReadInput, {
  handler: async (input: { file_path: string }) => ({
    ok: true,
    output: `read ${input.file_path}`,
  }),
});
const pair = fixtureTool('Pair', z.object({ left: z.string(), right: z.string() }).strict());
const shaped = fixtureTool(
  'Shaped',
  z
    .object({
      mode: z.enum(['fast', 'slow']).optional(),
      limit: z.number().int().max(100).optional(),
      name: z.string().min(3).optional(),
      email: z.string().email().optional(),
      pages: z
        .string()
        .regex(/^[1-9][0-9]*$/)
        .optional(),
      even: z
        .number()
        .refine((value) => value % 2 === 0, 'even must be an even number')
        .optional(),
      todos: z.array(z.object({ content: z.string() }).strict()).optional(),
    })
    .strict(),
);
const taskStop = fixtureTool('TaskStop', z.object({ task_id: z.string() }).strict(), {
  metadata: { aliases: ['KillShell', 'KillBash'] },
  handler: async (input: { task_id: string }) => ({ ok: true, output: `stopped ${input.task_id}` }),
});
const failing = fixtureTool('Failing', z.object({ path: z.string() }).strict(), {
  handler: async (input: { path: string }) => ({
    ok: false,
    code: 'file_not_found',
    message: `File does not exist: ${input.path}`,
  }),
});
const checked = fixtureTool('Checked', z.object({ path: z.string() }).strict(), {
  validateInput: (input: { path: string }) =>
    input.path.startsWith('/')
      ? { ok: true }
      : { ok: false, code: 'invalid_path', message: `Use an absolute path, not ${input.path}` },
});
const throwing = fixtureTool('Throwing', z.object({}).strict(), {
  handler: async () => {
    throw new Error('disk on fire');
  },
});
const badOutput = fixtureTool('BadOutput', z.object({}).strict(), {
  runtimeOutputSchema: z.object({ lines: z.number() }).strict(),
  handler: async () => ({ ok: true, output: { lines: 'many' } }),
});
const defaults = fixtureTool('Defaults', z.object({ limit: z.number().default(2000) }).strict(), {
  handler: async (input: { limit: number }) => ({ ok: true, output: { limit: input.limit } }),
});
const capped = fixtureTool('Capped', z.object({}).strict(), {
  metadata: { maxOutputBytes: 120 },
  handler: async () => ({ ok: true, output: 'x'.repeat(300) }),
});
const limitSeen = fixtureTool('LimitSeen', z.object({}).strict(), {
  metadata: { maxOutputBytes: 4096 },
  handler: async (_input: unknown, context: { maxOutputBytes?: number }) => ({
    ok: true,
    output: `limit ${context.maxOutputBytes}`,
  }),
});
const formatted = fixtureTool('Formatted', z.object({}).strict(), {
  handler: async () => ({ ok: true, output: { lines: ['a', 'b'] } }),
  formatModelContent: (output: { lines: string[] }) => output.lines.join('\n'),
});
const traced = fixtureTool('Traced', z.object({ secret: z.string() }).strict(), {
  trace: { required: true, input: 'summary', output: 'full' },
  handler: async () => ({ ok: true, output: 'done' }),
});

/** Read as the real tool does it: `pages` is shown (and accepted) only for PDF-capable models. */
const projectedRead: ToolEntry = {
  ...read,
  metadata: { ...read.metadata, name: 'ReadPdf' },
  resolveModelContract: (contract: ModelToolContract, model: ModelProfile) => {
    if (model.supportsPdf) return contract;
    const schema = structuredClone(contract.inputSchema) as { properties: Record<string, unknown> };
    delete schema.properties['pages'];
    return { ...contract, inputSchema: schema };
  },
};

const runtime = fixtureRuntime([
  read,
  pair,
  shaped,
  taskStop,
  failing,
  checked,
  throwing,
  badOutput,
  defaults,
  capped,
  limitSeen,
  formatted,
  traced,
  projectedRead,
]);
const model = (supportsPdf: boolean): ModelProfile => ({
  id: supportsPdf ? 'pdf-model' : 'text-model',
  provider: 'anthropic',
  supportsNativeWebSearch: false,
  supportsPdf,
  firstParty: true,
});

async function call(name: string, input: unknown, extra: Partial<CallToolContext> = {}) {
  return callTool(runtime, { name, input, id: 'call-1' }, await fixtureContext(extra));
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

describe('model-facing text of refused input', () => {
  test.each([
    {
      label: 'one missing parameter',
      name: 'Read',
      input: {},
      want: '<tool_use_error>InputValidationError: Read failed due to the following issue:\nThe required parameter `file_path` is missing</tool_use_error>',
    },
    {
      label: 'two missing parameters',
      name: 'Pair',
      input: {},
      want: '<tool_use_error>InputValidationError: Pair failed due to the following issues:\nThe required parameter `left` is missing\nThe required parameter `right` is missing</tool_use_error>',
    },
    {
      label: 'an unexpected parameter',
      name: 'Read',
      input: { file_path: '/a', encoding: 'utf8' },
      want: '<tool_use_error>InputValidationError: Read failed due to the following issue:\nAn unexpected parameter `encoding` was provided</tool_use_error>',
    },
    {
      label: 'a wrong type',
      name: 'Read',
      input: { file_path: 42 },
      want: '<tool_use_error>InputValidationError: Read failed due to the following issue:\nThe parameter `file_path` type is expected as `string` but provided as `number`</tool_use_error>',
    },
    {
      label: 'a wrong type for an integer',
      name: 'Read',
      input: { file_path: '/a', limit: '10' },
      want: '<tool_use_error>InputValidationError: Read failed due to the following issue:\nThe parameter `limit` type is expected as `integer` but provided as `string`</tool_use_error>',
    },
    {
      label: 'mixed: the three kinds in order, the rest (too_small, pattern) left out',
      name: 'Read',
      input: { offset: 'x', pages: '0', limit: 0, extra: true },
      want:
        '<tool_use_error>InputValidationError: Read failed due to the following issues:\n' +
        'The required parameter `file_path` is missing\n' +
        'An unexpected parameter `extra` was provided\n' +
        'The parameter `offset` type is expected as `integer` but provided as `string`</tool_use_error>',
    },
    {
      label: 'a nested missing parameter',
      name: 'Shaped',
      input: { todos: [{ content: 'a' }, {}] },
      want: '<tool_use_error>InputValidationError: Shaped failed due to the following issue:\nThe required parameter `todos[1].content` is missing</tool_use_error>',
    },
    {
      label: 'enum (JSON fallback)',
      name: 'Shaped',
      input: { mode: 'medium' },
      want: `<tool_use_error>InputValidationError: Shaped failed due to the following issue:\n${json(
        [
          {
            code: 'invalid_value',
            values: ['fast', 'slow'],
            path: ['mode'],
            message: 'Invalid option: expected one of "fast"|"slow"',
          },
        ],
      )}</tool_use_error>`,
    },
    {
      label: 'too_big with origin (JSON fallback)',
      name: 'Shaped',
      input: { limit: 500 },
      want: `<tool_use_error>InputValidationError: Shaped failed due to the following issue:\n${json(
        [
          {
            origin: 'number',
            code: 'too_big',
            maximum: 100,
            inclusive: true,
            path: ['limit'],
            message: 'Too big: expected number to be <=100',
          },
        ],
      )}</tool_use_error>`,
    },
    {
      label: 'too_small with origin (JSON fallback)',
      name: 'Shaped',
      input: { name: 'ab' },
      want: `<tool_use_error>InputValidationError: Shaped failed due to the following issue:\n${json(
        [
          {
            origin: 'string',
            code: 'too_small',
            minimum: 3,
            inclusive: true,
            path: ['name'],
            message: 'Too small: expected string to have >=3 characters',
          },
        ],
      )}</tool_use_error>`,
    },
    {
      label: 'format (JSON fallback)',
      name: 'Shaped',
      input: { email: 'nobody' },
      want: `<tool_use_error>InputValidationError: Shaped failed due to the following issue:\n${json(
        [
          {
            origin: 'string',
            code: 'invalid_format',
            format: 'email',
            path: ['email'],
            message: 'Invalid email address',
          },
        ],
      )}</tool_use_error>`,
    },
    {
      label: 'pattern (JSON fallback)',
      name: 'Shaped',
      input: { pages: '0' },
      want: `<tool_use_error>InputValidationError: Shaped failed due to the following issue:\n${json(
        [
          {
            origin: 'string',
            code: 'invalid_format',
            format: 'regex',
            pattern: '/^[1-9][0-9]*$/',
            path: ['pages'],
            message: 'Invalid string: must match pattern /^[1-9][0-9]*$/',
          },
        ],
      )}</tool_use_error>`,
    },
    {
      label: 'custom refinement (JSON fallback)',
      name: 'Shaped',
      input: { even: 3 },
      want: `<tool_use_error>InputValidationError: Shaped failed due to the following issue:\n${json(
        [{ code: 'custom', path: ['even'], message: 'even must be an even number' }],
      )}</tool_use_error>`,
    },
    {
      label: 'several JSON-fallback issues',
      name: 'Shaped',
      input: { mode: 'x', limit: 101 },
      want: `<tool_use_error>InputValidationError: Shaped failed due to the following issues:\n${json(
        [
          {
            code: 'invalid_value',
            values: ['fast', 'slow'],
            path: ['mode'],
            message: 'Invalid option: expected one of "fast"|"slow"',
          },
          {
            origin: 'number',
            code: 'too_big',
            maximum: 100,
            inclusive: true,
            path: ['limit'],
            message: 'Too big: expected number to be <=100',
          },
        ],
      )}</tool_use_error>`,
    },
    {
      label: 'JSON-string input, parsed before validation',
      name: 'Read',
      input: '{"file_path": 7}',
      want: '<tool_use_error>InputValidationError: Read failed due to the following issue:\nThe parameter `file_path` type is expected as `string` but provided as `number`</tool_use_error>',
    },
    {
      label: 'a string that is not JSON of an object',
      name: 'Read',
      input: 'read the file please',
      want: `<tool_use_error>InputValidationError: Read failed due to the following issue:\n${json([
        {
          expected: 'object',
          code: 'invalid_type',
          path: [],
          message: 'Invalid input: expected object, received string',
        },
      ])}</tool_use_error>`,
    },
    {
      label: 'an alias call reports the canonical name',
      name: 'KillShell',
      input: {},
      want: '<tool_use_error>InputValidationError: TaskStop failed due to the following issue:\nThe required parameter `task_id` is missing</tool_use_error>',
    },
  ])('$label', async ({ name, input, want }) => {
    const result = await call(name, input);
    expect(result.content).toBe(want);
    expect(result).toMatchObject({ isError: true, errorCode: 'invalid_input', artifactPaths: [] });
    expect(result.issues!.length).toBeGreaterThan(0);
  });

  test('the JSON Schema the model saw refuses what zod allows: `pages` for a model without PDF', async () => {
    const refused = await call(
      'ReadPdf',
      { file_path: '/a.pdf', pages: '1-2' },
      { model: model(false) },
    );
    expect(refused.content).toBe(
      '<tool_use_error>InputValidationError: ReadPdf failed due to the following issue:\nAn unexpected parameter `pages` was provided</tool_use_error>',
    );
    const accepted = await call(
      'ReadPdf',
      { file_path: '/a.pdf', pages: '1-2' },
      { model: model(true) },
    );
    expect(accepted).toMatchObject({ isError: false, content: 'read /a.pdf' });
  });

  test('an issue found by both zod and ajv is reported once; one only ajv found is added', async () => {
    const result = await call('ReadPdf', { pages: '1' }, { model: model(false) });
    expect(result.content).toBe(
      '<tool_use_error>InputValidationError: ReadPdf failed due to the following issues:\nThe required parameter `file_path` is missing\nAn unexpected parameter `pages` was provided</tool_use_error>',
    );
  });
});

describe('names', () => {
  test.each([
    [
      'close names, closest first, ties in code-unit order',
      'Raed',
      'Tool not found: Raed\nDid you mean: Read, Traced?',
    ],
    [
      'snake case of a real name',
      'task_stop',
      'Tool not found: task_stop\nDid you mean: TaskStop?',
    ],
    ['no close name', 'Teleport', 'Tool not found: Teleport'],
  ])('unknown tool, %s', async (_label, name, want) => {
    const result = await call(name, {});
    expect(result).toMatchObject({ content: want, isError: true, errorCode: 'tool_not_found' });
  });

  test.each([
    ['empty', '', '<tool_use_error>Error: No such tool available: </tool_use_error>'],
    ['spaces', '  ', '<tool_use_error>Error: No such tool available:   </tool_use_error>'],
    [
      'newline and tab',
      '\n\t',
      '<tool_use_error>Error: No such tool available: \n\t</tool_use_error>',
    ],
  ])('blank name (%s) is echoed exactly', async (_label, name, want) => {
    const result = await call(name, {});
    expect(result).toMatchObject({ content: want, isError: true, errorCode: 'tool_not_found' });
  });

  test('an alias reaches the canonical tool', async () => {
    const result = await call('KillBash', { task_id: 'b1' });
    expect(result).toMatchObject({ content: 'stopped b1', isError: false, toolName: 'TaskStop' });
  });

  test('hidden tools are never suggested', async () => {
    const hidden = fixtureTool('Task', z.object({}), { metadata: { providerVisible: false } });
    const result = await callTool(
      fixtureRuntime([hidden, read]),
      { name: 'Tsk', input: {} },
      await fixtureContext(),
    );
    expect(result.content).toBe('Tool not found: Tsk');
  });
});

describe('tool and hook outcomes', () => {
  test('business failure from the handler: message wrapped, code kept', async () => {
    const result = await call('Failing', { path: '/nope' });
    expect(result).toMatchObject({
      content: '<tool_use_error>File does not exist: /nope</tool_use_error>',
      isError: true,
      errorCode: 'file_not_found',
    });
  });

  test('business failure from validateInput: the handler does not run', async () => {
    const result = await call('Checked', { path: 'relative' });
    expect(result).toMatchObject({
      content: '<tool_use_error>Use an absolute path, not relative</tool_use_error>',
      errorCode: 'invalid_path',
    });
  });

  test('a handler that throws is a handler_error, not a crash', async () => {
    const result = await call('Throwing', {});
    expect(result).toMatchObject({
      content: '<tool_use_error>Error: Throwing failed unexpectedly: disk on fire</tool_use_error>',
      isError: true,
      errorCode: 'handler_error',
    });
  });

  test('output of the wrong shape is the tool’s fault: invalid_output', async () => {
    const result = await call('BadOutput', {});
    expect(result).toMatchObject({
      content:
        '<tool_use_error>Error: BadOutput produced output that does not match its declared output schema. This is a fault of the tool, not of your input.</tool_use_error>',
      errorCode: 'invalid_output',
      issues: [
        {
          expected: 'number',
          code: 'invalid_type',
          path: ['lines'],
          message: 'Invalid input: expected number, received string',
        },
      ],
    });
  });

  test('defaults are applied before the handler', async () => {
    const result = await call('Defaults', {});
    expect(result).toMatchObject({
      isError: false,
      content: '{"limit":2000}',
      output: { limit: 2000 },
    });
  });

  test('formatModelContent decides the text; other values are JSON, strings as is', async () => {
    expect((await call('Formatted', {})).content).toBe('a\nb');
    expect((await call('Read', { file_path: '/x' })).content).toBe('read /x');
  });

  test('maxOutputBytes cuts oversized output before anything else', async () => {
    const result = await call('Capped', {});
    expect(result.content).toBe(
      `${'x'.repeat(42)}\n[... 258 of 300 bytes dropped: output over the tool's limit of 120 bytes ...]`,
    );
    expect(Buffer.byteLength(result.content)).toBeLessThanOrEqual(120);
  });

  test('the handler learns maxOutputBytes from its context, so it can stop collecting early', async () => {
    expect((await call('LimitSeen', {})).content).toBe('limit 4096');
    expect((await call('Formatted', {})).isError).toBe(false);
  });

  test('pre-tool hook: a rewrite that fails validation is reported to the host, not explained to the model', async () => {
    const result = await call(
      'Read',
      { file_path: '/a' },
      { preToolHook: async () => ({ input: { file_path: 5 } }) },
    );
    expect(result).toMatchObject({
      content:
        '<tool_use_error>Error: Read was not run: a pre-tool hook rewrote its input into an invalid call.</tool_use_error>',
      isError: true,
      errorCode: 'hook_input_invalid',
      issues: [
        {
          expected: 'string',
          code: 'invalid_type',
          path: ['file_path'],
          message: 'Invalid input: expected string, received number',
        },
      ],
    });
    expect(result.content).not.toContain('InputValidationError');
  });

  test('pre-tool hook: a valid rewrite is what the handler gets', async () => {
    const seen: unknown[] = [];
    const result = await call(
      'Read',
      { file_path: '/a' },
      {
        preToolHook: async (name, input) => {
          seen.push([name, input]);
          return { input: { file_path: '/rewritten' } };
        },
      },
    );
    expect(seen).toEqual([['Read', { file_path: '/a' }]]);
    expect(result).toMatchObject({ isError: false, content: 'read /rewritten' });
  });

  test('pre-tool hook: deny', async () => {
    const result = await call(
      'Read',
      { file_path: '/a' },
      { preToolHook: async () => ({ deny: 'Reading is blocked by policy.' }) },
    );
    expect(result).toMatchObject({
      content: '<tool_use_error>Reading is blocked by policy.</tool_use_error>',
      errorCode: 'hook_denied',
    });
  });

  test('pre-tool hook: one that throws does not run the tool', async () => {
    const result = await call(
      'Read',
      { file_path: '/a' },
      { preToolHook: async () => Promise.reject(new Error('hook down')) },
    );
    expect(result).toMatchObject({
      content: '<tool_use_error>Error: Read was not run: a pre-tool hook failed.</tool_use_error>',
      errorCode: 'hook_error',
      warnings: ['pre-tool hook threw: hook down'],
    });
  });
});

describe('trace policy', () => {
  test('trace.required without a tracer fails closed before anything runs', async () => {
    let ran = false;
    const tool = fixtureTool('MustTrace', z.object({}).strict(), {
      trace: { required: true, input: 'none', output: 'none' },
      handler: async () => {
        ran = true;
        return { ok: true, output: 'x' };
      },
    });
    const result = await callTool(
      fixtureRuntime([tool]),
      { name: 'MustTrace', input: {} },
      await fixtureContext(),
    );
    expect(result).toMatchObject({
      content:
        '<tool_use_error>Error: MustTrace was not run: it requires a trace and no tracer is configured.</tool_use_error>',
      errorCode: 'trace_unavailable',
    });
    expect(ran).toBe(false);
  });

  test.each([
    ['none', 'none', undefined, undefined],
    [
      'summary',
      'summary',
      { granularity: 'summary', type: 'object', bytes: 20, keys: ['secret'] },
      { granularity: 'summary', type: 'string', bytes: 4 },
    ],
    [
      'full',
      'full',
      { granularity: 'full', value: { secret: 'hunter2' } },
      { granularity: 'full', value: { content: 'done', output: 'done' } },
    ],
  ] as const)(
    'records input and output at granularity %s',
    async (_label, granularity, wantInput, wantOutput) => {
      const events: ToolTraceEvent[] = [];
      const tool: ToolEntry = {
        ...traced,
        trace: { required: true, input: granularity, output: granularity },
      };
      const result = await callTool(
        fixtureRuntime([tool]),
        { name: 'Traced', input: { secret: 'hunter2' }, id: 't-1' },
        await fixtureContext({ tracer: { record: (event) => void events.push(event) } }),
      );
      expect(result.isError).toBe(false);
      expect(events).toHaveLength(1);
      const { durationMs, ...event } = events[0]!;
      expect(durationMs).toBeGreaterThanOrEqual(0);
      expect(event).toEqual({
        tool: 'Traced',
        callId: 't-1',
        isError: false,
        ...(wantInput === undefined ? {} : { input: wantInput }),
        ...(wantOutput === undefined ? {} : { output: wantOutput }),
      });
    },
  );

  test('failed calls are traced with their error code; a throwing tracer only warns', async () => {
    const events: ToolTraceEvent[] = [];
    const result = await call(
      'Traced',
      {},
      { tracer: { record: (event) => void events.push(event) } },
    );
    expect(events.map((event) => [event.isError, event.errorCode])).toEqual([
      [true, 'invalid_input'],
    ]);
    expect(result.errorCode).toBe('invalid_input');
    const warned = await call(
      'Traced',
      { secret: 's' },
      { tracer: { record: () => Promise.reject(new Error('collector down')) } },
    );
    expect(warned).toMatchObject({
      isError: false,
      content: 'done',
      warnings: ['tracer failed: collector down'],
    });
  });
});

describe('parameterName', () => {
  test.each([
    [['file_path'], 'file_path'],
    [['edits', 0, 'old_string'], 'edits[0].old_string'],
    [['questions', 2, 'options', 0], 'questions[2].options[0]'],
    [[''], '[""]'],
    [['a b'], '["a b"]'],
    [['line\nbreak'], '["line\\nbreak"]'],
    [['tick`'], '["tick\\u0060"]'],
    [['todos', 1, 'x.y'], 'todos[1]["x.y"]'],
    [['naïve'], 'naïve'],
  ] as const)('%j → %s', (path, want) => {
    expect(parameterName(path)).toBe(want);
  });
});
