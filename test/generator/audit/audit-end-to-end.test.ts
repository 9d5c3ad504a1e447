/**
 * End to end, with the real generator on a small project in a temp dir (one manifest, a
 * mini-runtime, the real runtime/core/contract.ts): a field the manifest starts to set and nothing
 * reads is flagged on its line in the generated module and listed unread in AUDIT.md; once the
 * runtime reads it, the flag goes away.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { generate } from '../../../generator/generate.js';
import { listFiles } from '../../../generator/support/list-files.js';
import {
  createEchoProject,
  manifest,
  put as putIn,
  REGISTRY,
  TOOL_MODULE,
  TRACE_GATE,
} from './echo-project.js';

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

/** Lines of `before` that are not in `after`. */
function removedLines(before: string, after: string): string[] {
  return addedLines(after, before);
}

/** Every file of `generated/` (the state file aside), path → text. */
async function snapshot(): Promise<Map<string, string>> {
  const files = (await listFiles(root, 'generated')).filter(
    (file) => file !== 'generated/.generate-state.json',
  );
  return new Map(
    await Promise.all(
      files.map(async (file) => [file, await readFile(path.join(root, file), 'utf8')] as const),
    ),
  );
}

/** The mini-runtime's functions in the opposite order, with comments and blank lines. */
const REGISTRY_MOVED = `// The registry of the mini-runtime.
import type { ToolEntry } from './core/contract.js';


/**
 * Cut a tool's text to its budget.
 */
export function budget(entry: ToolEntry, text: string): string {
  // format first
  const formatted = entry.formatModelContent?.(text) ?? text;

  return formatted.slice(0, entry.resultBudget.maxModelBytes); // the budget
}

export function register(entries: readonly ToolEntry[]): Map<string, ToolEntry> {
  const byName = new Map<string, ToolEntry>();

  for (const entry of entries)
    if (entry.metadata.providerVisible)
      byName.set(entry.metadata.name, entry);
  return byName;
}
`;

const TRACE_GATE_MOVED = `import type { ToolEntry } from './core/contract.js';

/* The tracer check comes first now. */
export function assertTracer(entry: ToolEntry, tracer: unknown): void {
  if (needsTracer(entry) && tracer === undefined) throw new Error(\`\${entry.metadata.name} requires a tracer\`);
}


export function needsTracer(entry: ToolEntry): boolean {
  // A contract field decides whether a tracer is needed.
  return entry.trace.required;
}
`;

/** The field's row in the "Fields" table of AUDIT.md. */
function row(audit: string, field: string): string | undefined {
  const fields = audit.slice(audit.indexOf('\n## Fields\n'));
  return fields.split('\n').find((line) => line.startsWith(`| \`${field}\` |`));
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
      // …and AUDIT.md asks for a decision about it, at the top.
      const decisions = second.audit.slice(0, second.audit.indexOf('\n## Fields\n'));
      expect(decisions).toContain(
        '| `trace.required` | unread | Echo | nothing | add a reader, remove `trace.required`, or reserve it |',
      );
      expect(second.readers.fields.find((field) => field.path === 'trace.required')?.class).toBe(
        'unread',
      );

      // A runtime reader makes the field enforced; the flag disappears from the module.
      await put('runtime/trace-gate.ts', TRACE_GATE);
      const third = await regenerate();
      expect(third.audit.slice(0, third.audit.indexOf('\n## Fields\n'))).not.toContain(
        '`trace.required`',
      );
      expect(addedLines(second.module, third.module)).toEqual(['    required: true,']);
      // `return entry.trace.required` is followed into its caller, where it is a condition.
      expect(row(third.audit, 'trace.required')).toBe(
        '| `trace.required` | enforced | `runtime/trace-gate.ts#needsTracer` (condition) | Echo |',
      );
      expect(third.readers.fields.find((field) => field.path === 'trace.required')?.class).toBe(
        'enforced',
      );
    },
  );

  test('the mini-runtime’s reads, projections and findings as AUDIT.md states them', async () => {
    const { audit, module } = await regenerate();
    expect(row(audit, 'metadata.providerVisible')).toBe(
      '| `metadata.providerVisible` | enforced | `runtime/registry.ts#register` (condition) | — |',
    );
    expect(row(audit, 'metadata.name')).toBe(
      '| `metadata.name` | enforced | `runtime/registry.ts#register` (argument), `runtime/trace-gate.ts#assertTracer` (template) | Echo |',
    );
    expect(row(audit, 'resultBudget.maxModelBytes')).toBe(
      '| `resultBudget.maxModelBytes` | enforced | `runtime/registry.ts#budget` (argument) | Echo |',
    );
    expect(row(audit, 'capability')).toBe('| `capability` | unread | — | Echo |');
    expect(module).toContain('  capability: "text.echo", // unread: no runtime reader\n');
    expect(module).toContain('    maxModelBytes: 1000,\n');
    expect(audit).toContain(
      '- `Ghost`: reserved in manifest/tools.yaml; no manifest defines a tool with this name',
    );
    expect(audit).toContain('### Aliases that can never be reached\n\nNone.\n');
    expect(audit).toContain(
      '| `formatModelContent` | Echo | yes | `runtime/registry.ts#budget.formatted` (call) |',
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

  test('comments and blank lines in runtime files: generated/ byte-identical, the run a no-op, check green', async () => {
    const before = await snapshot();
    await put('runtime/tools/echo.ts', `// Echo's handler.\n\n${TOOL_MODULE}\n// end\n`);
    await put(
      'runtime/trace-gate.ts',
      TRACE_GATE.replace('\n\n', '\n\n// reads trace.required\n\n\n'),
    );
    const run = await generate({ projectRoot: root, write: true });
    expect(run.ok).toBe(true);
    expect(run.upToDate).toBe(true);
    expect(await snapshot()).toEqual(before);
    const check = await generate({ projectRoot: root, write: false });
    expect([check.changed, check.extra]).toEqual([[], []]);
  });

  test('functions reordered across runtime files, with comments and blank lines: generated/ byte-identical, check green', async () => {
    const before = await snapshot();
    await put('runtime/registry.ts', REGISTRY_MOVED);
    await put('runtime/trace-gate.ts', TRACE_GATE_MOVED);
    const run = await generate({ projectRoot: root, write: true });
    expect(run.ok).toBe(true);
    expect(run.changed).toEqual([]);
    expect(await snapshot()).toEqual(before);
    const check = await generate({ projectRoot: root, write: false });
    expect([check.changed, check.extra]).toEqual([[], []]);
  });

  test('a reader that stops deciding and only copies updates exactly the affected lines', async () => {
    const before = await snapshot();
    await put(
      'runtime/registry.ts',
      REGISTRY.replace(
        'return formatted.slice(0, entry.resultBudget.maxModelBytes);',
        'return { text: formatted, limit: entry.resultBudget.maxModelBytes }.text;',
      ),
    );
    const run = await generate({ projectRoot: root, write: true });
    expect(run.ok).toBe(true);
    expect(run.changed).toEqual([
      'generated/AUDIT.md',
      'generated/field-readers.json',
      'generated/tools/echo.ts',
    ]);
    const after = await snapshot();
    const module = 'generated/tools/echo.ts';
    expect(removedLines(before.get(module)!, after.get(module)!)).toEqual([
      '    maxModelBytes: 1000,',
    ]);
    expect(addedLines(before.get(module)!, after.get(module)!)).toEqual([
      '    maxModelBytes: 1000, // projected only: runtime/registry.ts#budget.limit',
    ]);
    expect(row(after.get('generated/AUDIT.md')!, 'resultBudget.maxModelBytes')).toBe(
      '| `resultBudget.maxModelBytes` | projected only | `runtime/registry.ts#budget.limit` (object-property) | Echo |',
    );
    await put('runtime/registry.ts', REGISTRY);
    await generate({ projectRoot: root, write: true });
    expect(await snapshot()).toEqual(before);
  });
});
