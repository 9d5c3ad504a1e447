import { Ajv } from 'ajv';
import type { ValidateFunction } from 'ajv';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadManifestSet } from '../../../generator/manifest/load-manifest-set.js';
import {
  manifestJsonSchema,
  toolIndexJsonSchema,
} from '../../../generator/manifest/manifest-json-schema.js';
import { formatManifestIssue } from '../../../generator/manifest/manifest-issue.js';
import { edit, PROBE } from './temp-project.js';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const MANIFEST_DIRECTORY = path.join(PROJECT_ROOT, 'manifest', 'tools');
const realManifests = existsSync(MANIFEST_DIRECTORY)
  ? readdirSync(MANIFEST_DIRECTORY)
      .filter((name) => name.endsWith('.yaml'))
      .sort()
  : [];

/** The draft-07 schema as published, if the generator has written it; else as computed. */
function publishedSchema(file: string, computed: object): object {
  const published = path.join(PROJECT_ROOT, 'manifest', file);
  return existsSync(published) ? (JSON.parse(readFileSync(published, 'utf8')) as object) : computed;
}

function compile(schema: object): ValidateFunction {
  // Union types (`type: ["string", "number"]`) are plain draft-07; ajv's strict mode only asks to opt in.
  // markdownDescription is the editors' annotation keyword (VS Code, yaml-language-server).
  return new Ajv({
    strict: true,
    allowUnionTypes: true,
    allErrors: true,
    keywords: ['markdownDescription'],
  }).compile(schema);
}

function errorsOf(validate: ValidateFunction, value: unknown): string[] {
  return validate(value)
    ? []
    : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`.trim());
}

const validateManifest = compile(manifestJsonSchema());
const validateIndex = compile(toolIndexJsonSchema());
const probe = parse(PROBE) as Record<string, unknown>;

describe('manifestJsonSchema (the editor schema of the manifest language)', () => {
  it('is draft-07 and compiles with ajv in strict mode', () => {
    expect(manifestJsonSchema()).toMatchObject({
      $schema: 'http://json-schema.org/draft-07/schema#',
    });
    expect(toolIndexJsonSchema()).toMatchObject({
      $schema: 'http://json-schema.org/draft-07/schema#',
    });
  });

  it('is the same object on every call (the generator writes it byte-identically)', () => {
    expect(JSON.stringify(manifestJsonSchema())).toBe(JSON.stringify(manifestJsonSchema()));
  });

  it.each([
    { name: 'the probe manifest', value: probe, valid: true },
    {
      name: 'a recursive input schema (array of objects of unions)',
      value: {
        ...probe,
        input: {
          type: 'object',
          properties: {
            items: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  v: {
                    type: 'union',
                    anyOf: [{ type: 'string' }, { type: 'integer', minimum: 0 }],
                  },
                },
                required: ['v'],
              },
            },
          },
        },
      },
      valid: true,
    },
    {
      name: 'a child that only overrides fields of its base',
      value: { name: 'Task', extends: 'Agent', flags: { providerVisible: false } },
      valid: true,
    },
    {
      name: 'a child with an unknown field',
      value: { name: 'Task', extends: 'Agent', flagz: {} },
      valid: false,
    },
    {
      name: 'a child with a wrong nested value',
      value: { name: 'Task', extends: 'Agent', flags: { riskLevel: 'hgih' } },
      valid: false,
    },
    {
      name: 'a manifest without extends missing a required field',
      value: { ...probe, capability: undefined },
      valid: false,
    },
    { name: 'a wrong enum value', value: { ...probe, ordering: 'sorted' }, valid: false },
    { name: 'an unknown top-level field', value: { ...probe, colour: 'red' }, valid: false },
    {
      name: 'a bad discriminator deep in input',
      value: { ...probe, input: { type: 'array', items: { type: 'strng' } } },
      valid: false,
    },
    {
      name: 'a negative byte budget',
      value: { ...probe, resultBudget: { maxModelBytes: -1 } },
      valid: false,
    },
    { name: 'a bad tool name', value: { ...probe, name: 'no spaces' }, valid: false },
  ])('$name: valid = $valid', ({ value, valid }) => {
    const json = JSON.parse(JSON.stringify(value)) as unknown;
    expect(validateManifest(json)).toBe(valid);
  });

  it('accepts the index and rejects an index with an unknown field', () => {
    expect(
      errorsOf(validateIndex, { registrationOrder: ['Read'], reservedReferenceNames: ['LSP'] }),
    ).toEqual([]);
    expect(validateIndex({ registrationOrder: ['Read'], order: [] })).toBe(false);
    expect(validateIndex({ registrationOrder: [] })).toBe(false);
  });

  it('agrees with the loader on the probe edits the loader rejects', () => {
    const broken = parse(edit(PROBE, 'riskLevel: low', 'riskLevel: hgih')) as unknown;
    expect(errorsOf(validateManifest, broken)).toContain(
      '/flags/riskLevel must be equal to one of the allowed values',
    );
  });
});

describe.skipIf(realManifests.length === 0)('the real manifests in manifest/tools/', () => {
  // Validated against the schema the code computes; the test below pins the published file to it,
  // so together they check the manifests against what editors load.
  const validate = validateManifest;

  it('the published schemas (manifest/*.schema.json) are the ones the code computes', () => {
    for (const [file, computed] of [
      ['manifest.schema.json', manifestJsonSchema()],
      ['tools.schema.json', toolIndexJsonSchema()],
    ] as const) {
      expect(publishedSchema(file, computed)).toEqual(computed);
    }
  });

  it.each(realManifests)('%s validates against manifest.schema.json', (file) => {
    const value = parse(readFileSync(path.join(MANIFEST_DIRECTORY, file), 'utf8')) as unknown;
    expect(errorsOf(validate, value)).toEqual([]);
  });

  it('manifest/tools.yaml validates against tools.schema.json', () => {
    const value = parse(
      readFileSync(path.join(PROJECT_ROOT, 'manifest', 'tools.yaml'), 'utf8'),
    ) as unknown;
    expect(errorsOf(validateIndex, value)).toEqual([]);
  });

  it('all of them load with no issues', async () => {
    const result = await loadManifestSet(PROJECT_ROOT);
    expect(result.ok ? [] : result.issues.map(formatManifestIssue)).toEqual([]);
  });
});

describe('editor documentation', () => {
  /** Every property schema below `node`, with its path. */
  function properties(node: unknown, at: string): [string, Record<string, unknown>][] {
    if (typeof node !== 'object' || node === null) return [];
    const record = node as Record<string, unknown>;
    const found: [string, Record<string, unknown>][] = [];
    for (const [name, child] of Object.entries((record.properties as object | undefined) ?? {})) {
      found.push([`${at}${name}`, child as Record<string, unknown>]);
      found.push(...properties(child, `${at}${name}.`));
    }
    for (const key of ['anyOf', 'allOf', 'oneOf'])
      for (const branch of (record[key] as unknown[] | undefined) ?? [])
        found.push(...properties(branch, at));
    if (record.items !== undefined) found.push(...properties(record.items, `${at}[].`));
    return found;
  }

  const schema = manifestJsonSchema() as { definitions: Record<string, unknown> };
  const fields = ['Manifest', 'SchemaNode'].flatMap((name) =>
    properties(schema.definitions[name], `${name}:`),
  );

  it('covers every field of the language', () => {
    expect(new Set(fields.map(([field]) => field)).size).toBeGreaterThanOrEqual(75);
  });

  it.each(fields)('%s has a description and a markdownDescription', (_field, property) => {
    expect(property.description).toEqual(expect.stringMatching(/\S.{10,}/));
    expect(property.markdownDescription).toEqual(
      expect.stringContaining(String(property.description)),
    );
  });

  it.each(fields.filter(([, property]) => 'default' in property))(
    '%s says its default',
    (_field, property) => {
      expect(property.markdownDescription).toMatch(/Default: /);
    },
  );
});
