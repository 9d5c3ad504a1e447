import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A valid manifest every table case starts from. Line numbers matter to the expected messages:
 *
 *  1 # yaml-language-server: …      9   concurrentSafe: true     17   required: [id]
 *  2 name: Probe                   10   sideEffectScope: none    18 output: { type: string }
 *  3 capability: probe.read        11   riskLevel: low           19 permission:
 *  4 purpose: Reads a probe.       12   needsApproval: false     20   permission: probe
 *  5 description: Reads a probe…   13 input:                     21   reason: Reads probes.
 *  6 flags:                        14   type: object             22 resultBudget: { maxModelBytes: 1000 }
 *  7   readOnly: true              15   properties:              23 timeout: { kind: none }
 *  8   destructive: false          16     id: { type: string }   24 cancellation: { supported: false, cleanup: none }
 */
export const PROBE = `# yaml-language-server: $schema=../manifest.schema.json
name: Probe
capability: probe.read
purpose: Reads a probe.
description: Reads a probe value.
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
    id: { type: string }
  required: [id]
output: { type: string }
permission:
  permission: probe
  reason: Reads probes.
resultBudget: { maxModelBytes: 1000 }
timeout: { kind: none }
cancellation: { supported: false, cleanup: none }
`;

/** {@link PROBE} for another tool name (same lines, so the same positions). */
export function probeNamed(name: string): string {
  return PROBE.replace('name: Probe', `name: ${name}`);
}

/** Replaces exactly one occurrence of `find`; fails loudly if a case's edit would not apply. */
export function edit(text: string, find: string, replacement: string): string {
  const at = text.indexOf(find);
  if (at < 0 || text.indexOf(find, at + 1) >= 0)
    throw new Error(`edit: ${JSON.stringify(find)} must occur exactly once`);
  return text.slice(0, at) + replacement + text.slice(at + find.length);
}

/** `manifest/tools.yaml` listing `names` in order. */
export function indexFor(names: readonly string[], reserved: readonly string[] = []): string {
  return [
    '# yaml-language-server: $schema=./tools.schema.json',
    'registrationOrder:',
    ...names.map((name) => `  - ${name}`),
    `reservedReferenceNames: [${reserved.join(', ')}]`,
    '',
  ].join('\n');
}

const created: string[] = [];

/** Writes `files` (project-relative posix paths → text) into a fresh temp directory; returns its path. */
export async function writeTempProject(files: Readonly<Record<string, string>>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'tool-contracts-manifest-'));
  created.push(root);
  for (const [file, text] of Object.entries(files)) {
    const target = path.join(root, ...file.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text);
  }
  return root;
}

/** Removes every project {@link writeTempProject} made (call from `afterAll`). */
export async function removeTempProjects(): Promise<void> {
  await Promise.all(created.splice(0).map((root) => rm(root, { recursive: true, force: true })));
}
