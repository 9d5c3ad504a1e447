/**
 * A small project for end-to-end audit tests: one manifest (Echo), a mini-runtime and the real
 * runtime/core/contract.ts, in a temp dir with the repository's node_modules linked in.
 */
import { cp, mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

export const TOOLS_INDEX = `# yaml-language-server: $schema=./tools.schema.json
registrationOrder: [Echo]
reservedReferenceNames: [Ghost]
`;

export const manifest = (
  extra: string,
): string => `# yaml-language-server: $schema=../manifest.schema.json
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

export const TOOL_MODULE = `import type { Input, Output } from '../../generated/tools/echo.js';
import type { ToolImplementation } from '../core/contract.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input) => ({ ok: true, output: { text: input.text } });

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) => output.text;
`;

/** The mini-runtime: reads a few fields; nothing reads \`trace.required\`. */
export const REGISTRY = `import type { ToolEntry } from './core/contract.js';

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

export const TRACE_GATE = `import type { ToolEntry } from './core/contract.js';

export function needsTracer(entry: ToolEntry): boolean {
  return entry.trace.required;
}

export function assertTracer(entry: ToolEntry, tracer: unknown): void {
  if (needsTracer(entry) && tracer === undefined) throw new Error(\`\${entry.metadata.name} requires a tracer\`);
}
`;

/** Write `text` to `file` (project-relative) under `root`. */
export async function put(root: string, file: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), text);
}

/** Create the Echo project in a new temp dir; returns its root. */
export async function createEchoProject(prefix: string): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), prefix));
  await symlink(path.join(repositoryRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  await mkdir(path.join(root, 'runtime'), { recursive: true });
  await cp(
    path.join(repositoryRoot, 'runtime/core/contract.ts'),
    path.join(root, 'runtime/core/contract.ts'),
  );
  await put(root, 'manifest/tools.yaml', TOOLS_INDEX);
  await put(root, 'manifest/tools/echo.yaml', manifest(''));
  await put(root, 'runtime/tools/echo.ts', TOOL_MODULE);
  await put(root, 'runtime/registry.ts', REGISTRY);
  return root;
}
