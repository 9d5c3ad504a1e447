/**
 * docs/architecture.md as code, so none of it can drift:
 * - a `text` block is a map of the source tree: every file or folder it names exists (a name is
 *   the end of a path in the repository, `<tool>`-style placeholders aside);
 * - a `ts` block whose first line names a file (`// generated/zod/read.ts`, or the generated
 *   header `… from manifest/tools/read.yaml`) is an excerpt of that file: its lines, a line with
 *   `…` or a comment standing for what is left out, appear in the file in order (compared without
 *   layout, quotes or trailing commas, which prettier rewrites in Markdown);
 * - any other `ts` block is compiled by TypeScript against the real sources, after a prelude
 *   that imports what it uses without importing and declares the values it leaves to the reader.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { listFiles } from '../../generator/support/list-files.js';
import { REPO_ROOT } from '../generator/generate-fixture.js';
import { codeBlocks } from './markdown-code-blocks.js';

const GUIDE = 'docs/architecture.md';

const BLOCKS = codeBlocks(REPO_ROOT, GUIDE);
const SOURCE_FOLDERS = ['runtime', 'generator', 'generated', 'cli', 'manifest', 'bin', 'packages'];
const FILES = (await Promise.all(SOURCE_FOLDERS.map((folder) => listFiles(REPO_ROOT, folder))))
  .flat()
  .filter((file) => !file.includes('/dist/') && !file.includes('node_modules/'));
const FOLDERS = new Set(
  FILES.flatMap((file) => {
    const parts = file.split('/');
    return parts.slice(1).map((_, end) => `${parts.slice(0, end + 1).join('/')}/`);
  }),
);

/** Whether `name` (a file or, ending in `/`, a folder) is the end of a path in the repository. */
function exists(name: string): boolean {
  const ends = (whole: string) => whole === name || whole.endsWith(`/${name}`);
  return name.endsWith('/') ? [...FOLDERS].some(ends) : FILES.some(ends);
}

/** The paths a map names: words ending in a source extension or `/`, placeholders left out. */
function namedPaths(text: string): string[] {
  const words = text.match(/[\w.@-]+(?:\/[\w.@-]+)*\/?/g) ?? [];
  return [
    ...new Set(words.filter((word) => /\.(ts|yaml|json|md)$/.test(word) || /\w\/$/.test(word))),
  ].filter((word) => !/^[\d.]/.test(word));
}

/** The file a `ts` block is an excerpt of, from its first line; undefined for a compiled block. */
function excerptSource(text: string): string | undefined {
  const first = text.split('\n')[0]!;
  return (
    /^\/\/ (generated\/\S+\.ts)$/.exec(first)?.[1] ??
    /from manifest\/tools\/(\S+)\.yaml\. DO NOT EDIT\.$/
      .exec(first)
      ?.slice(1, 2)
      .map((kebab) => `generated/tools/${kebab}.ts`)[0]
  );
}

/** Code without what prettier is free to change: layout, quotes, trailing commas, `//` comments. */
function normalized(code: string): string {
  return code
    .split('\n')
    .map((line) => line.replace(/\s\/\/ .*$/, ''))
    .join('')
    .replace(/\s+/g, '')
    .replaceAll('"', "'")
    .replace(/,([}\])])/g, '$1');
}

/** The runs of a block between elisions (a line holding `…` stands for lines left out). */
function excerptRuns(text: string): string[] {
  const runs: string[][] = [[]];
  for (const line of text.split('\n').slice(1)) {
    if (line.includes('…') || line.includes('/*')) runs.push([]);
    else runs.at(-1)!.push(line);
  }
  return runs.map((run) => normalized(run.join('\n'))).filter((run) => run !== '');
}

const FILE_MAPS = BLOCKS.filter((block) => block.language === 'text');
const EXCERPTS = BLOCKS.filter(
  (block) => block.language === 'ts' && excerptSource(block.text) !== undefined,
);
const COMPILED = BLOCKS.filter(
  (block) => block.language === 'ts' && excerptSource(block.text) === undefined,
);

test('every block is a map, an excerpt or compiled, and each kind occurs', () => {
  expect(BLOCKS.every((block) => ['text', 'ts'].includes(block.language))).toBe(true);
  expect([FILE_MAPS.length, EXCERPTS.length, COMPILED.length].every((n) => n > 0)).toBe(true);
});

describe.each(FILE_MAPS)(`${GUIDE}:$line (a map of the tree)`, (block) => {
  test('names only files and folders that exist', () => {
    const names = namedPaths(block.text);
    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((name) => !exists(name))).toEqual([]);
  });
});

describe.each(EXCERPTS)(`${GUIDE}:$line (an excerpt)`, (block) => {
  test('appears, in order, in the file it names', () => {
    const file = excerptSource(block.text)!;
    const source = normalized(readFileSync(path.join(REPO_ROOT, file), 'utf8'));
    let from = 0;
    for (const run of excerptRuns(block.text)) {
      const at = source.indexOf(run, from);
      expect({ file, run, found: at !== -1 }).toEqual({ file, run, found: true });
      from = at + run.length;
    }
  });
});

/**
 * What the compiled blocks use without importing or defining it: the names a reader knows from
 * the prose around them. The imports are the real modules, so a renamed or removed API fails.
 */
const PRELUDE = `
import { defineCommand } from './cli/define-command.js';
import { requireProjectRoot } from './cli/project-root.js';
import { UsageError } from './cli/usage-error.js';
import type { ModelProfile, RequestApproval, ToolCall, ToolRuntime, ToolTracer } from './runtime/index.js';
declare const runtime: ToolRuntime;
declare const model: ModelProfile;
declare const tracer: ToolTracer;
declare const signal: AbortSignal;
declare const message: { readonly toolCalls: readonly ToolCall[] };
declare const perRequestPrompt: RequestApproval;
declare const CHECK_USAGE: string;
declare const bad: boolean;
void [defineCommand, requireProjectRoot, UsageError, runtime, model, tracer, signal, message, perRequestPrompt, CHECK_USAGE, bad];
`;

/** Type errors of `code` compiled as a module at the repository root, with the project's options. */
const COMPILER_OPTIONS = ts.parseJsonConfigFileContent(
  ts.readConfigFile(path.join(REPO_ROOT, 'tsconfig.json'), ts.sys.readFile).config,
  ts.sys,
  REPO_ROOT,
).options;
/** The last block's program: the next reuses its unchanged source files (the runtime's). */
let previous: ts.Program | undefined;

function typeErrors(code: string, name: string): string[] {
  const options = COMPILER_OPTIONS;
  const file = path.join(REPO_ROOT, `${name}.ts`);
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (fileName) => (fileName === file ? code : readFile(fileName));
  host.fileExists = (fileName) => fileName === file || ts.sys.fileExists(fileName);
  host.getSourceFile = (fileName, language, ...rest) =>
    fileName === file
      ? ts.createSourceFile(fileName, code, language)
      : getSourceFile(fileName, language, ...rest);
  const program = ts.createProgram([file], { ...options, noUnusedLocals: false }, host, previous);
  previous = program;
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe.each(COMPILED)(`${GUIDE}:$line (compiled)`, (block) => {
  test('type-checks against the real sources', { timeout: 120_000 }, () => {
    // The block's own imports go first; the prelude follows them.
    const lines = block.text.split('\n');
    const imports = lines.filter((line) => line.startsWith('import '));
    const rest = lines.filter((line) => !line.startsWith('import '));
    const code = [...imports, PRELUDE, 'export {};', ...rest];
    expect(typeErrors(code.join('\n'), `.architecture-block-${block.line}`)).toEqual([]);
  });
});
