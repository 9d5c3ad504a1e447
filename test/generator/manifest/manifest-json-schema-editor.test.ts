/**
 * The published manifest schema as an author meets it: a real yaml-language-server process,
 * driven over stdio (LSP JSON-RPC), on a manifest whose modeline points at
 * `manifest/manifest.schema.json`. Typos are diagnosed, completion documents fields, hover
 * explains them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../generate-fixture.js';
import { PROBE as BASE_PROBE } from './temp-project.js';

interface Diagnostic {
  readonly message: string;
  readonly range: { readonly start: { readonly line: number; readonly character: number } };
}

/** The shared probe manifest with a bounded timeout, so hover has `timeout.defaultMs` to show. */
const PROBE = BASE_PROBE.replace(
  'timeout: { kind: none }\n',
  'timeout:\n  kind: bounded\n  defaultMs: 1000\n  maxMs: 2000\n',
);

let server: ChildProcess;
let connection: MessageConnection;
let root: string;
const diagnostics = new Map<string, (value: Diagnostic[]) => void>();
let version = 0;

/** Opens `text` as `manifest/tools/<name>` and resolves with its first published diagnostics. */
async function open(
  name: string,
  text: string,
): Promise<{ uri: string; diagnostics: Diagnostic[] }> {
  const file = path.join(root, 'manifest', 'tools', name);
  await writeFile(file, text);
  const uri = pathToFileURL(file).href;
  const published = new Promise<Diagnostic[]>((resolve) => diagnostics.set(uri, resolve));
  await connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'yaml', version: ++version, text },
  });
  return { uri, diagnostics: await published };
}

/** Line and character (0-based) of the first `needle` in `text`, plus `offset` characters. */
function positionOf(text: string, needle: string, offset = 0) {
  const index = text.indexOf(needle);
  if (index < 0) throw new Error(`${needle} not in text`);
  const before = text.slice(0, index + offset).split('\n');
  return { line: before.length - 1, character: before[before.length - 1]!.length };
}

beforeAll(async () => {
  // The directory outlives single tests: made here, removed in afterAll.
  root = await mkdtemp(path.join(tmpdir(), 'yaml-ls-'));
  await mkdir(path.join(root, 'manifest', 'tools'), { recursive: true });
  await copyFile(
    path.join(REPO_ROOT, 'manifest', 'manifest.schema.json'),
    path.join(root, 'manifest', 'manifest.schema.json'),
  );
  const require = createRequire(import.meta.url);
  const bin = path.join(
    path.dirname(require.resolve('yaml-language-server/package.json')),
    'bin',
    'yaml-language-server',
  );
  server = spawn(process.execPath, [bin, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  connection = createMessageConnection(
    new StreamMessageReader(server.stdout!),
    new StreamMessageWriter(server.stdin!),
  );
  connection.onNotification(
    'textDocument/publishDiagnostics',
    (params: { uri: string; diagnostics: Diagnostic[] }) => {
      diagnostics.get(params.uri)?.(params.diagnostics);
    },
  );
  connection.onRequest('workspace/configuration', (params: { items: unknown[] }) =>
    params.items.map(() => ({
      validate: true,
      hover: true,
      completion: true,
      schemaStore: { enable: false },
    })),
  );
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(root).href,
    capabilities: {
      textDocument: {
        completion: { completionItem: { documentationFormat: ['markdown', 'plaintext'] } },
        hover: { contentFormat: ['markdown', 'plaintext'] },
      },
    },
  });
  await connection.sendNotification('initialized', {});
  await connection.sendNotification('workspace/didChangeConfiguration', {
    settings: {
      yaml: { validate: true, hover: true, completion: true, schemaStore: { enable: false } },
    },
  });
}, 60_000);

afterAll(async () => {
  connection?.dispose();
  server?.kill();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('yaml-language-server over the published manifest schema', () => {
  test('the valid manifest has no diagnostics', { timeout: 30_000 }, async () => {
    expect((await open('probe.yaml', PROBE)).diagnostics).toEqual([]);
  });

  test('a typo in a field is diagnosed at the field', { timeout: 30_000 }, async () => {
    const text = PROBE.replace('readOnly: true', 'readOnyl: true');
    const { diagnostics: found } = await open('typo.yaml', text);
    expect(found.map((entry) => [entry.message, entry.range.start])).toContainEqual([
      'Property readOnyl is not allowed.',
      positionOf(text, 'readOnyl'),
    ]);
  });

  test(
    'a wrong input node type lists every allowed type, number and integer included',
    { timeout: 30_000 },
    async () => {
      const text = PROBE.replace('id: { type: string }', 'id: { type: strnig }');
      const { diagnostics: found } = await open('type.yaml', text);
      expect(found.map((entry) => [entry.message, entry.range.start])).toEqual([
        [
          'Value must be "string" | "number" | "integer" | "boolean" | "array" | "object" | "enum" | "const" | "union" | "any".',
          positionOf(text, 'strnig'),
        ],
      ]);
    },
  );

  test(
    'completion inside flags: offers the flags, each documented',
    { timeout: 30_000 },
    async () => {
      const text = PROBE.replace('  needsApproval: false\n', '  needsApproval: false\n  \n');
      const { uri } = await open('complete.yaml', text);
      const result = (await connection.sendRequest('textDocument/completion', {
        textDocument: { uri },
        position: positionOf(text, 'needsApproval: false\n  \n', 'needsApproval: false\n  '.length),
      })) as { items: { label: string; documentation?: string | { value: string } }[] };
      const items = new Map(result.items.map((item) => [item.label, item]));
      expect([...items.keys()]).toEqual(
        expect.arrayContaining([
          'idempotent',
          'providerVisible',
          'recovery',
          'stopTurnOnSuccess',
          'allowedInPlanMode',
        ]),
      );
      const documentation = (label: string) => {
        const doc = items.get(label)?.documentation;
        return typeof doc === 'string' ? doc : doc?.value;
      };
      expect(documentation('idempotent')).toContain(
        'Calling twice with the same input has the effect of calling once. Default: false.',
      );
      expect(documentation('allowedInPlanMode')).toContain('plan mode');
    },
  );

  test('hover on timeout.defaultMs explains it', { timeout: 30_000 }, async () => {
    const { uri } = await open('hover.yaml', PROBE);
    const hover = (await connection.sendRequest('textDocument/hover', {
      textDocument: { uri },
      position: positionOf(PROBE, 'defaultMs', 2),
    })) as { contents: { value: string } | string };
    const text = typeof hover.contents === 'string' ? hover.contents : hover.contents.value;
    expect(text).toContain('Milliseconds a call may run before it is aborted');
  });
});
