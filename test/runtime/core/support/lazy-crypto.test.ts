import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { randomUuid, sha256Hex } from '../../../../runtime/core/support/lazy-crypto.js';

const root = path.resolve(import.meta.dirname, '../../../..');

describe('sha256Hex', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    // UTF-8, not UTF-16: "é" is the two bytes c3 a9.
    ['é', '4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c'],
  ])('hashes %j', (text, digest) => {
    expect(sha256Hex(text)).toBe(digest);
  });
});

describe('randomUuid', () => {
  it('gives distinct version 4 UUIDs', () => {
    const ids = Array.from({ length: 100 }, randomUuid);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(100);
  });
});

describe('loading', () => {
  // Plain node on the module compiled alone: tsx, vitest and most tools load node:crypto anyway.
  it('does not load node:crypto until a hash is asked for', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'lazy-crypto-'));
    try {
      const source = await readFile(path.join(root, 'runtime/core/support/lazy-crypto.ts'), 'utf8');
      const module = path.join(directory, 'lazy-crypto.mjs');
      await writeFile(module, transformSync(source, { loader: 'ts', format: 'esm' }).code);
      const loaded = `process.moduleLoadList.includes('NativeModule crypto')`;
      const script = `
        const lazy = await import(${JSON.stringify(pathToFileURL(module).href)});
        const seen = [${loaded}];
        lazy.randomUuid();
        seen.push(${loaded});
        lazy.sha256Hex('x');
        seen.push(${loaded});
        process.stdout.write(JSON.stringify(seen));
      `;
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        encoding: 'utf8',
      });
      expect(JSON.parse(out)).toEqual([false, false, true]);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
