/**
 * Description templates: a tool description or a schema `description` containing `{{` is a
 * handlebars template, precompiled here into `generated/descriptions/<kebab>.js` (+ `.d.ts`)
 * and rendered by the runtime per context (timeout policy, sub-agent profiles, current month).
 */
import Handlebars from 'handlebars';
import type { FieldPath } from '../manifest/field-path.js';
import type { Manifest, SchemaNode } from '../manifest/manifest-schema.js';
import { generatedHeader } from './generated-header.js';
import { jsString, wellFormed } from './js-literal.js';
import { schemaNodes } from '../../runtime/json-schema/schema-nodes.js';
import type { JsonObject } from '../../runtime/support/is-json-object.js';

/** A template and where it sits in the model-facing contract. */
export interface DescriptionTemplate {
  /** JSON pointer into the contract: `/description`, `/inputSchema/properties/timeout/description`. */
  readonly pointer: string;
  readonly source: string;
}

/** A template handlebars refuses, located by its manifest field path. */
export interface TemplateProblem {
  readonly path: FieldPath;
  readonly message: string;
}

// `knownHelpersOnly`: the runtime is isolated and registers no helpers, so an unknown helper
// (`{{#iff}}`) can only be a typo; this makes it a compile error instead of a render-time throw.
const PRECOMPILE_OPTIONS = { noEscape: true, strict: false, knownHelpersOnly: true } as const;

export function isTemplate(text: string): boolean {
  return text.includes('{{');
}

/**
 * Templates of a contract, in a fixed order: the tool description, then every templated
 * `description` of the normalised input schema, then of the output schema.
 */
export function findDescriptionTemplates(
  description: string,
  inputSchema: JsonObject,
  outputSchema: JsonObject,
): DescriptionTemplate[] {
  const templates: DescriptionTemplate[] = [];
  if (isTemplate(description)) templates.push({ pointer: '/description', source: description });
  for (const [field, schema] of [
    ['inputSchema', inputSchema],
    ['outputSchema', outputSchema],
  ] as const) {
    for (const [node, pointer] of schemaNodes(schema)) {
      const text = node['description'];
      if (typeof text === 'string' && isTemplate(text)) {
        templates.push({
          pointer: `/${field}${pointer}/description`,
          source: text,
        });
      }
    }
  }
  return templates;
}

/** Every templated text of a manifest that does not compile. */
export function templateProblems(manifest: Manifest): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const check = (text: string | undefined, path: FieldPath): void => {
    if (text === undefined || !isTemplate(text)) return;
    const error = compileError(text);
    if (error !== undefined)
      problems.push({ path, message: `the description template does not compile: ${error}` });
  };
  check(manifest.description, ['description']);
  const walk = (node: SchemaNode, path: (string | number)[]): void => {
    check(node.description, [...path, 'description']);
    if (node.type === 'object')
      for (const [name, child] of Object.entries(node.properties))
        walk(child, [...path, 'properties', name]);
    if (node.type === 'array') walk(node.items, [...path, 'items']);
    if (node.type === 'union')
      node.anyOf.forEach((branch, index) => walk(branch, [...path, 'anyOf', index]));
  };
  walk(manifest.input, ['input']);
  walk(manifest.output, ['output']);
  return problems;
}

function compileError(source: string): string | undefined {
  try {
    Handlebars.precompile(source, PRECOMPILE_OPTIONS);
    return undefined;
  } catch (error) {
    // Handlebars draws a caret under the source over several lines; one line reads better in a report.
    const message = error instanceof Error ? error.message : String(error);
    return message
      .split('\n')
      .filter((line) => !/^-*\^$/.test(line.trim()))
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .join(' ');
  }
}

/** `generated/descriptions/<kebab>.js`: the precompiled templates on an isolated runtime. */
export function descriptionTemplatesModule(
  templates: readonly DescriptionTemplate[],
  source: string,
): string {
  const sources = templates.map(
    ({ pointer, source: text }) => `  ${jsString(pointer)}: ${jsString(text)},`,
  );
  const compiled = templates.map(
    ({ pointer, source: text }) =>
      `  [${jsString(pointer)}, runtime.template(${wellFormed(Handlebars.precompile(text, PRECOMPILE_OPTIONS) as string)})],`,
  );
  return [
    generatedHeader(source),
    "import Handlebars from 'handlebars/runtime.js';",
    '',
    '// An isolated runtime: helpers or partials registered on the shared one never change these texts.',
    'const runtime = Handlebars.create();',
    '',
    'const sources = Object.freeze({',
    ...sources,
    '});',
    '',
    'const templates = new Map([',
    ...compiled,
    ']);',
    '',
    "/** @type {import('../../runtime/contract.js').DescriptionTemplates} */",
    'export const descriptionTemplates = Object.freeze({',
    '  sources,',
    '  render(pointer, context) {',
    '    const template = templates.get(pointer);',
    '    if (template === undefined) throw new Error(`no description template at ${JSON.stringify(pointer)}`);',
    '    return template(context);',
    '  },',
    '});',
    '',
  ].join('\n');
}

/** `generated/descriptions/<kebab>.d.ts`: the type of the `.js` module. */
export function descriptionTemplatesDeclaration(source: string): string {
  return [
    generatedHeader(source),
    "import type { DescriptionTemplates } from '../../runtime/contract.js';",
    '',
    'export declare const descriptionTemplates: DescriptionTemplates;',
    '',
  ].join('\n');
}
