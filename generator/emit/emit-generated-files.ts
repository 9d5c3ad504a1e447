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
import { createEmitProject } from './emit-project.js';
import type { EmitIssue, EmitIssueCode } from './emit-issue.js';
import { indexModuleSource } from './index-module.js';
import { isWellFormed } from '../support/js-literal.js';
import { jsonFile } from './json-file.js';
import type { FieldAnnotations } from './print-value.js';
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
  readonly annotationsFor?: (tool: LoadedTool) => FieldAnnotations | undefined;
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
}

export type EmitResult =
  | { readonly ok: true; readonly files: ReadonlyMap<string, string> }
  | { readonly ok: false; readonly issues: readonly EmitIssue[] };

/** Paths the generator owns outside `generated/` in this repository's layout. */
export const MANIFEST_SCHEMA_FILE = REPOSITORY_PATHS.manifestSchemaFile;
export const TOOL_INDEX_SCHEMA_FILE = REPOSITORY_PATHS.toolIndexSchemaFile;

export function emitGeneratedFiles(set: ManifestSet, options: EmitOptions = {}): EmitResult {
  const paths = options.paths ?? REPOSITORY_PATHS;
  const generated = paths.generated;
  const issues: EmitIssue[] = [];
  const compiled = set.tools.map((tool) => {
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
    return { tool, input, output, kebab: kebabCase(tool.manifest.name) };
  });
  if (issues.length > 0) return { ok: false, issues };

  const project = createEmitProject();
  const files = new Map<string, string>();
  for (const { tool, input, output, kebab } of compiled) {
    const { manifest } = tool;
    const templates = findDescriptionTemplates(
      manifest.description,
      input.jsonSchema,
      output.jsonSchema,
    );
    if (templates.length > 0) {
      files.set(
        `${generated}/descriptions/${kebab}.js`,
        descriptionTemplatesModule(templates, tool.file),
      );
      files.set(
        `${generated}/descriptions/${kebab}.d.ts`,
        descriptionTemplatesDeclaration(tool.file),
      );
    }
    const annotations = options.annotationsFor?.(tool);
    files.set(
      `${generated}/tools/${kebab}.ts`,
      toolModuleSource(project, {
        manifest,
        file: tool.file,
        implementation: tool.implementation,
        kebab,
        inputSchema: input.jsonSchema,
        outputSchema: output.jsonSchema,
        hasDescriptionTemplates: templates.length > 0,
        groups: set.index.groups,
        ...(options.contractModule === undefined ? {} : { contractModule: options.contractModule }),
        implementationModule: relativeSpecifier(
          `${generated}/tools`,
          `${paths.implementations}/${tool.implementation}.js`,
        ),
        ...(options.eagerHooksModules?.has(tool.implementation) === true
          ? {
              eagerHooksModule: relativeSpecifier(
                `${generated}/tools`,
                `${paths.implementations}/${tool.implementation}-eager-hooks.js`,
              ),
            }
          : {}),
        ...(annotations === undefined ? {} : { annotations }),
      }),
    );
    files.set(
      `${generated}/zod/${kebab}.ts`,
      zodModuleSource(project, {
        file: tool.file,
        kebab,
        inputZodCode: input.zodCode,
        outputZodCode: output.zodCode,
      }),
    );
    files.set(`${generated}/schemas/${manifest.name}.input.json`, jsonFile(input.jsonSchema));
    files.set(`${generated}/schemas/${manifest.name}.output.json`, jsonFile(output.jsonSchema));
  }

  files.set(`${generated}/index.ts`, indexModuleSource(project, compiled, options.contractModule));
  const referenceNames = set.tools
    .filter((tool) => tool.manifest.ordering === 'reference')
    .map((tool) => tool.manifest.name);
  files.set(
    `${generated}/provider-order.ts`,
    providerOrderModuleSource(
      project,
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
  return { ok: true, files: sortedMap(files) };
}

/** Files in code-unit order of their paths, so every consumer iterates them the same way. */
function sortedMap(files: Map<string, string>): Map<string, string> {
  return new Map([...files].sort(([left], [right]) => compareCodeUnits(left, right)));
}
