/**
 * `generated/AUDIT.md` and `generated/TOOLS.md` of a small fixture project (the Echo project plus
 * a second tool, Shout, that asks for approval and times out), compared with golden files that a
 * person read before they were committed (`fixtures/golden/`; `vitest -u` rewrites them, and
 * then they must be read again).
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { generate } from '../../../generator/generate.js';
import { createEchoProject, put, TRACE_GATE } from './echo-project.js';

const SHOUT = `# yaml-language-server: $schema=../manifest.schema.json
name: Shout
capability: text.shout
purpose: Say the text back in capitals, loudly
description: Returns the text in upper case.
flags:
  readOnly: false
  destructive: false
  concurrentSafe: false
  sideEffectScope: userInteraction
  riskLevel: medium
  needsApproval: true
input:
  type: object
  properties:
    text: { type: string }
  required: [text]
output:
  type: string
permission:
  permission: text.shout
  reason: Shouting disturbs the user
  alwaysAsk: true
  askOptions: { allowAlways: false }
resultBudget:
  maxModelBytes: 4000
  strategy: artifact
  artifact: { enabled: true }
timeout:
  kind: bounded
  defaultMs: 1500
  maxMs: 60000
  allowCallOverride: true
cancellation:
  supported: true
  cleanup: abortSignal
trace:
  required: true
`;

const SHOUT_MODULE = `import type { Input, Output } from '../../generated/tools/shout.js';
import type { ToolImplementation } from '../contract.js';

export const handler: ToolImplementation<Input, Output>['handler'] = async (input) => ({ ok: true, output: input.text.toUpperCase() });
`;

let root: string;

beforeAll(async () => {
  root = await createEchoProject('report-golden-');
  await put(
    root,
    'manifest/tools.yaml',
    '# yaml-language-server: $schema=./tools.schema.json\nregistrationOrder: [Echo, Shout]\nreservedReferenceNames: [Ghost]\n',
  );
  await put(root, 'manifest/tools/shout.yaml', SHOUT);
  await put(root, 'runtime/tools/shout.ts', SHOUT_MODULE);
  await put(root, 'runtime/trace-gate.ts', TRACE_GATE);
  // Reads two timeout fields: Shout's timeout coverage differs from Echo's (kind: none).
  await put(
    root,
    'runtime/timeout-gate.ts',
    "import type { ToolEntry } from './core/contract.js';\n\nexport function longestMs(entry: ToolEntry): number {\n  return entry.timeout.kind === 'bounded' ? entry.timeout.maxMs * 2 : 0;\n}\n",
  );
  const result = await generate({ projectRoot: root, write: true });
  expect(result.issues).toEqual([]);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

test.each(['AUDIT.md', 'TOOLS.md'])(
  '%s of the fixture project matches its golden file',
  async (file) => {
    const text = await readFile(path.join(root, 'generated', file), 'utf8');
    await expect(text).toMatchFileSnapshot(path.join(import.meta.dirname, 'fixtures/golden', file));
  },
);
