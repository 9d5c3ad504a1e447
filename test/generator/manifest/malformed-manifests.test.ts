import { afterAll, describe, expect, it } from 'vitest';
import { checkHookExports } from '../../../generator/audit/check-hook-exports.js';
import { loadManifestSet } from '../../../generator/manifest/load-manifest-set.js';
import { formatManifestIssue } from '../../../generator/manifest/manifest-issue.js';
import {
  edit,
  indexFor,
  PROBE,
  probeNamed,
  removeTempProjects,
  writeTempProject,
} from './temp-project.js';

interface MalformedCase {
  readonly name: string;
  /** Files in `manifest/tools/`, by file name. */
  readonly manifests: Readonly<Record<string, string>>;
  /** `manifest/tools.yaml`; default: lists `Probe` only. */
  readonly index?: string;
  /** `runtime/tools/<file>` modules; when given, hook exports are checked too. */
  readonly modules?: Readonly<Record<string, string>>;
  /** Every line of the report, in order. */
  readonly want: readonly string[];
}

const P = 'manifest/tools/probe.yaml';
const HANDLER = "export async function handler() { return { ok: true as const, output: '' }; }\n";
const ALIAS_BOMB = [
  'x1: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]',
  'x2: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]',
  'x3: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]',
  'x4: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]',
  '',
].join('\n');

const cases: readonly MalformedCase[] = [
  {
    name: 'wrong enum value',
    manifests: { 'probe.yaml': edit(PROBE, 'riskLevel: low', 'riskLevel: hgih') },
    want: [`${P}:11:14 flags.riskLevel: expected one of "low" | "medium" | "high", found "hgih"`],
  },
  {
    name: 'wrong type (a string where a boolean belongs)',
    manifests: { 'probe.yaml': edit(PROBE, 'readOnly: true', 'readOnly: "yes"') },
    want: [`${P}:7:13 flags.readOnly: expected a boolean, found "yes"`],
  },
  {
    name: 'a mapping where a string belongs',
    manifests: { 'probe.yaml': edit(PROBE, 'purpose: Reads a probe.', 'purpose: { text: Reads }') },
    want: [`${P}:4:10 purpose: expected a string, found a mapping`],
  },
  {
    name: 'missing required top-level field points at the document mapping',
    manifests: { 'probe.yaml': edit(PROBE, 'capability: probe.read\n', '') },
    want: [`${P}:2:1 capability: missing required field (expected a string)`],
  },
  {
    name: 'missing nested field points at the object that lacks it',
    manifests: {
      'probe.yaml': edit(
        edit(PROBE, 'readOnly: true', 'readOnly: false'),
        '  sideEffectScope: none\n',
        '',
      ),
    },
    want: [
      `${P}:7:3 flags.sideEffectScope: missing required field (expected 'none' | 'workspace' | 'git' | 'network' | 'system' | 'session' | 'userInteraction')`,
    ],
  },
  {
    name: 'empty value is null, not missing',
    manifests: { 'probe.yaml': edit(PROBE, 'purpose: Reads a probe.', 'purpose:') },
    want: [`${P}:4:1 purpose: expected a string, found null`],
  },
  {
    name: 'unknown field with a suggestion (and the field it misspells is missing)',
    manifests: { 'probe.yaml': edit(PROBE, 'readOnly: true', 'readOnyl: true') },
    want: [
      `${P}:7:3 flags.readOnly: missing required field (expected a boolean)`,
      `${P}:7:3 flags.readOnyl: unknown field, did you mean "readOnly"?`,
    ],
  },
  {
    name: 'unknown top-level field with a suggestion',
    manifests: {
      'probe.yaml': edit(
        PROBE,
        'output: { type: string }',
        'output: { type: string }\nalias: [Old]',
      ),
    },
    want: [`${P}:19:1 alias: unknown field, did you mean "aliases"?`],
  },
  {
    name: 'unknown field far from every known name lists the known ones',
    manifests: {
      'probe.yaml': edit(PROBE, 'timeout: { kind: none }', 'timeout: { kind: none, seconds: 5 }'),
    },
    want: [`${P}:23:24 timeout.seconds: unknown field (known fields: kind)`],
  },
  {
    name: 'bad tool name',
    manifests: { 'probe.yaml': edit(PROBE, 'name: Probe', 'name: Pro be') },
    want: [`${P}:2:7 name: expected a string matching ^[A-Za-z0-9_-]{1,64}$, found "Pro be"`],
  },
  {
    name: 'bad alias name',
    manifests: {
      'probe.yaml': edit(
        PROBE,
        'output: { type: string }',
        'output: { type: string }\naliases: [Old, "Old Probe"]',
      ),
    },
    want: [
      `${P}:19:16 aliases[1]: expected a string matching ^[A-Za-z0-9_-]{1,64}$, found "Old Probe"`,
    ],
  },
  {
    name: 'bad regular expression in a schema node',
    manifests: {
      'probe.yaml': edit(PROBE, 'id: { type: string }', 'id: { type: string, pattern: "([a-z]+" }'),
    },
    want: [
      `${P}:16:34 input.properties.id.pattern: expected a valid regular expression (Unterminated group), found "([a-z]+"`,
    ],
  },
  {
    name: 'bad discriminator deep inside input',
    manifests: {
      'probe.yaml': edit(
        PROBE,
        '    id: { type: string }\n',
        [
          '    id: { type: string }',
          '    tags:',
          '      type: array',
          '      items:',
          '        type: object',
          '        properties:',
          '          label: { type: strng }',
          '',
        ].join('\n'),
      ),
    },
    want: [
      `${P}:22:26 input.properties.tags.items.properties.label.type: expected one of "string" | "number" | "integer" | "boolean" | "array" | "object" | "enum" | "const" | "union" | "any", found "strng"`,
    ],
  },
  {
    name: 'schema node without a type',
    manifests: {
      'probe.yaml': edit(PROBE, 'output: { type: string }', 'output: { description: A probe. }'),
    },
    want: [
      `${P}:18:9 output.type: missing required field (expected one of "string" | "number" | "integer" | "boolean" | "array" | "object" | "enum" | "const" | "union" | "any"); a schema with no type (any value) is written \`type: any\``,
    ],
  },
  {
    name: 'negative number',
    manifests: { 'probe.yaml': edit(PROBE, 'maxModelBytes: 1000', 'maxModelBytes: -5') },
    want: [`${P}:22:32 resultBudget.maxModelBytes: expected a number > 0, found -5`],
  },
  {
    name: 'negative length in a schema node',
    manifests: {
      'probe.yaml': edit(PROBE, 'id: { type: string }', 'id: { type: string, minLength: -1 }'),
    },
    want: [`${P}:16:36 input.properties.id.minLength: expected a number >= 0, found -1`],
  },
  {
    name: 'fraction where an integer belongs',
    manifests: { 'probe.yaml': edit(PROBE, 'maxModelBytes: 1000', 'maxModelBytes: 10.5') },
    want: [`${P}:22:32 resultBudget.maxModelBytes: expected an integer, found 10.5`],
  },
  {
    name: 'empty string where text is required',
    manifests: { 'probe.yaml': edit(PROBE, 'capability: probe.read', 'capability: ""') },
    want: [`${P}:3:13 capability: expected a non-empty string, found ""`],
  },
  {
    name: 'union with a single branch',
    manifests: {
      'probe.yaml': edit(
        PROBE,
        'output: { type: string }',
        'output: { type: union, anyOf: [{ type: string }] }',
      ),
    },
    want: [`${P}:18:31 output.anyOf: expected a list of at least 2 items, found 1 item`],
  },
  {
    name: 'const value of no literal type',
    manifests: {
      'probe.yaml': edit(PROBE, 'output: { type: string }', 'output: { type: const, value: [1] }'),
    },
    want: [`${P}:18:31 output.value: expected a string, a number, a boolean or null, found a list`],
  },
  {
    name: 'timeout without its kind',
    manifests: {
      'probe.yaml': edit(PROBE, 'timeout: { kind: none }', 'timeout: { defaultMs: 5000 }'),
    },
    want: [`${P}:23:10 timeout.kind: missing required field (expected one of "none" | "bounded")`],
  },
  {
    name: 'YAML syntax error',
    manifests: { 'probe.yaml': edit(PROBE, 'output: { type: string }', 'output: { type: string') },
    want: [
      `${P}:19:1 YAML syntax error: Flow map in block collection must be sufficiently indented and end with a }`,
    ],
  },
  {
    name: 'duplicate key',
    manifests: {
      'probe.yaml': edit(PROBE, '  riskLevel: low\n', '  riskLevel: low\n  riskLevel: high\n'),
    },
    want: [`${P}:12:3 flags.riskLevel: duplicate key (each key may appear once in a mapping)`],
  },
  {
    name: 'alias bomb',
    manifests: { 'probe.yaml': PROBE + ALIAS_BOMB },
    want: [
      `${P}:26:9 aliases expand to too many nodes (resource-exhaustion guard); write the values out instead`,
    ],
  },
  {
    name: 'alias to an anchor that does not exist',
    manifests: { 'probe.yaml': edit(PROBE, 'purpose: Reads a probe.', 'purpose: *text') },
    want: [
      `${P}:4:10 YAML error: Unresolved alias (the anchor must be set before the alias): text`,
    ],
  },
  {
    name: 'empty file',
    manifests: { 'probe.yaml': '# yaml-language-server: $schema=../manifest.schema.json\n' },
    index: indexFor([]),
    want: [
      'manifest/tools.yaml:2:1 registrationOrder: expected a list, found null',
      `${P}:1:1 expected a mapping, found null`,
    ],
  },
  {
    name: 'missing schema comment',
    manifests: { 'probe.yaml': PROBE.slice(PROBE.indexOf('\n') + 1) },
    want: [
      `${P}:1:1 expected first line "# yaml-language-server: $schema=../manifest.schema.json" (editors validate against it), found "name: Probe"`,
    ],
  },
  {
    name: 'file not named kebab(name).yaml',
    manifests: { 'probe-tool.yaml': PROBE },
    want: [
      `manifest/tools/probe-tool.yaml:2:7 name: a manifest for "Probe" must be named "probe.yaml", found "probe-tool.yaml"`,
    ],
  },
  {
    name: '.yml extension',
    manifests: { 'probe.yml': PROBE },
    want: [
      `manifest/tools/probe.yml:2:7 name: a manifest for "Probe" must be named "probe.yaml", found "probe.yml"`,
    ],
  },
  {
    name: 'extends an unknown tool',
    manifests: {
      'probe.yaml': PROBE,
      'copy.yaml':
        '# yaml-language-server: $schema=../manifest.schema.json\nname: Copy\nextends: Prob\n',
    },
    index: indexFor(['Probe', 'Copy']),
    want: ['manifest/tools/copy.yaml:3:10 extends: unknown tool "Prob", did you mean "Probe"?'],
  },
  {
    name: 'extends cycle',
    manifests: {
      'one.yaml':
        '# yaml-language-server: $schema=../manifest.schema.json\nname: One\nextends: Two\n',
      'two.yaml':
        '# yaml-language-server: $schema=../manifest.schema.json\nname: Two\nextends: One\n',
      'probe.yaml': PROBE,
    },
    index: indexFor(['Probe', 'One', 'Two']),
    want: [
      'manifest/tools/one.yaml:3:10 extends: extends cycle: One → Two → One',
      'manifest/tools/two.yaml:3:10 extends: extends cycle: Two → One → Two',
    ],
  },
  {
    name: 'a tool that extends itself',
    manifests: { 'probe.yaml': edit(PROBE, 'name: Probe\n', 'name: Probe\nextends: Probe\n') },
    want: [`${P}:3:10 extends: extends cycle: Probe → Probe`],
  },
  {
    name: 'an invalid inherited field is reported where it is written',
    manifests: {
      'probe.yaml': edit(PROBE, 'riskLevel: low', 'riskLevel: lowest'),
      'copy.yaml':
        '# yaml-language-server: $schema=../manifest.schema.json\nname: Copy\nextends: Probe\nflags: { readOnly: maybe }\n',
    },
    index: indexFor(['Probe', 'Copy']),
    want: [
      'manifest/tools/copy.yaml:4:20 flags.readOnly: expected a boolean, found "maybe"',
      `${P}:11:14 flags.riskLevel: expected one of "low" | "medium" | "high", found "lowest"`,
    ],
  },
  {
    name: 'duplicate tool names',
    manifests: { 'probe.yaml': PROBE, 'probe-copy.yaml': PROBE },
    want: [
      'manifest/tools/probe-copy.yaml:2:7 name: a manifest for "Probe" must be named "probe.yaml", found "probe-copy.yaml"',
      'manifest/tools/probe-copy.yaml:2:7 name: duplicate tool name "Probe", also defined in manifest/tools/probe.yaml',
      `${P}:2:7 name: duplicate tool name "Probe", also defined in manifest/tools/probe-copy.yaml`,
    ],
  },
  {
    name: 'alias equal to a tool name',
    manifests: {
      'probe.yaml': edit(
        PROBE,
        'output: { type: string }',
        'output: { type: string }\naliases: [Other]',
      ),
      'other.yaml': probeNamed('Other'),
    },
    index: indexFor(['Probe', 'Other']),
    want: [
      `${P}:19:11 aliases[0]: alias "Other" is the name of a tool (manifest/tools/other.yaml); a name always wins over an alias`,
    ],
  },
  {
    name: "alias equal to another tool's alias",
    manifests: {
      'probe.yaml': edit(
        PROBE,
        'output: { type: string }',
        'output: { type: string }\naliases: [OldProbe]',
      ),
      'other.yaml': edit(
        probeNamed('Other'),
        'output: { type: string }',
        'output: { type: string }\naliases: [Legacy, OldProbe]',
      ),
    },
    index: indexFor(['Probe', 'Other']),
    want: [
      'manifest/tools/other.yaml:19:19 aliases[1]: alias "OldProbe" is also an alias of "Probe"',
      `${P}:19:11 aliases[0]: alias "OldProbe" is also an alias of "Other"`,
    ],
  },
  {
    name: 'readOnly together with destructive',
    manifests: { 'probe.yaml': edit(PROBE, 'destructive: false', 'destructive: true') },
    want: [
      `${P}:8:16 flags.destructive: a read-only tool cannot be destructive (flags.readOnly is true)`,
    ],
  },
  {
    name: 'a manifest missing from registrationOrder',
    manifests: { 'probe.yaml': PROBE, 'other.yaml': probeNamed('Other') },
    want: [
      'manifest/tools.yaml:2:1 registrationOrder: missing "Other" (defined in manifest/tools/other.yaml); every built-in tool is listed in its registration order',
    ],
  },
  {
    name: 'registrationOrder names a tool no manifest defines',
    manifests: { 'probe.yaml': PROBE },
    index: indexFor(['Probe', 'Probes', 'Zeta']),
    want: [
      'manifest/tools.yaml:4:5 registrationOrder[1]: no manifest defines "Probes", did you mean "Probe"?',
      'manifest/tools.yaml:5:5 registrationOrder[2]: no manifest defines "Zeta"',
    ],
  },
  {
    name: 'registrationOrder lists a tool twice',
    manifests: { 'probe.yaml': PROBE },
    index: indexFor(['Probe', 'Probe']),
    want: [
      'manifest/tools.yaml:4:5 registrationOrder[1]: "Probe" is listed more than once (first at registrationOrder[0])',
    ],
  },
  {
    name: 'reserved reference name that a manifest defines',
    manifests: { 'probe.yaml': PROBE },
    index: indexFor(['Probe'], ['LSP', 'Probe']),
    want: [
      'manifest/tools.yaml:4:31 reservedReferenceNames[1]: "Probe" is defined by manifest/tools/probe.yaml; reserve only names no manifest defines',
    ],
  },
  {
    name: 'empty registrationOrder',
    manifests: { 'probe.yaml': PROBE },
    index: '# yaml-language-server: $schema=./tools.schema.json\nregistrationOrder: []\n',
    want: ['manifest/tools.yaml:2:20 registrationOrder: expected a non-empty list, found 0 items'],
  },
  {
    name: "alias equal to the tool's own name, and an alias listed twice",
    manifests: {
      'probe.yaml': edit(
        PROBE,
        'output: { type: string }',
        'output: { type: string }\naliases: [Probe, Old, Old]',
      ),
    },
    want: [
      `${P}:19:11 aliases[0]: alias "Probe" is the tool's own name`,
      `${P}:19:23 aliases[2]: alias "Old" is listed twice`,
    ],
  },
  {
    name: 'index without its schema comment and with an unknown field',
    manifests: { 'probe.yaml': PROBE },
    index: 'registrationOrder: [Probe]\norder: [Probe]\n',
    want: [
      'manifest/tools.yaml:1:1 expected first line "# yaml-language-server: $schema=./tools.schema.json" (editors validate against it), found "registrationOrder: [Probe]"',
      'manifest/tools.yaml:2:1 order: unknown field (known fields: defaults, groups, registrationOrder, reservedReferenceNames)',
    ],
  },
  {
    name: 'hook declared but not exported',
    manifests: { 'probe.yaml': PROBE + 'hooks: [validateInput, formatModelContent]\n' },
    modules: {
      'probe.ts': HANDLER + 'export function validateInput() { return { ok: true as const }; }\n',
    },
    want: [
      `${P}:25:24 hooks[1]: hook formatModelContent is declared but runtime/tools/probe.ts does not export it`,
    ],
  },
  {
    name: 'hook exported but not declared',
    manifests: { 'probe.yaml': PROBE + 'hooks: [validateInput]\n' },
    modules: {
      'probe.ts':
        HANDLER +
        'export function validateInput() { return { ok: true as const }; }\nexport const resolveInput = (input: unknown) => input;\n',
    },
    want: [
      `${P}:25:8 hooks: runtime/tools/probe.ts exports hook resolveInput, which hooks does not declare`,
    ],
  },
  {
    name: 'hook exported with the wrong type (a number, a function of the wrong shape)',
    manifests: { 'probe.yaml': PROBE + 'hooks: [validateInput, formatModelContent]\n' },
    modules: {
      'probe.ts':
        HANDLER +
        'export const validateInput = 42;\nexport function formatModelContent(output: unknown, extra: number): string { return String(output) + extra; }\n',
    },
    want: [
      "runtime/tools/probe.ts:2:14 validateInput: hook validateInput exported by runtime/tools/probe.ts has type 42, not the ToolImplementation member's: Type 'number' is not assignable to type '(input: any, context: ToolCallContext) => ValidationOutcome | Promise<ValidationOutcome>'.",
      "runtime/tools/probe.ts:3:17 formatModelContent: hook formatModelContent exported by runtime/tools/probe.ts has type (output: unknown, extra: number) => string, not the ToolImplementation member's: Type '(output: unknown, extra: number) => string' is not assignable to type '(output: any) => string'. Target signature provides too few arguments. Expected 2 or more, but got 1.",
    ],
  },
  {
    name: 'handler exported with the wrong type',
    manifests: { 'probe.yaml': PROBE },
    modules: { 'probe.ts': "export const handler = 'run';\n" },
    want: [
      "runtime/tools/probe.ts:1:14 handler: the handler exported by runtime/tools/probe.ts has type \"run\", not the ToolImplementation member's: Type 'string' is not assignable to type 'ToolHandler<any, any>'.",
    ],
  },
  {
    name: 'supersededBy names no tool (with a suggestion), or the tool itself',
    manifests: {
      'probe.yaml': PROBE + 'availability: { supersededBy: Bsah }\n',
      'bash.yaml': probeNamed('Bash') + 'availability: { supersededBy: Bash }\n',
      'other.yaml': probeNamed('Other') + 'aliases: [Shell]\n',
      'third.yaml': probeNamed('Third') + 'availability: { supersededBy: Shell }\n',
    },
    index: indexFor(['Probe', 'Bash', 'Other', 'Third']),
    want: [
      'manifest/tools/bash.yaml:25:31 availability.supersededBy: a tool cannot be superseded by itself',
      `${P}:25:31 availability.supersededBy: no manifest defines "Bsah", did you mean "Bash"?`,
      'manifest/tools/third.yaml:25:31 availability.supersededBy: no manifest defines "Shell" (it is an alias; supersededBy names a tool), did you mean "Other"?',
    ],
  },
  {
    name: 'missing implementation module',
    manifests: { 'probe.yaml': PROBE },
    modules: { 'other.ts': HANDLER },
    want: [`${P}:2:7 name: implementation module runtime/tools/probe.ts does not exist`],
  },
  {
    name: 'implementation module without a handler',
    manifests: {
      'probe.yaml': edit(PROBE, 'name: Probe\n', 'name: Probe\nimplementation: probe-impl\n'),
    },
    modules: { 'probe-impl.ts': 'export function handle() {}\n' },
    want: [`${P}:3:17 implementation: runtime/tools/probe-impl.ts does not export handler`],
  },
  {
    name: 'several errors in one file are reported together',
    manifests: {
      'probe.yaml': edit(
        edit(
          edit(PROBE, 'riskLevel: low', 'riskLevel: hgih'),
          'maxModelBytes: 1000',
          'maxModelBytes: 0',
        ),
        'cleanup: none',
        'cleanup: everything',
      ),
    },
    want: [
      `${P}:11:14 flags.riskLevel: expected one of "low" | "medium" | "high", found "hgih"`,
      `${P}:22:32 resultBudget.maxModelBytes: expected a number > 0, found 0`,
      `${P}:24:44 cancellation.cleanup: expected one of "none" | "abortSignal" | "processTree", found "everything"`,
    ],
  },
  {
    name: 'errors across files are reported together',
    manifests: {
      'probe.yaml': edit(PROBE, 'readOnly: true', 'readOnly: 1'),
      'other.yaml': edit(probeNamed('Other'), 'output: { type: string }', 'output: { type: string'),
      'third.yaml': edit(probeNamed('Third'), 'sideEffectScope: none', 'sideEffectScope: disk'),
    },
    index: indexFor(['Probe', 'Other', 'Third']),
    want: [
      'manifest/tools/other.yaml:19:1 YAML syntax error: Flow map in block collection must be sufficiently indented and end with a }',
      `${P}:7:13 flags.readOnly: expected a boolean, found 1`,
      'manifest/tools/third.yaml:10:20 flags.sideEffectScope: expected one of "none" | "workspace" | "git" | "network" | "system" | "session" | "userInteraction", found "disk"',
    ],
  },
  {
    name: 'a group the index does not declare (it declares none)',
    manifests: { 'probe.yaml': `${PROBE}group: workflows\n` },
    want: [
      `${P}:25:8 group: no group "workflows" in manifest/tools.yaml (it declares none; add it under \`groups\`)`,
    ],
  },
  {
    name: 'a misspelt group is located and a declared one suggested',
    manifests: { 'probe.yaml': `${PROBE}group: workflow\n` },
    index: `${indexFor(['Probe'])}groups:\n  workflows: { description: Run workflows }\n`,
    want: [
      `${P}:25:8 group: no group "workflow" in manifest/tools.yaml, did you mean "workflows"?`,
    ],
  },
  {
    name: 'loading is eager or deferred',
    manifests: { 'probe.yaml': `${PROBE}loading: lazy\n` },
    want: [`${P}:25:10 loading: expected one of "eager" | "deferred", found "lazy"`],
  },
  {
    name: 'searchHints are non-empty strings',
    manifests: { 'probe.yaml': `${PROBE}searchHints: [probe, ""]\n` },
    want: [`${P}:25:22 searchHints[1]: expected a non-empty string, found ""`],
  },
  {
    name: 'a group needs a description',
    manifests: { 'probe.yaml': PROBE },
    index: `${indexFor(['Probe'])}groups:\n  workflows: {}\n`,
    want: [
      'manifest/tools.yaml:6:14 groups.workflows.description: missing required field (expected a string)',
    ],
  },
  {
    name: 'missing index file',
    manifests: { 'probe.yaml': PROBE },
    index: undefined,
    want: ['manifest/tools.yaml:1:1 cannot read: file not found'],
  },
];

afterAll(removeTempProjects);

describe('loadManifestSet reports malformed manifests as file:line:col path: message', () => {
  it('has at least 30 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(cases)('$name', async (testCase) => {
    const files: Record<string, string> = {};
    const index = 'index' in testCase ? testCase.index : indexFor(['Probe']);
    if (index !== undefined) files['manifest/tools.yaml'] = index;
    for (const [file, text] of Object.entries(testCase.manifests))
      files[`manifest/tools/${file}`] = text;
    for (const [file, text] of Object.entries(testCase.modules ?? {}))
      files[`runtime/tools/${file}`] = text;
    const root = await writeTempProject(files);

    const result = await loadManifestSet(root);
    let lines: string[];
    if (!result.ok) lines = result.issues.map(formatManifestIssue);
    else if (testCase.modules)
      lines = (await checkHookExports(root, result.set.tools)).map(formatManifestIssue);
    else lines = [];
    expect(lines).toEqual(testCase.want);
  });
});
