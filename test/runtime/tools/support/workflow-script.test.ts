import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  WORKFLOW_SCRIPT_MAX_BYTES,
  WORKFLOW_SNIPPET_MAX_BYTES,
  checkWorkflowScript,
  fencedBlock,
  normalizeWorkflowScript,
  typecheckWorkflowScript,
} from '../../../../runtime/tools/support/workflow-script.js';
import { hostToolContext } from '../host-support/host-tool-calls.js';
import { InMemoryWorkflowEngine } from '../host-support/in-memory-host-ports.js';

describe('checkWorkflowScript', () => {
  test.each([
    {
      case: 'a script',
      script: 'export default async () => 1;',
      maxBytes: undefined,
      want: { ok: true },
    },
    {
      case: 'exactly the limit',
      script: 'x'.repeat(WORKFLOW_SNIPPET_MAX_BYTES),
      maxBytes: WORKFLOW_SNIPPET_MAX_BYTES,
      want: { ok: true },
    },
    {
      case: 'blank',
      script: ' \n\t ',
      maxBytes: undefined,
      want: {
        ok: false,
        code: 'invalid_script',
        message: 'CreateWorkflow needs a script; the one given is blank.',
      },
    },
    {
      case: 'a NUL character',
      script: 'let a = 1;\u0000',
      maxBytes: undefined,
      want: {
        ok: false,
        code: 'invalid_script',
        message:
          'The script contains a NUL character; CreateWorkflow takes TypeScript source text.',
      },
    },
    {
      case: 'one byte over the default limit',
      script: 'x'.repeat(WORKFLOW_SCRIPT_MAX_BYTES + 1),
      maxBytes: undefined,
      want: {
        ok: false,
        code: 'script_too_large',
        message:
          'The script is 262145 bytes; CreateWorkflow accepts at most 262144 bytes. Split the work or move data into the input.',
      },
    },
    {
      case: 'multi-byte characters counted in UTF-8 bytes',
      script: 'é'.repeat(20),
      maxBytes: 30,
      want: {
        ok: false,
        code: 'script_too_large',
        message:
          'The script is 40 bytes; CreateWorkflow accepts at most 30 bytes. Split the work or move data into the input.',
      },
    },
  ])('$case', ({ script, maxBytes, want }) => {
    expect(checkWorkflowScript('CreateWorkflow', script, maxBytes)).toEqual(want);
  });
});

describe('normalizeWorkflowScript', () => {
  test.each([
    { given: 'a();', want: 'a();\n' },
    { given: 'a();\r\nb();\r\n', want: 'a();\nb();\n' },
    { given: 'a();\rb();', want: 'a();\nb();\n' },
    { given: '\uFEFFa();', want: 'a();\n' },
    { given: 'a();\n\n\n  \t', want: 'a();\n' },
    { given: '  indented();', want: '  indented();\n' },
  ])('$given → $want', ({ given, want }) => {
    expect(normalizeWorkflowScript(given)).toBe(want);
  });

  test('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(normalizeWorkflowScript(normalizeWorkflowScript(text))).toBe(
          normalizeWorkflowScript(text),
        );
      }),
    );
  });
});

describe('fencedBlock', () => {
  test.each([
    { given: 'a();', language: 'ts', want: '```ts\na();\n```' },
    { given: 'a();\n', language: 'ts', want: '```ts\na();\n```' },
    { given: 'const s = `x`;', language: 'ts', want: '```ts\nconst s = `x`;\n```' },
    { given: 'md: ```js\n```', language: '', want: '````\nmd: ```js\n```\n````' },
  ])('fences $given', ({ given, language, want }) => {
    expect(fencedBlock(given, language)).toBe(want);
  });

  test('no line of the content can close the fence', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('`', 'a', '\n', ' ') }), (text) => {
        const block = fencedBlock(text, 'ts');
        const fence = /^`+/u.exec(block)![0];
        const body = block.slice(fence.length + 'ts\n'.length, block.length - fence.length);
        expect(body.split('\n').some((line) => line.startsWith(fence))).toBe(false);
        expect(block.endsWith(`\n${fence}`)).toBe(true);
      }),
    );
  });
});

describe('typecheckWorkflowScript', () => {
  test('normalises the script and hands the host the normalised text', async () => {
    const workflow = new InMemoryWorkflowEngine();
    const result = await typecheckWorkflowScript(
      'CreateWorkflow',
      'export default 1;\r\n\r\n',
      hostToolContext({ workflow }),
    );
    expect(result).toEqual({ ok: true, script: 'export default 1;\n' });
    expect(workflow.calls).toEqual(['typecheck']);
  });

  test('fails with every diagnostic of the real TypeScript check', async () => {
    const workflow = new InMemoryWorkflowEngine();
    const result = await typecheckWorkflowScript(
      'CreateWorkflow',
      'const a = ;\nlet b = (;\n',
      hostToolContext({ workflow }),
    );
    expect(result).toEqual({
      ok: false,
      code: 'workflow_typecheck_failed',
      message:
        'The script does not type-check (2 errors):\n1:11 Expression expected.\n2:10 Expression expected.\nFix the script and call CreateWorkflow again.',
    });
  });
});
