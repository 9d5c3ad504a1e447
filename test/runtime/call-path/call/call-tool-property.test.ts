/**
 * Whatever a model sends to any of the built-in tools, `callTool` answers: either the call is
 * accepted (it reaches the host's pre-tool hook, which denies it here so no real handler runs) or
 * the model gets a well-formed `<tool_use_error>`.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { builtInTools } from '../../../../generated/index.js';
import { callTool } from '../../../../runtime/call-path/call/call-tool.js';
import {
  ZOD4_ISSUE_KEY_ORDER,
  type ToolCallResult,
} from '../../../../runtime/call-path/call/index.js';
import type { ToolEntry } from '../../../../runtime/core/contract.js';
import { ToolRegistry } from '../../../../runtime/core/tool-registry.js';
import { fixtureContext, modelProfiles } from './fixture-tool.js';
import { BUILT_IN_COUNT, REGISTRATION_ORDER } from '../../../support/manifest-catalogue.js';

const registry = new ToolRegistry({ logger: { warn: () => {} } });
for (const entry of builtInTools) registry.register(entry);

const DENIED = '<tool_use_error>denied by the property test</tool_use_error>';
const SENTENCES = [
  /^The required parameter `[^`]+` is missing$/,
  /^An unexpected parameter `[^`]+` was provided$/,
  /^The parameter `[^`]+` type is expected as `[^`]+` but provided as `[^`]+`$/,
  // The list is capped (runtime/core/cap-echo.ts): the last line counts the rest.
  /^… and \d+ more$/,
];

/** Keys in the documented order, known code, array path, string message — recursively. */
function isWellFormedIssue(issue: unknown): boolean {
  if (typeof issue !== 'object' || issue === null) return false;
  const record = issue as Record<string, unknown>;
  const order = ZOD4_ISSUE_KEY_ORDER[record['code'] as keyof typeof ZOD4_ISSUE_KEY_ORDER];
  if (order === undefined) return false;
  const positions = Object.keys(record).map((key) => order.indexOf(key));
  if (
    positions.some(
      (position, index) => position < 0 || (index > 0 && position <= positions[index - 1]!),
    )
  )
    return false;
  if (!Array.isArray(record['path']) || typeof record['message'] !== 'string') return false;
  if (record['code'] === 'invalid_union') {
    return (record['errors'] as unknown[][]).every((branch) => branch.every(isWellFormedIssue));
  }
  return true;
}

const outcomes = new Map<string, number>();

function assertWellFormed(entry: ToolEntry, result: ToolCallResult): void {
  expect(result.toolName).toBe(entry.metadata.name);
  outcomes.set(result.errorCode ?? 'none', (outcomes.get(result.errorCode ?? 'none') ?? 0) + 1);
  if (result.errorCode === 'hook_denied') {
    expect(result.content).toBe(DENIED);
    return;
  }
  expect(result.isError).toBe(true);
  expect(typeof result.errorCode).toBe('string');
  // Faults of a tool, never acceptable for any input.
  expect(['handler_error', 'schema_error', 'invalid_output', 'format_error']).not.toContain(
    result.errorCode,
  );
  expect(result.content.startsWith('<tool_use_error>')).toBe(true);
  expect(result.content.endsWith('</tool_use_error>')).toBe(true);
  if (result.errorCode !== 'invalid_input') return;

  const body = result.content.slice('<tool_use_error>'.length, -'</tool_use_error>'.length);
  const header = `InputValidationError: ${entry.metadata.name} failed due to the following `;
  expect(body.startsWith(header)).toBe(true);
  const [kind, ...rest] = body.slice(header.length).split('\n');
  const text = rest.join('\n');
  let count: number;
  if (text.startsWith('[')) {
    const issues = JSON.parse(text) as unknown[];
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) expect(isWellFormedIssue(issue), JSON.stringify(issue)).toBe(true);
    expect(text).toBe(JSON.stringify(issues, null, 2));
    count = issues.length;
  } else {
    for (const line of rest)
      expect(
        SENTENCES.some((pattern) => pattern.test(line)),
        line,
      ).toBe(true);
    count = rest.length;
  }
  expect(kind).toBe(count === 1 ? 'issue:' : 'issues:');
}

const models = modelProfiles;

/** Inputs a model might send: any JSON, objects with the tool's own keys (and strays), JSON text. */
function inputsFor(entry: ToolEntry): fc.Arbitrary<unknown> {
  const properties = Object.keys(
    (entry.inputSchema['properties'] as Record<string, unknown> | undefined) ?? {},
  );
  const keys = fc.constantFrom(...properties, 'extra', 'file_path', 'timeout');
  const objects = fc.dictionary(keys, fc.jsonValue({ maxDepth: 3 }), {
    maxKeys: properties.length + 2,
  });
  return fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    objects,
    objects.map((value) => JSON.stringify(value)),
  );
}

describe('arbitrary JSON against every built-in tool', () => {
  test('every built-in manifest is a built-in tool, in registration order', () => {
    expect(builtInTools).toHaveLength(BUILT_IN_COUNT);
    expect(builtInTools.map((entry) => entry.metadata.name)).toEqual(REGISTRATION_ORDER);
  });

  test.each(builtInTools.map((entry) => [entry.metadata.name, entry] as const))(
    '%s never throws and answers acceptance or a well-formed <tool_use_error>',
    async (_name, entry) => {
      const context = await fixtureContext({
        preToolHook: async () => ({ deny: 'denied by the property test' }),
      });
      await fc.assert(
        fc.asyncProperty(inputsFor(entry), fc.constantFrom(...models), async (input, model) => {
          const result = await callTool(
            { registry },
            { name: entry.metadata.name, input },
            { ...context, ...(model === undefined ? {} : { model }), tracer: { record: () => {} } },
          );
          assertWellFormed(entry, result);
        }),
        { numRuns: 60 },
      );
    },
  );

  test('the inputs reached both outcomes: acceptance and refusal', () => {
    expect(outcomes.get('hook_denied') ?? 0).toBeGreaterThan(0);
    expect(outcomes.get('invalid_input') ?? 0).toBeGreaterThan(0);
  });
});
