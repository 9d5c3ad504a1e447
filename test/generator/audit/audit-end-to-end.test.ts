/**
 * End to end, with the real generator on a small project in a temp dir (one manifest, a
 * mini-runtime, the real runtime/contract.ts): a field the manifest starts to set and nothing
 * reads is flagged on its line in the generated module and listed unread in AUDIT.md; once the
 * runtime reads it, the flag goes away.
 */
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { generate } from '../../../generator/generate.js';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

const TOOLS_INDEX = `# yaml-language-server: $schema=./tools.schema.json
registrationOrder: [Echo]
reservedReferenceNames: [Ghost]
`;

const manifest = (extra: string): string => `# yaml-language-server: $schema=../manifest.schema.json
name: Echo
capability: text.echo
purpose: Say the text back
description: Returns the text it was given.
aliases: [Say]
flags:
  readOnly: true
  destructive: false
  concurrentSafe: true
  sideEffectScope: none
  riskLevel: low
  needsApproval: false
input:
  type: object
  properties:
    text: { type: string }
  required: [text]
output:
  type: object
  properties:
    text: { type: string }
  required: [text]
permission:
  permission: text.echo
  reason: Echo only repeats its input
resultBudget:
  maxModelBytes: 1000
timeout:
  kind: none
cancellation:
  supported: false
  cleanup: none
${extra}hooks: [formatModelContent]
`;

const TOOL_MODULE = `import type { Input, Output } from '../../generated/tools/echo.js';
import type { ToolImplementation } from '../contract.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input) => ({ ok: true, output: { text: input.text } });

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) => output.text;
`;

/** The mini-runtime: reads a few fields; nothing reads \`trace.required\`. */
const REGISTRY = `import type { ToolEntry } from './contract.js';

export function register(entries: readonly ToolEntry[]): Map<string, ToolEntry> {
  const byName = new Map<string, ToolEntry>();
  for (const entry of entries) if (entry.metadata.providerVisible) byName.set(entry.metadata.name, entry);
  return byName;
}

export function budget(entry: ToolEntry, text: string): string {
  const formatted = entry.formatModelContent?.(text) ?? text;
  return formatted.slice(0, entry.resultBudget.maxModelBytes);
}
`;

const TRACE_GATE = `import type { ToolEntry } from './contract.js';

export function needsTracer(entry: ToolEntry): boolean {
  return entry.trace.required;
}

export function assertTracer(entry: ToolEntry, tracer: unknown): void {
  if (needsTracer(entry) && tracer === undefined) throw new Error(\`\${entry.metadata.name} requires a tracer\`);
}
`;

let root: string;

async function put(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), text);
}

async function regenerate(): Promise<{ module: string; audit: string; readers: { fields: { path: string; class: string }[] } }> {
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
  root = await mkdtemp(path.join(tmpdir(), 'audit-e2e-'));
  await symlink(path.join(repositoryRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  await cp(path.join(repositoryRoot, 'runtime/contract.ts'), path.join(root, 'runtime/contract.ts'));
  await put('manifest/tools.yaml', TOOLS_INDEX);
  await put('manifest/tools/echo.yaml', manifest(''));
  await put('runtime/tools/echo.ts', TOOL_MODULE);
  await put('runtime/registry.ts', REGISTRY);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('audit through the real generator', () => {
  test('a newly set field nothing reads is flagged on its line and listed unread; a reader removes the flag', async () => {
    const first = await regenerate();
    expect(first.module).toContain('    required: false,\n');
    expect(row(first.audit, 'trace.required')).toBe('| `trace.required` | unread | — | — |');

    // The manifest starts to set trace.required; the runtime still has no reader.
    await put('manifest/tools/echo.yaml', manifest('trace:\n  required: true\n'));
    const second = await regenerate();
    expect(addedLines(first.module, second.module)).toEqual(['    required: true, // unread: no runtime reader']);
    expect(row(second.audit, 'trace.required')).toBe('| `trace.required` | unread | — | Echo |');
    expect(second.readers.fields.find((field) => field.path === 'trace.required')?.class).toBe('unread');

    // A runtime reader makes the field enforced; the flag disappears from the module.
    await put('runtime/trace-gate.ts', TRACE_GATE);
    const third = await regenerate();
    expect(addedLines(second.module, third.module)).toEqual(['    required: true,']);
    // `return entry.trace.required` is followed into its caller, where it is a condition.
    expect(row(third.audit, 'trace.required')).toBe('| `trace.required` | enforced | runtime/trace-gate.ts:4 (condition) | Echo |');
    expect(third.readers.fields.find((field) => field.path === 'trace.required')?.class).toBe('enforced');
  });

  test('the mini-runtime’s reads, projections and findings as AUDIT.md states them', async () => {
    const { audit, module } = await regenerate();
    expect(row(audit, 'metadata.providerVisible')).toBe('| `metadata.providerVisible` | enforced | runtime/registry.ts:5 (condition) | — |');
    expect(row(audit, 'metadata.name')).toBe('| `metadata.name` | enforced | runtime/registry.ts:5 (argument), runtime/trace-gate.ts:8 (template) | Echo |');
    expect(row(audit, 'resultBudget.maxModelBytes')).toBe('| `resultBudget.maxModelBytes` | enforced | runtime/registry.ts:11 (argument) | Echo |');
    expect(row(audit, 'capability')).toBe('| `capability` | unread | — | Echo |');
    expect(module).toContain('  capability: "text.echo", // unread: no runtime reader\n');
    expect(module).toContain('    maxModelBytes: 1000,\n');
    expect(audit).toContain('- `Ghost`: reserved in manifest/tools.yaml; no manifest defines a tool with this name');
    expect(audit).toContain('### Aliases that can never be reached\n\nNone.\n');
    expect(audit).toContain('| `formatModelContent` | Echo | yes | runtime/registry.ts:10 (call) |');
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
