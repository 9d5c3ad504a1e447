/**
 * Description templates: a tool description or a schema `description` containing `{{` is a
 * handlebars template, precompiled here into `generated/descriptions/<kebab>.js` (+ `.d.ts`)
 * and rendered by the runtime per context (timeout policy, sub-agent profiles, current month).
 */
import Handlebars from 'handlebars';
import type { FieldPath } from './field-path.js';
import type { Manifest } from './manifest-schema.js';
import { suggestName } from './suggest-name.js';
import {
  DESCRIPTION_CONTEXT_SHAPE,
  type DescriptionContextShape,
} from '../../runtime/core/contract.js';
import { generatedHeader } from '../support/generated-header.js';
import { jsString, wellFormed } from '../support/js-literal.js';
import { schemaNodes } from '../../runtime/core/json-schema/schema-nodes.js';
import type { JsonObject } from '../../runtime/core/support/is-json-object.js';

/** A template and where it sits in the model-facing contract. */
export interface DescriptionTemplate {
  /** JSON pointer into the contract: `/description`, `/inputSchema/properties/timeout/description`. */
  readonly pointer: string;
  readonly source: string;
}

/**
 * A template the runtime could not render as written, located by its manifest field path and,
 * inside the text, by the tag that is wrong (`snippet`, its `occurrence`-th copy in the text).
 */
export interface TemplateProblem {
  readonly path: FieldPath;
  readonly message: string;
  /** The offending tag as written (`{{timeout.defualtMs}}`); absent for a whole-text problem. */
  readonly snippet?: string;
  /** Which copy of `snippet` in the text is meant (0 for the first). */
  readonly occurrence?: number;
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

/**
 * Every templated text of a manifest that the runtime could not render as written: texts that do
 * not compile, and tags outside what {@link DESCRIPTION_CONTEXT_SHAPE} supports (see
 * {@link templateSourceProblems}). `manifest` is a validated manifest or the merged value of one
 * that failed validation.
 */
export function templateProblems(manifest: Manifest | unknown): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const check = (text: unknown, path: FieldPath): void => {
    if (typeof text !== 'string' || !isTemplate(text)) return;
    for (const problem of templateSourceProblems(text)) problems.push({ path, ...problem });
  };
  // The walk reads the shape loosely, so the same function checks a manifest that failed
  // validation elsewhere (a misspelt field must not hide a template typo until the next run).
  const record = (value: unknown): Readonly<Record<string, unknown>> | undefined =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  const root = record(manifest);
  if (root === undefined) return problems;
  check(root['description'], ['description']);
  // Iterative (depth first, in document order), so a deep schema cannot overflow the stack; the
  // loader bounds depth, but this walk must not rely on it.
  const pending: [unknown, FieldPath][] = [
    [root['output'], ['output']],
    [root['input'], ['input']],
  ];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [value, path] = next;
    const node = record(value);
    if (node === undefined) continue;
    check(node['description'], [...path, 'description']);
    const children: [unknown, FieldPath][] = [];
    const properties = record(node['properties']);
    if (properties !== undefined)
      for (const [name, child] of Object.entries(properties))
        children.push([child, [...path, 'properties', name]]);
    if (node['items'] !== undefined) children.push([node['items'], [...path, 'items']]);
    const anyOf = node['anyOf'];
    if (Array.isArray(anyOf))
      anyOf.forEach((branch, index) => children.push([branch, [...path, 'anyOf', index]]));
    pending.push(...children.reverse());
  }
  return problems;
}

/** A scope of a template: the shape `this` stands for, and whether it is the body of `#each`. */
interface TemplateScope {
  readonly shape: DescriptionContextShape;
  readonly inEach: boolean;
}

/**
 * What is wrong with one template source, in text order. Allowed, and nothing else (everything
 * here renders without throwing for every context of the declared shape):
 *
 * - `{{path}}` / `{{{path}}}` where `path` is a string or number of the context (`timeout.maxMs`,
 *   `name` inside `#each subagentProfiles`, `../currentMonth`, `@root.currentMonth`, `@index`);
 * - `{{#if path}}` / `{{#unless path}}` with exactly one known path, optional `{{else}}`;
 * - `{{#each list}}` over a list of the context (optional `{{else}}`), `{{#with record}}`;
 * - comments.
 *
 * Refused: unknown variables (a typo renders as nothing), helpers and blocks other than those
 * (`log` writes to stdout, `lookup` reads any path), block helpers without their argument,
 * hash arguments, block parameters, sub-expressions, literals as values, partials and decorators.
 */
export function templateSourceProblems(source: string): Omit<TemplateProblem, 'path'>[] {
  let program: hbs.AST.Program;
  try {
    program = Handlebars.parse(source);
    Handlebars.precompile(source, PRECOMPILE_OPTIONS);
  } catch (error) {
    return [{ message: `the description template does not compile: ${oneLine(error)}` }];
  }
  const problems: Omit<TemplateProblem, 'path'>[] = [];
  const report = (node: hbs.AST.Node, message: string): void => {
    const { snippet, occurrence } = snippetOf(source, node);
    problems.push({ message, snippet, occurrence });
  };
  const root: TemplateScope = { shape: DESCRIPTION_CONTEXT_SHAPE, inEach: false };

  /** The shape `path` resolves to in `scopes` (innermost last), or why it does not resolve. */
  const resolve = (path: hbs.AST.PathExpression, scopes: readonly TemplateScope[]): Resolved => {
    if (path.data) {
      const [head, ...rest] = path.parts;
      if (head === 'root') return walkShape(DESCRIPTION_CONTEXT_SHAPE, rest, path.original);
      if (head === 'index' || head === 'first' || head === 'last') {
        if (!scopes[scopes.length - 1]!.inEach || rest.length > 0)
          return { problem: `@${head} exists only directly inside {{#each}}` };
        return { shape: head === 'index' ? 'number' : 'boolean' };
      }
      return { problem: `unknown data variable ${JSON.stringify(path.original)}` };
    }
    const scope = scopes[scopes.length - 1 - path.depth];
    if (scope === undefined)
      return { problem: `${JSON.stringify(path.original)} climbs above the context` };
    return walkShape(scope.shape, path.parts, path.original);
  };

  const visitProgram = (body: hbs.AST.Program | undefined, scopes: readonly TemplateScope[]) => {
    if (body === undefined) return;
    if (body.blockParams !== undefined && body.blockParams.length > 0) {
      report(body, 'block parameters (`as |x|`) are not supported in description templates');
    }
    for (const statement of body.body) visitStatement(statement, scopes);
  };

  const visitStatement = (statement: hbs.AST.Statement, scopes: readonly TemplateScope[]) => {
    switch (statement.type) {
      case 'ContentStatement':
      case 'CommentStatement':
        return;
      case 'MustacheStatement': {
        const mustache = statement as hbs.AST.MustacheStatement;
        const expression = mustache.path;
        if (expression.type !== 'PathExpression') {
          report(mustache, 'a literal is not a value of the description context');
          return;
        }
        const path = expression as hbs.AST.PathExpression;
        if (mustache.params.length > 0 || mustache.hash !== undefined) {
          report(
            mustache,
            `helper ${JSON.stringify(path.original)} is not available in description templates (only variables, #if, #unless, #each and #with)`,
          );
          return;
        }
        const resolved = resolve(path, scopes);
        if ('problem' in resolved) {
          report(mustache, resolved.problem);
          return;
        }
        const { shape } = resolved;
        if (shape !== 'string' && shape !== 'number')
          report(
            mustache,
            `${JSON.stringify(path.original)} is ${describeShape(shape)}, which prints as ${shape === 'boolean' ? '"true" or "false"' : '"[object Object]"'}; use it in {{#if}} or {{#each}}`,
          );
        return;
      }
      case 'BlockStatement': {
        const block = statement as hbs.AST.BlockStatement;
        const helper = block.path.original;
        if (
          !['if', 'unless', 'each', 'with'].includes(helper) ||
          block.path.type !== 'PathExpression'
        ) {
          report(
            block,
            `block {{#${helper}}} is not available in description templates (only #if, #unless, #each and #with)`,
          );
          return;
        }
        const argument = block.params[0];
        if (block.params.length !== 1 || argument === undefined || block.hash !== undefined) {
          report(
            block,
            `{{#${helper}}} takes exactly one argument, a variable of the description context`,
          );
          return;
        }
        if (argument.type !== 'PathExpression') {
          report(
            block,
            `the argument of {{#${helper}}} must be a variable of the description context`,
          );
          return;
        }
        const resolved = resolve(argument as hbs.AST.PathExpression, scopes);
        if ('problem' in resolved) {
          report(block, resolved.problem);
          return;
        }
        const { shape } = resolved;
        const original = (argument as hbs.AST.PathExpression).original;
        if (helper === 'each') {
          if (!Array.isArray(shape)) {
            report(
              block,
              `{{#each}} needs a list; ${JSON.stringify(original)} is ${describeShape(shape)}`,
            );
            return;
          }
          visitProgram(block.program, [
            ...scopes,
            { shape: (shape as readonly [DescriptionContextShape])[0], inEach: true },
          ]);
        } else if (helper === 'with') {
          if (typeof shape === 'string' || Array.isArray(shape)) {
            report(
              block,
              `{{#with}} needs a record; ${JSON.stringify(original)} is ${describeShape(shape)}`,
            );
            return;
          }
          visitProgram(block.program, [...scopes, { shape, inEach: false }]);
        } else {
          visitProgram(block.program, scopes);
        }
        visitProgram(block.inverse, scopes);
        return;
      }
      case 'PartialStatement':
      case 'PartialBlockStatement':
        report(statement, 'partials ({{> name}}) are not available in description templates');
        return;
      default:
        report(statement, 'decorators ({{* name}}) are not available in description templates');
    }
  };

  visitProgram(program, [root]);
  return problems;
}

/** What a path stands for, or a sentence saying why it stands for nothing. */
type Resolved = { readonly shape: DescriptionContextShape } | { readonly problem: string };

/** The shape at `parts` below `shape`, or a sentence saying which part is unknown. */
function walkShape(
  shape: DescriptionContextShape,
  parts: readonly string[],
  original: string,
): Resolved {
  let current = shape;
  for (const [index, part] of parts.entries()) {
    if (typeof current === 'string' || Array.isArray(current) || !Object.hasOwn(current, part)) {
      const known =
        typeof current === 'string' || Array.isArray(current)
          ? `${JSON.stringify(parts.slice(0, index).join('.'))} is ${describeShape(current)}`
          : `known here: ${Object.keys(current).join(', ')}`;
      const suggestion =
        typeof current === 'object' && !Array.isArray(current)
          ? suggestName(part, Object.keys(current))
          : undefined;
      return {
        problem: `unknown variable ${JSON.stringify(original)} (${suggestion === undefined ? known : `did you mean ${JSON.stringify(suggestion)}? ${known}`})`,
      };
    }
    current = (current as { readonly [name: string]: DescriptionContextShape })[part]!;
  }
  return { shape: current };
}

function describeShape(shape: DescriptionContextShape): string {
  if (typeof shape === 'string') return `a ${shape}`;
  return Array.isArray(shape) ? 'a list' : 'a record';
}

/** The tag `node` starts with, as written, and which copy of it in `source` that is. */
function snippetOf(source: string, node: hbs.AST.Node): { snippet: string; occurrence: number } {
  const lines = source.split('\n');
  let offset = 0;
  for (let line = 1; line < node.loc.start.line; line += 1) offset += lines[line - 1]!.length + 1;
  offset += node.loc.start.column;
  const close = source.indexOf('}}', offset);
  const snippet = source.slice(offset, close < 0 ? source.length : close + 2);
  let occurrence = 0;
  for (
    let at = source.indexOf(snippet);
    at >= 0 && at < offset;
    at = source.indexOf(snippet, at + 1)
  )
    occurrence += 1;
  return { snippet, occurrence };
}

function oneLine(error: unknown): string {
  // Handlebars draws a caret under the source over several lines; one line reads better in a report.
  const message = error instanceof Error ? error.message : String(error);
  return message
    .split('\n')
    .filter((line) => !/^-*\^$/.test(line.trim()))
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' ');
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
