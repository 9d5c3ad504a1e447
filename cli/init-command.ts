/**
 * `tool-contracts init [DIR]`: a new project that uses the package: the config, the tool index,
 * one example tool (`Greet`) with its handler, a test, and a `tsconfig.json`/`package.json` when
 * there is none. Never overwrites one of its own files: when one exists, it writes nothing. An
 * existing package.json gets what the project needs and nothing else: `"type": "module"` (the
 * generated modules are ES modules) and the `generate`/`check` scripts, each change said.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  MANIFEST_SCHEMA_COMMENT,
  TOOL_INDEX_SCHEMA_COMMENT,
} from '../generator/manifest/load-manifest-sources.js';
import { CommandError, defineCommand } from './define-command.js';

export const INIT_USAGE = `Usage: tool-contracts init [options] [DIR]

Create a tool-contracts project in DIR (default: the current directory): tool-contracts.config.json,
manifest/tools.yaml, the example tool manifest/tools/greet.yaml, its handler runtime/tools/greet.ts,
the test test/greet.test.ts, and a tsconfig.json and package.json when DIR has none. An existing
package.json gets "type": "module" and the generate and check scripts, if it lacks them.
Writes nothing when any of these files (but tsconfig.json and package.json) exists.

Options:
  -h, --help  Show this help`;

const CONFIG = {
  $schema: './node_modules/tool-contracts/tool-contracts.config.schema.json',
  manifests: 'manifest',
  generated: 'generated',
  implementations: 'runtime/tools',
  builtIns: 'none',
};

const TOOL_INDEX = `${TOOL_INDEX_SCHEMA_COMMENT}
# What every manifest starts from (a manifest overrides any of it; see docs/authoring.md).
defaults:
  resultBudget: { maxModelBytes: 20000 }
  timeout: { kind: bounded, defaultMs: 30000, maxMs: 120000 }
  cancellation: { supported: true, cleanup: abortSignal }
# Your tools in the order they are registered.
registrationOrder:
  - Greet
`;

const GREET_MANIFEST = `${MANIFEST_SCHEMA_COMMENT}
name: Greet
capability: example.greet
purpose: Greet someone by name
description: |-
  Returns a greeting for the given name. The example tool made by tool-contracts init.
modelInstructions: []
aliases: []
flags:
  readOnly: true
  destructive: false
  concurrentSafe: true
  sideEffectScope: none
  riskLevel: low
  needsApproval: false
  requiresUserInteraction: false
  allowedInPlanMode: true
  idempotent: true
  recovery: retry
input:
  type: object
  properties:
    name: { type: string, description: Who to greet, minLength: 1, maxLength: 100 }
  required: [ name ]
output:
  type: object
  properties:
    greeting: { type: string }
  required: [ greeting ]
permission:
  permission: example.greet
  reason: Greet only builds a string
resultBudget:
  maxModelBytes: 2000
  strategy: truncate
timeout:
  kind: none
cancellation:
  supported: false
  cleanup: none
  userMessage: The user interrupted the greeting.
availability: {}
ordering: registration
hooks: []
`;

const GREET_HANDLER = `/** Greet: the example tool of \`tool-contracts init\`. Its contract is manifest/tools/greet.yaml. */
import type { ToolImplementation } from '@tool-contracts/runtime/contract';
import type { Input, Output } from '../../generated/tools/greet.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input) => ({
  ok: true,
  output: { greeting: \`Hello, \${input.name}!\` },
});
`;

const GREET_TEST = `import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tool } from '../generated/tools/greet.js';
import { InputSchema } from '../generated/zod/greet.js';

test('Greet greets by name', async () => {
  assert.equal(tool.metadata.name, 'Greet');
  assert.deepEqual(await tool.handler({ name: 'Ada' }, {} as never), {
    ok: true,
    output: { greeting: 'Hello, Ada!' },
  });
});

test('the input schema of Greet rejects an empty name', () => {
  assert.equal(InputSchema.safeParse({ name: '' }).success, false);
});
`;

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    types: ['node'],
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  },
  include: ['runtime', 'generated', 'test'],
};

/** The scripts a project runs; `check` and every "regenerate" hint name them. */
const SCRIPTS = {
  generate: 'tool-contracts generate',
  check: 'tool-contracts check',
};

/**
 * What the project installs, each at the version this CLI was built and tested with: the
 * runtime its handlers run on, and for development this CLI, TypeScript, tsx (the tests and
 * `list` of the project's TypeScript) and Node's types.
 */
export function projectDependencies(): {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
} {
  const file = createRequire(import.meta.url).resolve('tool-contracts/package.json');
  const own = JSON.parse(readFileSync(file, 'utf8')) as {
    version: string;
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  return {
    dependencies: { '@tool-contracts/runtime': own.version },
    devDependencies: {
      '@types/node': own.devDependencies['@types/node']!,
      'tool-contracts': own.version,
      tsx: own.dependencies.tsx!,
      typescript: own.devDependencies.typescript!,
    },
  };
}

const PACKAGE = {
  name: 'my-tools',
  private: true,
  type: 'module',
  scripts: { ...SCRIPTS, test: 'node --import tsx --test test/*.test.ts' },
  ...projectDependencies(),
};

/**
 * An existing package.json with `"type": "module"` and the {@link SCRIPTS} it lacks, in its own
 * indentation; `changes` says each change, empty when there is none.
 */
export function amendPackageJson(file: string, text: string): { text: string; changes: string[] } {
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    throw new CommandError(
      `${file}: not valid JSON (${(error as Error).message}); nothing was written`,
    );
  }
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest))
    throw new CommandError(`${file}: not a JSON object; nothing was written`);
  const changes: string[] = [];
  if (manifest.type !== 'module') {
    changes.push(
      `"type": "module" in package.json (was ${manifest.type === undefined ? 'unset, which means "commonjs"' : JSON.stringify(manifest.type)}): the generated modules are ES modules. A CommonJS file of the project must now be named .cjs.`,
    );
    manifest.type = 'module';
  }
  const scripts = (manifest.scripts ?? {}) as Record<string, unknown>;
  for (const [name, command] of Object.entries(SCRIPTS))
    if (scripts[name] === undefined) {
      scripts[name] = command;
      changes.push(`the script "${name}": ${command}`);
    }
  manifest.scripts = scripts;
  if (changes.length === 0) return { text, changes };
  const indent = /^[ \t]+(?=")/m.exec(text)?.[0] ?? '  ';
  return { text: `${JSON.stringify(manifest, null, indent)}\n`, changes };
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** The files `init` writes, project-relative; `optional` ones are left alone when present. */
export const INIT_FILES: readonly { file: string; text: string; optional?: true }[] = [
  { file: 'tool-contracts.config.json', text: json(CONFIG) },
  { file: 'manifest/tools.yaml', text: TOOL_INDEX },
  { file: 'manifest/tools/greet.yaml', text: GREET_MANIFEST },
  { file: 'runtime/tools/greet.ts', text: GREET_HANDLER },
  { file: 'test/greet.test.ts', text: GREET_TEST },
  { file: 'tsconfig.json', text: json(TSCONFIG), optional: true },
  { file: 'package.json', text: json(PACKAGE), optional: true },
];

export const command = defineCommand({
  name: 'init',
  usage: INIT_USAGE,
  options: {},
  positionals: { max: 1 },
  async run({ positionals }, io) {
    const root = path.resolve(io.cwd, positionals[0] ?? '.');
    const at = (file: string) => path.join(root, ...file.split('/'));
    const existing = INIT_FILES.filter(({ file, optional }) => !optional && existsSync(at(file)));
    if (existing.length > 0)
      throw new CommandError(
        `not overwriting ${existing.map(({ file }) => at(file)).join(', ')}; nothing was written (init makes a new project; remove these files or pick another DIR)`,
      );
    const packageFile = at('package.json');
    const amended = existsSync(packageFile)
      ? amendPackageJson(packageFile, await readFile(packageFile, 'utf8'))
      : undefined;
    const written: string[] = [];
    for (const { file, text, optional } of INIT_FILES) {
      if (optional && existsSync(at(file))) continue;
      await mkdir(path.dirname(at(file)), { recursive: true });
      await writeFile(at(file), text, { flag: 'wx' });
      written.push(file);
    }
    if (amended !== undefined && amended.changes.length > 0)
      await writeFile(packageFile, amended.text);
    for (const file of written) io.out(`created ${file}`);
    for (const change of amended?.changes ?? []) io.out(`set ${change}`);
    const relative = path.relative(io.cwd, root);
    io.out('');
    io.out('Next steps:');
    if (relative !== '') io.out(`  cd ${relative}`);
    const { dependencies, devDependencies } = projectDependencies();
    const pinned = (packages: Record<string, string>) =>
      Object.entries(packages)
        .map(([name, version]) => `${name}@${version}`)
        .join(' ');
    if (written.includes('package.json')) io.out('  npm install');
    else {
      io.out(`  npm install --save-exact ${pinned(dependencies)}`);
      io.out(`  npm install --save-dev --save-exact ${pinned(devDependencies)}`);
    }
    io.out('  npm run generate                   # generated/ from manifest/');
    io.out('  npx tsc --noEmit                   # the handler against its contract');
    io.out('  npx tool-contracts list            # what the model sees');
    io.out(`  npx tool-contracts call Greet '{"name":"Ada"}'`);
    io.out('  node --import tsx --test test/*.test.ts');
    return 0;
  },
});

export const run = command.run;
