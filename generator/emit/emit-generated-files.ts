/**
 * Every file the generator writes, produced in memory from a loaded manifest set: one transform
 * per output kind, this module only wires them. Returns problems instead of files when a manifest
 * is valid for the loader but cannot be emitted (overlapping unions, bad defaults).
 */
import { compareCodeUnits } from '../../runtime/core/support/compare-code-units.js';
import {
  REPOSITORY_PATHS,
  relativeSpecifier,
  type ProjectPaths,
} from '../support/project-paths.js';
import type { FieldPath } from '../manifest/field-path.js';
import { formatFieldPath } from '../manifest/field-path.js';
import { kebabCase } from '../manifest/kebab-case.js';
import { manifestJsonSchema, toolIndexJsonSchema } from '../manifest/manifest-json-schema.js';
import type { LoadedTool, ManifestSet } from '../manifest/manifest-set.js';
import { compileSchema } from './compile-schema.js';
import {
  descriptionTemplatesDeclaration,
  descriptionTemplatesModule,
  findDescriptionTemplates,
} from '../manifest/description-templates.js';
import { emissionKey } from './emission-key.js';
import type { EmitIssue, EmitIssueCode } from './emit-issue.js';
import { indexModuleSource } from './index-module.js';
import { isWellFormed } from '../support/js-literal.js';
import { jsonFile } from './json-file.js';
import { providerOrderModuleSource, sortedProviderToolNames } from './provider-order-module.js';
import { toolModuleSource } from './tool-module.js';
import { zodModuleSource } from './zod-module.js';
import { toolsTable } from './tools-table.js';

export interface EmitOptions {
  /**
   * Trailing comments for one tool's contract fields, keyed by contract field path
   * (`metadata.readOnly`); the audit uses it to flag fields no runtime code enforces.
   * Default: no comments.
   */
  readonly annotationsFor?: (tool: LoadedTool) => ReadonlyMap<string, string> | undefined;
  /**
   * Where the generated modules import the runtime types from: the package name
   * (`tool-contracts/contract`) in a project that uses the package. Default: the relative path to
   * `runtime/core/contract.js` of this repository.
   */
  readonly contractModule?: string;
  /** Where the outputs go and where the implementations are. Default: this repository's layout. */
  readonly paths?: ProjectPaths;
  /**
   * Implementations that have an `<implementation>-eager-hooks` module beside them: their eager
   * hooks are imported from it (see `tool-module.ts`). Default: none.
   */
  readonly eagerHooksModules?: ReadonlySet<string>;
  /**
   * Incremental emission: a hash of everything but the tools' own values that the output depends
   * on (see `emission-key.ts`), and the files a tool's last emission wrote when its key was
   * `key` and they are intact (`undefined` otherwise). A tool whose files are given is not emitted
   * again. Default: every tool is emitted.
   */
  readonly reuse?: {
    readonly base: string;
    readonly filesOf: (tool: LoadedTool, key: string) => ReadonlyMap<string, string> | undefined;
  };
}

/** The files one tool's emission makes: always the first four, the descriptions when templated. */
export function toolOutputPaths(
  generated: string,
  name: string,
): {
  readonly module: string;
  readonly zod: string;
  readonly inputSchema: string;
  readonly outputSchema: string;
  readonly descriptions: string;
  readonly descriptionsDeclaration: string;
} {
  const kebab = kebabCase(name);
  return {
    module: `${generated}/tools/${kebab}.ts`,
    zod: `${generated}/zod/${kebab}.ts`,
    inputSchema: `${generated}/schemas/${name}.input.json`,
    outputSchema: `${generated}/schemas/${name}.output.json`,
    descriptions: `${generated}/descriptions/${kebab}.js`,
    descriptionsDeclaration: `${generated}/descriptions/${kebab}.d.ts`,
  };
}

/** One tool's emission: its key and the files it made (project-relative). */
export interface ToolEmission {
  readonly key: string;
  readonly files: readonly string[];
}

export type EmitResult =
  | {
      readonly ok: true;
      readonly files: ReadonlyMap<string, string>;
      /** Tool name → its emission, when `reuse` was given. */
      readonly emissions: ReadonlyMap<string, ToolEmission>;
      /** How many tools were emitted again (the others' files were reused). */
      readonly emittedTools: number;
    }
  | { readonly ok: false; readonly issues: readonly EmitIssue[] };

/** Paths the generator owns outside `generated/` in this repository's layout. */
export const MANIFEST_SCHEMA_FILE = REPOSITORY_PATHS.manifestSchemaFile;
export const TOOL_INDEX_SCHEMA_FILE = REPOSITORY_PATHS.toolIndexSchemaFile;

export function emitGeneratedFiles(set: ManifestSet, options: EmitOptions = {}): EmitResult {
  const paths = options.paths ?? REPOSITORY_PATHS;
  const generated = paths.generated;
  const issues: EmitIssue[] = [];
  const files = new Map<string, string>();
  const emissions = new Map<string, ToolEmission>();
  const pending: Pending[] = [];
  for (const tool of set.tools) {
    const kebab = kebabCase(tool.manifest.name);
    const notes = options.annotationsFor?.(tool);
    const implementationModule = relativeSpecifier(
      `${generated}/tools`,
      `${paths.implementations}/${tool.implementation}.js`,
    );
    const eagerHooksModule =
      options.eagerHooksModules?.has(tool.implementation) === true
        ? relativeSpecifier(
            `${generated}/tools`,
            `${paths.implementations}/${tool.implementation}-eager-hooks.js`,
          )
        : undefined;
    const key =
      options.reuse === undefined
        ? undefined
        : emissionKey(options.reuse.base, {
            manifest: tool.manifest,
            file: tool.file,
            implementation: tool.implementation,
            kebab,
            groups: set.index.groups,
            contractModule: options.contractModule,
            implementationModule,
            eagerHooksModule,
            annotations: notes === undefined ? [] : [...notes],
          });
    const reused = key === undefined ? undefined : options.reuse!.filesOf(tool, key);
    if (reused !== undefined) {
      for (const [file, text] of reused) files.set(file, text);
      emissions.set(tool.manifest.name, { key: key!, files: [...reused.keys()] });
      continue;
    }
    const input = compileSchema(tool.manifest.input);
    const output = compileSchema(tool.manifest.output);
    const located = (code: EmitIssueCode, path: FieldPath, message: string): EmitIssue => ({
      code,
      file: tool.file,
      ...tool.locate(path),
      path: formatFieldPath(path),
      message,
    });
    for (const problem of input.problems)
      issues.push(located(problem.code, ['input', ...problem.path], problem.message));
    for (const problem of output.problems)
      issues.push(located(problem.code, ['output', ...problem.path], problem.message));
    pending.push({
      tool,
      input,
      output,
      kebab,
      key,
      notes,
      implementationModule,
      eagerHooksModule,
    });
  }
  if (issues.length > 0) return { ok: false, issues };

  for (const { tool, input, output, kebab, key, notes, ...modules } of pending) {
    const { manifest } = tool;
    const made = new Map<string, string>();
    const outputs = toolOutputPaths(generated, manifest.name);
    const templates = findDescriptionTemplates(
      manifest.description,
      input.jsonSchema,
      output.jsonSchema,
    );
    if (templates.length > 0) {
      made.set(outputs.descriptions, descriptionTemplatesModule(templates, tool.file));
      made.set(outputs.descriptionsDeclaration, descriptionTemplatesDeclaration(tool.file));
    }
    made.set(
      outputs.module,
      toolModuleSource({
        manifest,
        file: tool.file,
        implementation: tool.implementation,
        kebab,
        inputSchema: input.jsonSchema,
        outputSchema: output.jsonSchema,
        hasDescriptionTemplates: templates.length > 0,
        groups: set.index.groups,
        ...(options.contractModule === undefined ? {} : { contractModule: options.contractModule }),
        implementationModule: modules.implementationModule,
        ...(modules.eagerHooksModule === undefined
          ? {}
          : { eagerHooksModule: modules.eagerHooksModule }),
        ...(notes === undefined ? {} : { annotations: (field: string) => notes.get(field) }),
      }),
    );
    made.set(
      outputs.zod,
      zodModuleSource({
        file: tool.file,
        kebab,
        inputZodCode: input.zodCode,
        outputZodCode: output.zodCode,
      }),
    );
    made.set(outputs.inputSchema, jsonFile(input.jsonSchema));
    made.set(outputs.outputSchema, jsonFile(output.jsonSchema));
    for (const [file, text] of made) files.set(file, text);
    if (key !== undefined) emissions.set(manifest.name, { key, files: [...made.keys()] });
  }
  const compiled = set.tools.map((tool) => ({ kebab: kebabCase(tool.manifest.name) }));

  files.set(`${generated}/index.ts`, indexModuleSource(compiled, options.contractModule));
  const referenceNames = set.tools
    .filter((tool) => tool.manifest.ordering === 'reference')
    .map((tool) => tool.manifest.name);
  files.set(
    `${generated}/provider-order.ts`,
    providerOrderModuleSource(
      sortedProviderToolNames(referenceNames, set.index.reservedReferenceNames),
    ),
  );
  files.set(`${generated}/TOOLS.md`, toolsTable(set.tools));
  files.set(paths.manifestSchemaFile, jsonFile(manifestJsonSchema()));
  files.set(paths.toolIndexSchemaFile, jsonFile(toolIndexJsonSchema()));

  for (const [path, text] of files) {
    // A lone surrogate cannot be written as UTF-8; every printer escapes them, this keeps it so.
    if (!isWellFormed(text))
      throw new Error(`internal error: ${path} holds a lone surrogate outside an escape`);
  }
  return { ok: true, files: sortedMap(files), emissions, emittedTools: pending.length };
}

/** A tool to emit: its schemas compiled, the rest of what its modules are made from. */
interface Pending {
  readonly tool: LoadedTool;
  readonly input: ReturnType<typeof compileSchema>;
  readonly output: ReturnType<typeof compileSchema>;
  readonly kebab: string;
  readonly key: string | undefined;
  readonly notes: ReadonlyMap<string, string> | undefined;
  readonly implementationModule: string;
  readonly eagerHooksModule: string | undefined;
}

/** Files in code-unit order of their paths, so every consumer iterates them the same way. */
function sortedMap(files: Map<string, string>): Map<string, string> {
  return new Map([...files].sort(([left], [right]) => compareCodeUnits(left, right)));
}
