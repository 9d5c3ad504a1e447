/**
 * Adversarial manifests (issue #13, generator side): each class of input that used to generate
 * fine and break later — a template typo, a schema no call can satisfy, a catastrophic pattern,
 * a control character, a number JSON cannot carry, a timeout `setTimeout` ignores, nesting that
 * breaks `tsc` or the stack — gets a located error, reported with every other problem.
 */
import { describe, expect, it } from 'vitest';
import { loadManifestSources } from '../../../generator/manifest/load-manifest-sources.js';
import { formatManifestIssue } from '../../../generator/manifest/manifest-issue.js';
import { edit, indexFor, PROBE } from './temp-project.js';

const P = 'manifest/tools/probe.yaml';

function report(text: string): string[] {
  const result = loadManifestSources({
    index: { file: 'manifest/tools.yaml', text: indexFor(['Probe']) },
    manifests: [{ file: P, text }],
  });
  return result.ok ? [] : result.issues.map(formatManifestIssue);
}

function warningsOf(text: string): string[] {
  const result = loadManifestSources({
    index: { file: 'manifest/tools.yaml', text: indexFor(['Probe']) },
    manifests: [{ file: P, text }],
  });
  return result.ok ? result.warnings.map(formatManifestIssue) : ['not ok'];
}

const withDescription = (description: string): string =>
  edit(PROBE, 'description: Reads a probe value.', `description: ${description}`);
const withId = (node: string): string => edit(PROBE, 'id: { type: string }', `id: ${node}`);

/** `output:` nested `levels` schema levels deep (arrays), block style. */
function nestedOutput(levels: number): string {
  const lines = ['output:'];
  let indent = '  ';
  for (let level = 1; level < levels; level += 1) {
    lines.push(`${indent}type: array`, `${indent}items:`);
    indent += '  ';
  }
  lines.push(`${indent}type: string`);
  return edit(PROBE, 'output: { type: string }', lines.join('\n'));
}

/** `output:` nested `levels` deep in flow style on one line. */
function flowNestedOutput(levels: number): string {
  let node = '{ type: string }';
  for (let level = 1; level < levels; level += 1) node = `{ type: array, items: ${node} }`;
  return edit(PROBE, 'output: { type: string }', `output: ${node}`);
}

describe('description templates use only what the description context declares', () => {
  it.each([
    {
      name: 'a typo in a nested variable, with a suggestion',
      text: withDescription('"Runs within {{timeout.defualtMs}} ms."'),
      want: [
        `${P}:5:27 description: unknown variable "timeout.defualtMs" (did you mean "defaultMs"? known here: defaultMs, maxMs)`,
      ],
    },
    {
      name: 'an unknown top-level variable',
      text: withDescription('"Hello {{nosuchvar}}"'),
      want: [
        `${P}:5:21 description: unknown variable "nosuchvar" (known here: timeout, subagentProfiles, currentMonth, dynamicWorkflows, model)`,
      ],
    },
    {
      name: 'block helpers without their argument',
      text: withDescription('"{{#if}}a{{/if}} {{#each}}b{{/each}} {{#unless}}c{{/unless}}"'),
      want: [
        `${P}:5:15 description: {{#if}} takes exactly one argument, a variable of the description context`,
        `${P}:5:31 description: {{#each}} takes exactly one argument, a variable of the description context`,
        `${P}:5:51 description: {{#unless}} takes exactly one argument, a variable of the description context`,
      ],
    },
    {
      name: 'partials, decorators and helpers the runtime does not have',
      text: withDescription(
        '"{{> footer}} {{log currentMonth}} {{lookup timeout currentMonth}} {{* inline}}"',
      ),
      want: [
        `${P}:5:15 description: partials ({{> name}}) are not available in description templates`,
        `${P}:5:28 description: helper "log" is not available in description templates (only variables, #if, #unless, #each and #with)`,
        `${P}:5:49 description: helper "lookup" is not available in description templates (only variables, #if, #unless, #each and #with)`,
        `${P}:5:81 description: decorators ({{* name}}) are not available in description templates`,
      ],
    },
    {
      name: 'a block helper that is not one of the four',
      text: withDescription('"{{#blockHelperMissing currentMonth}}x{{/blockHelperMissing}}"'),
      want: [
        `${P}:5:15 description: block {{#blockHelperMissing}} is not available in description templates (only #if, #unless, #each and #with)`,
      ],
    },
    {
      name: 'records and booleans printed as text, lists iterated as records',
      text: withDescription(
        '"{{timeout}} {{dynamicWorkflows}} {{#each timeout}}x{{/each}} {{#with subagentProfiles}}y{{/with}}"',
      ),
      want: [
        `${P}:5:15 description: "timeout" is a record, which prints as "[object Object]"; use it in {{#if}} or {{#each}}`,
        `${P}:5:27 description: "dynamicWorkflows" is a boolean, which prints as "true" or "false"; use it in {{#if}} or {{#each}}`,
        `${P}:5:48 description: {{#each}} needs a list; "timeout" is a record`,
        `${P}:5:76 description: {{#with}} needs a record; "subagentProfiles" is a list`,
      ],
    },
    {
      name: 'item fields outside #each, @index outside #each, paths above the root',
      text: withDescription('"{{name}} {{@index}} {{../currentMonth}} {{@root.nope}}"'),
      want: [
        `${P}:5:15 description: unknown variable "name" (known here: timeout, subagentProfiles, currentMonth, dynamicWorkflows, model)`,
        `${P}:5:24 description: @index exists only directly inside {{#each}}`,
        `${P}:5:35 description: "../currentMonth" climbs above the context`,
        `${P}:5:55 description: unknown variable "@root.nope" (known here: timeout, subagentProfiles, currentMonth, dynamicWorkflows, model)`,
      ],
    },
    {
      name: 'a typo inside #each in a block scalar points at its line',
      text: withDescription(
        '|\n  Agents:\n  {{#each subagentProfiles}}\n  - {{nmae}}\n  {{/each}}',
      ),
      want: [
        `${P}:8:5 description: unknown variable "nmae" (did you mean "name"? known here: name, description)`,
      ],
    },
    {
      name: 'a parameter description template is checked too',
      text: withId('{ type: string, description: "at most {{timeout.max}}" }'),
      want: [
        `${P}:16:47 input.properties.id.description: unknown variable "timeout.max" (did you mean "maxMs"? known here: defaultMs, maxMs)`,
      ],
    },
    {
      name: 'a template that does not compile',
      text: withDescription('"{{#if dynamicWorkflows}}open"'),
      want: [
        `${P}:5:14 description: the description template does not compile: Parse error on line 1: ...namicWorkflows}}open Expecting 'OPEN_INVERSE_CHAIN', 'INVERSE', 'OPEN_ENDBLOCK', got 'EOF'`,
      ],
    },
  ])('$name', ({ text, want }) => {
    expect(report(text)).toEqual(want);
  });

  it('accepts every construct the context supports', () => {
    const text = withDescription(
      '"{{#each subagentProfiles}}{{name}} {{description}} {{@index}} {{../currentMonth}} {{@root.timeout.maxMs}}{{#if @first}}!{{/if}}{{else}}none{{/each}} {{#if dynamicWorkflows}}{{timeout.maxMs}}{{else}}{{timeout.defaultMs}}{{/if}} {{#unless dynamicWorkflows}}x{{/unless}} {{#with timeout}}{{maxMs}}{{/with}} {{! a comment }}{{{currentMonth}}}"',
    );
    expect(report(text)).toEqual([]);
  });

  it.each([
    {
      name: 'a wrong enum value',
      text: edit(withDescription('"{{nosuchvar}}"'), 'riskLevel: low', 'riskLevel: hgih'),
      want: [
        `${P}:5:15 description: unknown variable "nosuchvar" (known here: timeout, subagentProfiles, currentMonth, dynamicWorkflows, model)`,
        `${P}:11:14 flags.riskLevel: expected one of "low" | "medium" | "high", found "hgih"`,
      ],
    },
    {
      name: 'a misspelt field',
      text: edit(
        withDescription('"Runs within {{timeout.defualtMs}} ms."'),
        'riskLevel: low',
        'riskLevle: low',
      ),
      want: [
        `${P}:5:27 description: unknown variable "timeout.defualtMs" (did you mean "defaultMs"? known here: defaultMs, maxMs)`,
        `${P}:11:3 flags.riskLevle: unknown field, did you mean "riskLevel"?`,
      ],
    },
    {
      name: 'a wrong type in a schema whose property description is a template',
      text: edit(
        PROBE,
        'id: { type: string }',
        'id: { type: strin, description: "Up to {{timeout.maxMss}} ms" }',
      ),
      want: [
        `${P}:16:17 input.properties.id.type: expected one of "string" | "number" | "integer" | "boolean" | "array" | "object" | "enum" | "const" | "union" | "any", found "strin"`,
        `${P}:16:44 input.properties.id.description: unknown variable "timeout.maxMss" (did you mean "maxMs"? known here: defaultMs, maxMs)`,
      ],
    },
  ])('reports template problems in the same run as $name', ({ text, want }) => {
    expect(report(text)).toEqual(want);
  });
});

describe('schemas no call could satisfy, or that lose a constraint, are refused', () => {
  it.each([
    {
      name: 'required names a missing property and __proto__',
      text: edit(PROBE, 'required: [id]', 'required: [id, nope, __proto__]'),
      want: [
        `${P}:17:18 input.required[1]: "nope" is not a property of this object (properties: "id")`,
        `${P}:17:24 input.required[2]: "__proto__" is not a property of this object (properties: "id")`,
      ],
    },
    {
      name: 'required lists a name twice',
      text: edit(PROBE, 'required: [id]', 'required: [id, id]'),
      want: [`${P}:17:18 input.required[1]: "id" is listed twice`],
    },
    {
      name: 'minimum above maximum, and empty exclusive ranges',
      text: withId(
        '{ type: number, minimum: 5, maximum: 1 }\n    b: { type: integer, exclusiveMinimum: 3, exclusiveMaximum: 3 }\n    c: { type: number, minimum: 2, exclusiveMaximum: 2 }',
      ),
      want: [
        `${P}:16:34 input.properties.id.minimum: minimum 5 is above maximum 1: no value is valid`,
        `${P}:17:43 input.properties.b.exclusiveMinimum: exclusiveMinimum 3 is not below exclusiveMaximum 3: no value is valid`,
        `${P}:18:33 input.properties.c.minimum: minimum 2 is not below exclusiveMaximum 2: no value is valid`,
      ],
    },
    {
      name: 'minLength above maxLength, minItems above maxItems',
      text: withId(
        '{ type: string, minLength: 5, maxLength: 2 }\n    l: { type: array, items: { type: string }, minItems: 3, maxItems: 1 }',
      ),
      want: [
        `${P}:16:36 input.properties.id.minLength: minLength 5 is above maxLength 2: no value is valid`,
        `${P}:17:58 input.properties.l.minItems: minItems 3 is above maxItems 1: no value is valid`,
      ],
    },
    {
      name: 'duplicate enum values',
      text: withId('{ type: enum, values: [a, b, a, 1, 1] }'),
      want: [
        `${P}:16:38 input.properties.id.values[2]: "a" is listed twice`,
        `${P}:16:44 input.properties.id.values[4]: 1 is listed twice`,
      ],
    },
    {
      name: '.inf, -.inf and .nan anywhere, reported once each',
      text: edit(
        withId('{ type: number, maximum: .inf, minimum: -.inf, default: .nan }'),
        'maxModelBytes: 1000',
        'maxModelBytes: .inf',
      ),
      want: [
        `${P}:16:34 input.properties.id.maximum: expected a finite number, found .inf (JSON, JSON Schema and the model cannot carry it)`,
        `${P}:16:49 input.properties.id.minimum: expected a finite number, found -.inf (JSON, JSON Schema and the model cannot carry it)`,
        `${P}:16:65 input.properties.id.default: expected a finite number, found .nan (JSON, JSON Schema and the model cannot carry it)`,
        `${P}:22:32 resultBudget.maxModelBytes: expected a finite number, found .inf (JSON, JSON Schema and the model cannot carry it)`,
      ],
    },
  ])('$name', ({ text, want }) => {
    expect(report(text)).toEqual(want);
  });
});

describe('timeouts setTimeout cannot honour are refused', () => {
  it.each([
    {
      name: 'defaultMs and maxMs above 2^31−1',
      timeout: '{ kind: bounded, defaultMs: 2147483648, maxMs: 3000000000 }',
      want: [
        `${P}:23:38 timeout.defaultMs: expected a number <= 2147483647, found 2147483648`,
        `${P}:23:57 timeout.maxMs: expected a number <= 2147483647, found 3000000000`,
      ],
    },
    {
      name: 'cleanupGraceMs above 2^31−1',
      timeout: '{ kind: bounded, defaultMs: 10, maxMs: 10, cleanupGraceMs: 1e12 }',
      want: [
        `${P}:23:69 timeout.cleanupGraceMs: expected a number <= 2147483647, found 1000000000000`,
      ],
    },
    {
      name: 'exactly 2^31−1 is fine',
      timeout: '{ kind: bounded, defaultMs: 2147483647, maxMs: 2147483647 }',
      want: [],
    },
  ])('$name', ({ timeout, want }) => {
    expect(report(edit(PROBE, 'timeout: { kind: none }', `timeout: ${timeout}`))).toEqual(want);
  });
});

describe('patterns must be linear-time and valid in both regular-expression dialects', () => {
  it.each([
    {
      pattern: "'^(a+)+$'",
      want: `${P}:16:34 input.properties.id.pattern: catastrophic backtracking (exponential time) on inputs like 'a' + 'a'.repeat(31) + '\\x00'; rewrite it so that no two ways of matching overlap (for example (a+)+ → a+)`,
    },
    {
      pattern: "'(a|a)*b'",
      want: `${P}:16:34 input.properties.id.pattern: catastrophic backtracking (exponential time) on inputs like 'a' + 'a'.repeat(31) + '\\x00b'; rewrite it so that no two ways of matching overlap (for example (a+)+ → a+)`,
    },
    {
      pattern: "'^\\s+|\\s+$'",
      want: `${P}:16:34 input.properties.id.pattern: catastrophic backtracking (2nd degree polynomial time) on inputs like '\\x00' + '\\t'.repeat(54773) + '\\t\\x00'; rewrite it so that no two ways of matching overlap (for example (a+)+ → a+)`,
    },
    {
      pattern: "'[\\p{L}_]+'",
      want: `${P}:16:34 input.properties.id.pattern: "\\\\p{L}" means something else without the "u" flag (a validator without it reads \\p{L} as the text "p{L}"); list the characters instead`,
    },
    { pattern: "'^(\\w)\\1$'", want: undefined },
    { pattern: "'^[a-z0-9][a-z0-9-]{0,63}$'", want: undefined },
    { pattern: "'^[1-9][0-9]*(-[1-9][0-9]*)?$'", want: undefined },
  ])('$pattern', ({ pattern, want }) => {
    expect(report(withId(`{ type: string, pattern: ${pattern} }`))).toEqual(
      want === undefined ? [] : [want],
    );
  });
});

describe('control characters never leave a manifest', () => {
  it.each([
    {
      name: 'ESC in purpose',
      find: 'purpose: Reads a probe.',
      put: 'purpose: "Reads \\e[31m"',
      want: `${P}:4:10 purpose: the text holds control character U+001B at index 6; manifest texts may hold tab and line feed only (write the text without it)`,
    },
    {
      name: 'BEL in a description',
      find: 'description: Reads a probe value.',
      put: 'description: "Ding\\a"',
      want: `${P}:5:14 description: the text holds control character U+0007 at index 4; manifest texts may hold tab and line feed only (write the text without it)`,
    },
    {
      name: 'NUL in a parameter description',
      find: 'id: { type: string }',
      put: 'id: { type: string, description: "a\\0b" }',
      want: `${P}:16:38 input.properties.id.description: the text holds control character U+0000 at index 1; manifest texts may hold tab and line feed only (write the text without it)`,
    },
    {
      name: 'C1 CSI in a property name',
      find: 'id: { type: string }',
      put: 'id: { type: string }\n    "x\\u009b": { type: string }',
      want: `${P}:17:5 input.properties["x\\u009b"]: the key holds control character U+009B at index 1; manifest texts may hold tab and line feed only (write the text without it)`,
    },
    {
      name: 'a bidi override in the reason',
      find: 'reason: Reads probes.',
      put: 'reason: "Reads \\u202Eprobes"',
      want: `${P}:21:11 permission.reason: the text holds control character U+202E at index 6; manifest texts may hold tab and line feed only (write the text without it)`,
    },
    {
      name: 'carriage return inside a quoted string',
      find: 'purpose: Reads a probe.',
      put: 'purpose: "a\\rb"',
      want: `${P}:4:10 purpose: the text holds control character U+000D at index 1; manifest texts may hold tab and line feed only (write the text without it)`,
    },
  ])('$name', ({ find, put, want }) => {
    expect(report(edit(PROBE, find, put))).toEqual([want]);
  });

  it('keeps tab and line feed, and CRLF line endings of the file', () => {
    const text = edit(PROBE, 'purpose: Reads a probe.', 'purpose: "a\\tb\\nc"');
    expect(report(text)).toEqual([]);
    expect(report(PROBE.replaceAll('\n', '\r\n'))).toEqual([]);
  });
});

describe('nesting is bounded with a located error before anything recursive reads it', () => {
  it.each([
    {
      name: 'a schema at the limit of 32 levels loads, with a warning from 13',
      text: nestedOutput(32),
      want: [],
    },
    {
      name: 'a schema of 33 levels',
      text: nestedOutput(33),
      want: [
        `${P}:83:67 output.items.items.items.items.items….items: the schema nests deeper than 32 levels (the limit; the generated types would not type-check); flatten it`,
      ],
    },
    {
      name: 'a schema of 500 levels (block style) stops at the YAML limit',
      text: nestedOutput(500),
      want: [
        `${P}:177:161 output.items.items.items.items.items….items: nests deeper than 80 levels (the limit for a manifest file); flatten the structure`,
      ],
    },
    {
      name: 'a schema of 500 levels (flow style)',
      text: flowNestedOutput(500),
      want: [
        `${P}:18:1747 output.items.items.items.items.items….items: nests deeper than 80 levels (the limit for a manifest file); flatten the structure`,
      ],
    },
    {
      name: 'YAML nested too deep for the parser itself',
      text: flowNestedOutput(5000),
      want: [
        `${P}:18:18731 the YAML nests too deep to parse (a manifest file may nest 80 levels); flatten it`,
      ],
    },
    {
      name: 'a deep default value',
      text: withId(`{ type: string, default: ${'['.repeat(100)}${']'.repeat(100)} }`),
      want: [
        `${P}:16:110 input.properties.id.default[0][0]…[0]: nests deeper than 80 levels (the limit for a manifest file); flatten the structure`,
      ],
    },
  ])('$name', ({ text, want }) => {
    expect(report(text)).toEqual(want);
  });

  it('warns once per schema from 13 levels on', () => {
    expect(warningsOf(nestedOutput(13))).toEqual([
      `${P}:43:27 output.items.items.items.items.items….items: the schema nests 13 levels deep (warning from 13, limit 32); models fill in deep schemas poorly`,
    ]);
    expect(warningsOf(nestedOutput(12))).toEqual([]);
  });
});
