/**
 * Any manifest text survives generation exactly: written into YAML, generated, type-checked by
 * tsc, imported, and compared with the original string, field by field. Many samples share one
 * project so a single tsc run checks them all.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { generate } from '../../../generator/generate.js';
import { formatGenerateIssue } from '../../../generator/generate-issue.js';
import {
  fixtureProject,
  manifestYaml,
  REPO_ROOT,
  removeFixtureProjects,
} from '../generate-fixture.js';

import { FORBIDDEN_CONTROL_CHARACTER } from '../../../generator/manifest/raw-value-problems.js';

afterAll(removeFixtureProjects);

const run = promisify(execFile);

/** Pieces that break naive escaping, lone surrogates, and arbitrary code points. */
const piece = fc.oneof(
  fc.constantFrom(
    '`',
    '*/',
    '/*',
    '${',
    '"',
    "'",
    '\\',
    '\u2028',
    '\u2029',
    '\n',
    '\r\n',
    '\t',
    '</script>',
    '\u0000',
    '\u001b',
    '\u0085',
    '\uFEFF',
    '\u{1F600}',
    'e\u0301',
    '# ',
    ': ',
    '- ',
    '&a',
    '*a',
    '|',
    '{{',
    '}}',
    '// ',
  ),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }),
);
/**
 * Manifest text: control characters other than tab and line feed are refused by the loader (see
 * load-manifest-hardening.test.ts), so they are taken out here; everything else must survive.
 */
const text = fc
  .array(piece, { minLength: 1, maxLength: 8 })
  .map((pieces) =>
    pieces.join('').replace(new RegExp(FORBIDDEN_CONTROL_CHARACTER.source, 'gu'), ''),
  )
  .filter((value) => value.length > 0);
/** A description is a template when it contains `{{`; plain ones must not. */
const plainDescription = text.filter((value) => !value.includes('{{'));
/**
 * Text around a template expression: nothing handlebars reads as syntax (braces, the escape
 * backslash) and no NUL, which its lexer refuses (such a template is reported as a manifest error).
 */
const templateText = text.map((value) => value.replace(/[{}\\\u0000]/g, ''));

const sample = fc.record({
  description: plainDescription,
  purpose: text,
  modelInstructions: fc.array(text, { minLength: 1, maxLength: 3 }),
  reason: text,
  userMessage: text,
  inputDescription: plainDescription,
  outputDescription: plainDescription,
  templateBefore: templateText,
  templateAfter: templateText,
});
type Sample = typeof sample extends fc.Arbitrary<infer T> ? T : never;

/** A YAML double-quoted scalar spelling every non-printable-ASCII UTF-16 unit as `\uXXXX`. */
function yamlString(value: string): string {
  let quoted = '"';
  for (let index = 0; index < value.length; index++) {
    const unit = value.charCodeAt(index);
    const char = value[index]!;
    if (char === '"' || char === '\\') quoted += `\\${char}`;
    else if (unit < 0x20 || unit > 0x7e) quoted += `\\u${unit.toString(16).padStart(4, '0')}`;
    else quoted += char;
  }
  return `${quoted}"`;
}

function templateSource(sample: Sample): string {
  return `${sample.templateBefore}{{timeout.maxMs}}${sample.templateAfter}`;
}

function manifestOf(name: string, sample: Sample, templated: boolean): string {
  return manifestYaml(name, {
    description: `description: ${yamlString(templated ? templateSource(sample) : sample.description)}`,
    purpose: `purpose: ${yamlString(sample.purpose)}`,
    modelInstructions: [
      'modelInstructions:',
      ...sample.modelInstructions.map((line) => `  - ${yamlString(line)}`),
    ].join('\n'),
    input: [
      'input:',
      '  type: object',
      '  properties:',
      `    id: { type: string, description: ${yamlString(sample.inputDescription)} }`,
    ].join('\n'),
    output: `output: { type: string, description: ${yamlString(sample.outputDescription)} }`,
    permission: [
      'permission:',
      '  permission: fixture',
      `  reason: ${yamlString(sample.reason)}`,
    ].join('\n'),
    cancellation: [
      'cancellation:',
      '  supported: true',
      '  cleanup: abortSignal',
      `  userMessage: ${yamlString(sample.userMessage)}`,
    ].join('\n'),
  });
}

describe('free text survives generation exactly', () => {
  it(
    'in every free-text field, type-checked by tsc and imported',
    { timeout: 240_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(sample, { minLength: 24, maxLength: 24 }), async (samples) => {
          // Even-numbered tools carry a templated description, odd ones a plain one.
          const tools = samples.map((entry, index) => ({
            name: `T${index}`,
            yaml: manifestOf(`T${index}`, entry, index % 2 === 0),
          }));
          const root = await fixtureProject(tools);
          const result = await generate({ projectRoot: root, write: true, audit: false });
          expect(result.issues.map(formatGenerateIssue)).toEqual([]);

          const tsc = path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc');
          await run(process.execPath, [
            tsc,
            '--noEmit',
            '-p',
            path.join(root, 'tsconfig.json'),
          ]).catch((error: { stdout?: string }) => {
            throw new Error(`tsc failed:\n${error.stdout ?? String(error)}`);
          });

          for (const [index, entry] of samples.entries()) {
            const module = await import(
              pathToFileURL(path.join(root, `generated/tools/t${index}.ts`)).href
            );
            const { contract } = module;
            const zod = await import(
              pathToFileURL(path.join(root, `generated/zod/t${index}.ts`)).href
            );
            const templated = index % 2 === 0;
            expect(contract.description).toBe(
              templated ? templateSource(entry) : entry.description,
            );
            expect(contract.metadata.purpose).toBe(entry.purpose);
            expect(contract.metadata.modelInstructions).toEqual(entry.modelInstructions);
            expect(contract.permission.reason).toBe(entry.reason);
            expect(contract.cancellation.userMessage).toBe(entry.userMessage);
            expect(contract.inputSchema.properties.id.description).toBe(entry.inputDescription);
            expect(zod.InputSchema.shape.id.description).toBe(entry.inputDescription);
            expect(contract.outputSchema.description).toBe(entry.outputDescription);
            expect(zod.OutputSchema.description).toBe(entry.outputDescription);
            const schemaFile = JSON.parse(
              await readFile(path.join(root, `generated/schemas/T${index}.input.json`), 'utf8'),
            );
            expect(schemaFile.properties.id.description).toBe(entry.inputDescription);
            if (templated) {
              expect(contract.descriptionTemplates.sources['/description']).toBe(
                templateSource(entry),
              );
              const context = {
                timeout: { defaultMs: 1, maxMs: 42 },
                subagentProfiles: [],
                currentMonth: 'May 2026',
                dynamicWorkflows: true,
              };
              expect(contract.descriptionTemplates.render('/description', context)).toBe(
                `${entry.templateBefore}42${entry.templateAfter}`,
              );
            } else {
              expect(contract.descriptionTemplates).toBeUndefined();
            }
          }
        }),
        { numRuns: 2, endOnFailure: true },
      );
    },
  );
});
