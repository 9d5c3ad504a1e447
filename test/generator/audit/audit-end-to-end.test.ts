/**
 * End to end, with the real generator on a small project in a temp dir (one manifest, a
 * mini-runtime, the real runtime/contract.ts): a field the manifest starts to set and nothing
 * reads is flagged on its line in the generated module and listed unread in AUDIT.md; once the
 * runtime reads it, the flag goes away.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { generate } from '../../../generator/generate.js';
import { createEchoProject, manifest, put as putIn, TRACE_GATE } from './echo-project.js';

let root: string;

const put = (file: string, text: string): Promise<void> => putIn(root, file, text);

async function regenerate(): Promise<{
  module: string;
  audit: string;
  readers: { fields: { path: string; class: string }[] };
}> {
  const result = await generate({ projectRoot: root, write: true });
  expect(result.issues).toEqual([]);
  expect(result.ok).toBe(true);
  return {
    module: await readFile(path.join(root, 'generated/tools/echo.ts'), 'utf8'),
    audit: await readFile(path.join(root, 'generated/AUDIT.md'), 'utf8'),
    readers: JSON.parse(await readFile(path.join(root, 'generated/field-readers.json'), 'utf8')),
  };
}

/** Lines of `after` that are not in `before` (what a reviewer sees as added in the diff). */
function addedLines(before: string, after: string): string[] {
  const old = new Set(before.split('\n'));
  return after.split('\n').filter((line) => !old.has(line));
}

function row(audit: string, field: string): string | undefined {
  return audit.split('\n').find((line) => line.startsWith(`| \`${field}\` |`));
}

beforeAll(async () => {
  root = await createEchoProject('audit-e2e-');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('audit through the real generator', () => {
  // Four regenerations, each after a runtime edit: each runs the audit scan and the hook type
  // check cold (several seconds each on a loaded machine), so more than the default 30 s.
  test(
    'a newly set field nothing reads is flagged on its line and listed unread; a reader removes the flag',
    { timeout: 180_000 },
    async () => {
      const first = await regenerate();
      expect(first.module).toContain('    required: false,\n');
      expect(row(first.audit, 'trace.required')).toBe('| `trace.required` | unread | — | — |');

      // The manifest starts to set trace.required; the runtime still has no reader.
      await put('manifest/tools/echo.yaml', manifest('trace:\n  required: true\n'));
      const second = await regenerate();
      expect(addedLines(first.module, second.module)).toEqual([
        '    required: true, // unread: no runtime reader',
      ]);
      expect(row(second.audit, 'trace.required')).toBe('| `trace.required` | unread | — | Echo |');
      expect(second.readers.fields.find((field) => field.path === 'trace.required')?.class).toBe(
        'unread',
      );

      // A runtime reader makes the field enforced; the flag disappears from the module.
      await put('runtime/trace-gate.ts', TRACE_GATE);
      const third = await regenerate();
      expect(addedLines(second.module, third.module)).toEqual(['    required: true,']);
      // `return entry.trace.required` is followed into its caller, where it is a condition.
      expect(row(third.audit, 'trace.required')).toBe(
        '| `trace.required` | enforced | runtime/trace-gate.ts:4 (condition) | Echo |',
      );
      expect(third.readers.fields.find((field) => field.path === 'trace.required')?.class).toBe(
        'enforced',
      );
    },
  );

  test('the mini-runtime’s reads, projections and findings as AUDIT.md states them', async () => {
    const { audit, module } = await regenerate();
    expect(row(audit, 'metadata.providerVisible')).toBe(
      '| `metadata.providerVisible` | enforced | runtime/registry.ts:5 (condition) | — |',
    );
    expect(row(audit, 'metadata.name')).toBe(
      '| `metadata.name` | enforced | runtime/registry.ts:5 (argument), runtime/trace-gate.ts:8 (template) | Echo |',
    );
    expect(row(audit, 'resultBudget.maxModelBytes')).toBe(
      '| `resultBudget.maxModelBytes` | enforced | runtime/registry.ts:11 (argument) | Echo |',
    );
    expect(row(audit, 'capability')).toBe('| `capability` | unread | — | Echo |');
    expect(module).toContain('  capability: "text.echo", // unread: no runtime reader\n');
    expect(module).toContain('    maxModelBytes: 1000,\n');
    expect(audit).toContain(
      '- `Ghost`: reserved in manifest/tools.yaml; no manifest defines a tool with this name',
    );
    expect(audit).toContain('### Aliases that can never be reached\n\nNone.\n');
    expect(audit).toContain(
      '| `formatModelContent` | Echo | yes | runtime/registry.ts:10 (call) |',
    );
  });

  test('a second generate with nothing changed is a no-op; the audit report is byte-identical after a forced run', async () => {
    const before = await readFile(path.join(root, 'generated/AUDIT.md'), 'utf8');
    const noOp = await generate({ projectRoot: root, write: true });
    expect(noOp.upToDate).toBe(true);
    const forced = await generate({ projectRoot: root, write: true, force: true });
    expect(forced.changed).toEqual([]);
    expect(await readFile(path.join(root, 'generated/AUDIT.md'), 'utf8')).toBe(before);
  });
});
