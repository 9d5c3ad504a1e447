/**
 * The committed output of the real manifests: it type-checks together with the runtime, every
 * JSON Schema is a valid draft 2020-12 schema, and what the modules carry is what the files hold.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { listFiles } from '../../generator/support/list-files.js';
import { builtInTools } from '../../generated/index.js';
import { REPO_ROOT } from './generate-fixture.js';

const run = promisify(execFile);

describe('generated/ with runtime/', () => {
  it('passes tsc --noEmit', { timeout: 180_000 }, async () => {
    // Only generated/ and runtime/: other folders may be mid-change while this runs.
    const directory = await mkdtemp(path.join(tmpdir(), 'tool-contracts-tsc-'));
    try {
      const config = path.join(directory, 'tsconfig.json');
      await writeFile(
        config,
        JSON.stringify({
          extends: path.join(REPO_ROOT, 'tsconfig.json'),
          // Type packages are looked up beside the config file otherwise.
          compilerOptions: { typeRoots: [path.join(REPO_ROOT, 'node_modules/@types')] },
          include: [path.join(REPO_ROOT, 'generated'), path.join(REPO_ROOT, 'runtime')],
        }),
      );
      const tsc = path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc');
      const result = await run(process.execPath, [tsc, '--noEmit', '-p', config]).then(
        () => '',
        (error: { stdout?: string }) => error.stdout ?? String(error),
      );
      expect(result).toBe('');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe('generated/schemas', () => {
  const ajv = new Ajv2020({ strict: false });

  it('every file is a valid JSON Schema draft 2020-12', async () => {
    const files = (await listFiles(REPO_ROOT, 'generated/schemas')).filter((file) =>
      file.endsWith('.json'),
    );
    expect(files).toHaveLength(builtInTools.length * 2);
    const invalid: string[] = [];
    for (const file of files) {
      const schema = JSON.parse(await readFile(path.join(REPO_ROOT, file), 'utf8'));
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      if (!ajv.validateSchema(schema)) invalid.push(`${file}: ${ajv.errorsText(ajv.errors)}`);
    }
    expect(invalid).toEqual([]);
  });

  it('hold exactly the schemas the tool modules carry', async () => {
    for (const tool of builtInTools) {
      const name = tool.metadata.name;
      const input = JSON.parse(
        await readFile(path.join(REPO_ROOT, `generated/schemas/${name}.input.json`), 'utf8'),
      );
      const output = JSON.parse(
        await readFile(path.join(REPO_ROOT, `generated/schemas/${name}.output.json`), 'utf8'),
      );
      expect({ name, input, output }).toEqual({
        name,
        input: tool.inputSchema,
        output: tool.outputSchema,
      });
    }
  });

  it('no schema keeps $ref, $defs, definitions or anyOf', async () => {
    for (const tool of builtInTools) {
      const text = JSON.stringify([tool.inputSchema, tool.outputSchema]);
      expect({
        tool: tool.metadata.name,
        found: text.match(/"(\$ref|\$defs|definitions|anyOf|\$id)":/g),
      }).toEqual({ tool: tool.metadata.name, found: null });
    }
  });
});
