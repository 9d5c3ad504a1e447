import fc from 'fast-check';
import Handlebars from 'handlebars';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  descriptionTemplatesDeclaration,
  descriptionTemplatesModule,
  findDescriptionTemplates,
  templateProblems,
  templateSourceProblems,
} from '../../../generator/manifest/description-templates.js';
import { ManifestSchema } from '../../../generator/manifest/manifest-schema.js';
import { REPO_ROOT } from '../generate-fixture.js';

const directories: string[] = [];
afterAll(() =>
  Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true }))),
);

const CONTEXT = {
  timeout: { defaultMs: 120000, maxMs: 600000 },
  subagentProfiles: [
    { name: 'explore', description: 'Reads code.' },
    { name: 'plan', description: 'Designs.' },
  ],
  currentMonth: 'May 2026',
  dynamicWorkflows: false,
};

describe('findDescriptionTemplates', () => {
  it('finds templated texts by JSON pointer into the contract, in a fixed order', () => {
    const input = {
      type: 'object',
      properties: {
        plain: { type: 'string', description: 'No template.' },
        'a/b': { type: 'integer', description: 'At most {{timeout.maxMs}}.' },
        list: {
          type: 'array',
          items: {
            type: 'object',
            properties: { x: { type: 'string', description: '{{currentMonth}}' } },
          },
        },
        either: {
          oneOf: [{ type: 'string', description: 'One {{currentMonth}}' }, { type: 'null' }],
        },
      },
    };
    const output = { type: 'string', description: 'Out {{currentMonth}}' };
    expect(findDescriptionTemplates('Tool {{currentMonth}}', input, output)).toEqual([
      { pointer: '/description', source: 'Tool {{currentMonth}}' },
      { pointer: '/inputSchema/properties/a~1b/description', source: 'At most {{timeout.maxMs}}.' },
      {
        pointer: '/inputSchema/properties/list/items/properties/x/description',
        source: '{{currentMonth}}',
      },
      {
        pointer: '/inputSchema/properties/either/oneOf/0/description',
        source: 'One {{currentMonth}}',
      },
      { pointer: '/outputSchema/description', source: 'Out {{currentMonth}}' },
    ]);
  });

  it('finds none in plain texts', () => {
    expect(
      findDescriptionTemplates(
        'Plain { braces }',
        { type: 'object', properties: {} },
        { type: 'string' },
      ),
    ).toEqual([]);
  });
});

describe('templateProblems', () => {
  it('locates every template that does not compile by its manifest path', () => {
    const manifest = ManifestSchema.parse({
      name: 'Probe',
      capability: 'probe.read',
      purpose: 'Reads.',
      description: 'Fine {{timeout.maxMs}}',
      flags: {
        readOnly: true,
        destructive: false,
        concurrentSafe: true,
        sideEffectScope: 'none',
        riskLevel: 'low',
        needsApproval: false,
      },
      input: {
        type: 'object',
        properties: {
          a: { type: 'array', items: { type: 'string', description: 'Broken {{#each}}' } },
          b: {
            type: 'union',
            anyOf: [{ type: 'string', description: 'Stray {{/if}}' }, { type: 'number' }],
          },
        },
      },
      output: { type: 'string', description: 'Unclosed {{currentMonth' },
      permission: { permission: 'probe', reason: 'Reads.' },
      resultBudget: { maxModelBytes: 10 },
      timeout: { kind: 'none' },
      cancellation: { supported: false, cleanup: 'none' },
    });
    expect(templateProblems(manifest).map((problem) => problem.path)).toEqual([
      ['input', 'properties', 'a', 'items', 'description'],
      ['input', 'properties', 'b', 'anyOf', 0, 'description'],
      ['output', 'description'],
    ]);
  });
});

describe('the generated descriptions module', () => {
  it('renders each template on its own runtime and refuses unknown pointers', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'tool-contracts-descriptions-'));
    directories.push(directory);
    await symlink(
      path.join(REPO_ROOT, 'node_modules'),
      path.join(directory, 'node_modules'),
      'dir',
    );
    await writeFile(path.join(directory, 'package.json'), '{ "type": "module" }\n');
    const templates = [
      {
        pointer: '/description',
        source:
          'Agents:{{#each subagentProfiles}} {{name}} ({{description}}){{/each}}.{{#if dynamicWorkflows}} Use CreateWorkflow.{{/if}} `<&>` in {{currentMonth}}',
      },
      {
        pointer: '/inputSchema/properties/timeout/description',
        source: 'At most {{timeout.maxMs}} ms (default {{timeout.defaultMs}}).',
      },
    ];
    const file = path.join(directory, 'probe.js');
    await writeFile(file, descriptionTemplatesModule(templates, 'manifest/tools/probe.yaml'));
    const { descriptionTemplates } = await import(pathToFileURL(file).href);

    expect(descriptionTemplates.sources).toEqual({
      '/description': templates[0]!.source,
      '/inputSchema/properties/timeout/description': templates[1]!.source,
    });
    // noEscape: `<&>` stays as written.
    expect(descriptionTemplates.render('/description', CONTEXT)).toBe(
      'Agents: explore (Reads code.) plan (Designs.). `<&>` in May 2026',
    );
    expect(
      descriptionTemplates.render('/description', { ...CONTEXT, dynamicWorkflows: true }),
    ).toContain('. Use CreateWorkflow. ');
    expect(
      descriptionTemplates.render('/inputSchema/properties/timeout/description', CONTEXT),
    ).toBe('At most 600000 ms (default 120000).');
    expect(() =>
      descriptionTemplates.render('/inputSchema/properties/other/description', CONTEXT),
    ).toThrow('no description template at "/inputSchema/properties/other/description"');
  });

  it('declares its type as DescriptionTemplates', () => {
    expect(descriptionTemplatesDeclaration('manifest/tools/probe.yaml')).toBe(
      [
        '// Code generated by tool-contracts from manifest/tools/probe.yaml. DO NOT EDIT.',
        '// Regenerate with: npm run generate',
        "import type { DescriptionTemplates } from '../../runtime/contract.js';",
        '',
        'export declare const descriptionTemplates: DescriptionTemplates;',
        '',
      ].join('\n'),
    );
  });
});

describe('a template the generator accepts renders for every context of the declared shape', () => {
  const pieces = [
    'text ',
    '{{timeout.maxMs}}',
    '{{timeout.defaultMs}}',
    '{{currentMonth}}',
    '{{{currentMonth}}}',
    '{{nosuch}}',
    '{{timeout}}',
    '{{this}}',
    '{{dynamicWorkflows}}',
    '{{#if dynamicWorkflows}}',
    '{{#if}}',
    '{{#unless dynamicWorkflows}}',
    '{{/unless}}',
    '{{/if}}',
    '{{#each subagentProfiles}}',
    '{{#each timeout}}',
    '{{#each}}',
    '{{/each}}',
    '{{#with timeout}}',
    '{{/with}}',
    '{{maxMs}}',
    '{{name}}',
    '{{description}}',
    '{{@index}}',
    '{{@first}}',
    '{{@root.currentMonth}}',
    '{{../currentMonth}}',
    '{{../../currentMonth}}',
    '{{else}}',
    '{{log 1}}',
    '{{lookup . "x"}}',
    '{{> partial}}',
    '{{#> layout}}x{{/layout}}',
    '{{* decorator}}',
    '{{#*inline "x"}}y{{/inline}}',
    '{{helperMissing}}',
    '{{#blockHelperMissing currentMonth}}{{/blockHelperMissing}}',
    '{{!comment}}',
  ];
  const context = fc.record({
    timeout: fc.record({ defaultMs: fc.nat(), maxMs: fc.nat() }),
    subagentProfiles: fc.array(fc.record({ name: fc.string(), description: fc.string() }), {
      maxLength: 3,
    }),
    currentMonth: fc.string(),
    dynamicWorkflows: fc.boolean(),
  });

  it('never throws, never prints a record, and never writes to the console', () => {
    const log = vi.spyOn(console, 'log');
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 6 }),
        context,
        (parts, values) => {
          const source = parts.join('');
          if (templateSourceProblems(source).length > 0) return;
          accepted += 1;
          const spec = Handlebars.precompile(source, {
            noEscape: true,
            strict: false,
            knownHelpersOnly: true,
          });
          const template = Handlebars.create().template(new Function(`return ${spec as string}`)());
          const text = template(values);
          expect(text).not.toContain('[object Object]');
        },
      ),
      { numRuns: 3000 },
    );
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
    // The property is only worth something if the generator accepts a fair share of the inputs.
    expect(accepted).toBeGreaterThan(50);
  });
});
