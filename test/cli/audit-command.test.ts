/**
 * `tool-contracts audit` and `check --strict` on the Echo fixture project, through the real
 * dispatcher with an in-memory IO.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CommandIO } from '../../cli/command-io.js';
import { main } from '../../cli/main.js';
import { generate } from '../../generator/generate.js';
import { createEchoProject, manifest, put } from '../generator/audit/echo-project.js';

let root: string;

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIO = {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    cwd: root,
    color: false,
  };
  const code = await main(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

beforeAll(async () => {
  root = await createEchoProject('audit-cli-');
  const result = await generate({ projectRoot: root, write: true });
  expect(result.issues).toEqual([]);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('tool-contracts audit', () => {
  test('--help prints the usage and exits 0', async () => {
    const { code, out } = await cli('audit', '--help');
    expect(code).toBe(0);
    expect(out.split('\n')[0]).toBe('Usage: tool-contracts audit [options]');
  });

  test('an unknown option is a usage error (exit 2)', async () => {
    const { code, err } = await cli('audit', '--verbose');
    expect(code).toBe(2);
    expect(err.split('\n')[0]).toBe('tool-contracts audit: unknown option "--verbose"');
  });

  test('prints one row per field with its class and readers, then the summary', async () => {
    const { code, out } = await cli('audit');
    expect(code).toBe(0);
    const rows = out.split('\n');
    const rowOf = (field: string) =>
      rows.find((line) => line.startsWith(`${field} `))?.replace(/ +/g, ' ');
    expect(rowOf('metadata.providerVisible')).toBe(
      'metadata.providerVisible enforced runtime/registry.ts:5:51 condition',
    );
    expect(rowOf('resultBudget.maxModelBytes')).toBe(
      'resultBudget.maxModelBytes enforced runtime/registry.ts:11:48 argument',
    );
    expect(rowOf('trace.required')).toBe('trace.required unread —');
    expect(rowOf('metadata.purpose')).toBe('metadata.purpose unread (reserved) —');
    expect(rows).toContain('Sorted-name entry without a tool: Ghost');
    expect(
      rows.some((line) =>
        /^\d+ fields: \d+ enforced, \d+ projected only, \d+ unread \(3 runtime files scanned\)\.$/.test(
          line,
        ),
      ),
    ).toBe(true);
  });

  test('--json prints the report generated/field-readers.json holds', async () => {
    const { code, out } = await cli('audit', '--json');
    expect(code).toBe(0);
    const report = JSON.parse(out);
    expect(report.runtimeFiles).toEqual([
      'runtime/core/contract.ts',
      'runtime/registry.ts',
      'runtime/tools/echo.ts',
    ]);
    expect(
      report.fields.find((field: { path: string }) => field.path === 'metadata.name'),
    ).toMatchObject({
      class: 'enforced',
      manifestPath: 'name',
      setBy: ['Echo'],
    });
  });

  test('a broken manifest: every problem printed, exit 1, nothing audited', async () => {
    await put(
      root,
      'manifest/tools/echo.yaml',
      manifest('').replace('riskLevel: low', 'riskLevel: hgih'),
    );
    try {
      const { code, err } = await cli('audit');
      expect(code).toBe(1);
      expect(err).toContain('manifest/tools/echo.yaml:');
      expect(err).toContain('flags.riskLevel');
    } finally {
      await put(root, 'manifest/tools/echo.yaml', manifest(''));
    }
  });
});

describe('tool-contracts check --strict', () => {
  test('check passes on a fresh generate; --strict fails naming each unread field that is not reserved', async () => {
    expect((await cli('check')).code).toBe(0);
    const { code, err } = await cli('check', '--strict');
    expect(code).toBe(1);
    const unread = err.split('\n').filter((line) => line.startsWith('unread:'));
    const { out } = await cli('audit', '--json');
    const expected = JSON.parse(out).summary.unreadNotReserved as string[];
    expect(expected).toContain('trace.required');
    expect(expected).not.toContain('metadata.purpose');
    expect(unread).toEqual(
      expected.map(
        (field) =>
          `unread:  ${field} (no runtime reader; add one, or reserve it with a reason in RESERVED_CONTRACT_FIELDS)`,
      ),
    );
    expect(err.split('\n').at(-1)).toBe(
      `${expected.length} contract fields unread by the runtime (--strict).`,
    );
  });
});
