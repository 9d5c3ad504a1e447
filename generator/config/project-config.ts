/**
 * `tool-contracts.config.json` (or `.yaml`/`.yml`): where a project keeps its manifests, its
 * generated modules and its handlers, and which of the package's built-in tools it registers.
 * Parsed with the manifest YAML reader (JSON is YAML), so every problem is located file:line:col.
 * Published as `tool-contracts.config.schema.json` for editors ({@link projectConfigJsonSchema}).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { formatFieldPath } from '../manifest/field-path.js';
import type { ManifestIssue } from '../manifest/manifest-issue.js';
import { compareManifestIssues } from '../manifest/manifest-issue.js';
import { TOOL_NAME_PATTERN } from '../manifest/manifest-schema.js';
import { parseYamlSource } from '../manifest/parse-yaml-source.js';
import { suggestName } from '../manifest/suggest-name.js';
import { translateZodIssue } from '../manifest/translate-zod-issue.js';
import { DEFAULT_PROJECT_FOLDERS, isInFolder } from '../support/project-paths.js';

/** Config file names, in the order they are looked for; a project has at most one. */
export const PROJECT_CONFIG_FILES = [
  'tool-contracts.config.json',
  'tool-contracts.config.yaml',
  'tool-contracts.config.yml',
] as const;

/** The published JSON Schema of the config, at the package root. */
export const PROJECT_CONFIG_SCHEMA_FILE = 'tool-contracts.config.schema.json';

const INSIDE_PROJECT = /^(?!\/)(?![A-Za-z]:)(?!.*\\)(?!(?:.*\/)?\.\.?(?:\/|$))[^\0]+$/;

/** A folder inside the project: relative, posix separators, no `.`/`..` segments. */
const ProjectFolderSchema = z
  .string()
  .refine((folder) => INSIDE_PROJECT.test(folder), {
    message: 'expected a folder inside the project (relative, "/" separators, no "." or "..")',
  })
  .transform((folder) => folder.replace(/\/+$/, ''));

export const ProjectConfigSchema = z
  .object({
    $schema: z.string().optional().describe('Editor hint: where the JSON Schema of this file is.'),
    manifests: ProjectFolderSchema.default('manifest').describe(
      'Folder with `tools.yaml` and `tools/*.yaml`, one manifest per tool. Default: `manifest`.',
    ),
    generated: ProjectFolderSchema.default('generated').describe(
      'Folder the generator writes (typed modules, JSON Schemas, reports); never edit it by hand. Default: `generated`.',
    ),
    implementations: ProjectFolderSchema.default('runtime/tools').describe(
      'Folder of the hand-written handlers (`<kebab-name>.ts` per tool). Default: `runtime/tools`.',
    ),
    builtIns: z
      .union([
        z.enum(['all', 'none']),
        z.array(z.string().regex(TOOL_NAME_PATTERN, { message: 'expected a tool name' })),
      ])
      .default('none')
      .describe(
        'Which of the built-in tools (the package `@tool-contracts/tools`) `list`, `call` and `serve` register next to the project\'s own: "all", "none" or a list of names. Default: "none".',
      ),
  })
  .strict()
  .superRefine((config, context) => {
    // `generate` replaces the whole generated folder: it must hold nothing else.
    for (const other of ['manifests', 'implementations'] as const) {
      const [inner, outer] = [config.generated, config[other]].sort((a, b) => a.length - b.length);
      if (isInFolder(outer!, inner!))
        context.addIssue({
          code: 'custom',
          path: ['generated'],
          message: `expected a folder apart from ${other} (${JSON.stringify(config[other])}): generate replaces the generated folder as a whole`,
        });
    }
  });

/** A project's config with every default filled in. */
export type ProjectConfig = z.output<typeof ProjectConfigSchema>;

/**
 * The layout of this repository when it has no config file: its own tools are the built-ins,
 * so `builtIns` is `"all"` and nothing changes for a project that never wrote a config.
 */
export const DEFAULT_PROJECT_CONFIG: ProjectConfig = {
  ...DEFAULT_PROJECT_FOLDERS,
  builtIns: 'all',
};

export type LoadedProjectConfig =
  | {
      readonly ok: true;
      /** Project-relative name of the config file; `undefined` when there is none. */
      readonly file: string | undefined;
      readonly config: ProjectConfig;
    }
  | { readonly ok: false; readonly issues: readonly ManifestIssue[] };

/**
 * Reads the project's config: {@link DEFAULT_PROJECT_CONFIG} when there is no config file, every
 * problem located (file:line:col) when it is unreadable, not YAML/JSON or not a valid config, and
 * an error when there are two config files (which one wins would be a guess).
 */
export async function loadProjectConfig(
  projectRoot: string,
  knownBuiltIns?: () => Promise<readonly string[]>,
): Promise<LoadedProjectConfig> {
  const present: { file: string; text: string }[] = [];
  for (const file of PROJECT_CONFIG_FILES) {
    try {
      present.push({ file, text: await readFile(path.join(projectRoot, file), 'utf8') });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  if (present.length === 0) return { ok: true, file: undefined, config: DEFAULT_PROJECT_CONFIG };
  if (present.length > 1)
    return {
      ok: false,
      issues: present.slice(1).map(({ file }) => ({
        code: 'invalid_value',
        file,
        line: 1,
        column: 1,
        path: '',
        message: `a second config file next to ${present[0]!.file}; keep one`,
      })),
    };
  const { file, text } = present[0]!;
  const parsed = parseProjectConfig(file, text);
  if (!parsed.ok || knownBuiltIns === undefined || !Array.isArray(parsed.config.builtIns))
    return parsed;
  return parseProjectConfig(file, text, await knownBuiltIns());
}

/**
 * Parses one config file's text; `file` (project-relative) is only used to locate problems.
 * With `knownBuiltIns` (the package's built-in tool names), a `builtIns` name that is none of
 * them is a problem at its place, with the closest name as a suggestion.
 */
export function parseProjectConfig(
  file: string,
  text: string,
  knownBuiltIns?: readonly string[],
): LoadedProjectConfig {
  const source = parseYamlSource(file, text);
  if (source.issues.length > 0) return { ok: false, issues: source.issues };
  // An empty file is an empty config: every default.
  const value = source.value ?? {};
  const parsed = ProjectConfigSchema.safeParse(value);
  if (parsed.success) {
    const { builtIns } = parsed.data;
    if (knownBuiltIns === undefined || !Array.isArray(builtIns))
      return { ok: true, file, config: parsed.data };
    const known = new Set(knownBuiltIns);
    const unknown: ManifestIssue[] = builtIns.flatMap((name, index) => {
      if (known.has(name)) return [];
      const at = source.locateValue(['builtIns', index]);
      const suggestion = suggestName(name, knownBuiltIns);
      return [
        {
          code: 'invalid_value',
          file,
          line: at.line,
          column: at.column,
          path: formatFieldPath(['builtIns', index]),
          message: `no built-in tool named "${name}"${suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`}`,
        },
      ];
    });
    return unknown.length === 0
      ? { ok: true, file, config: parsed.data }
      : { ok: false, issues: unknown };
  }
  const issues = parsed.error.issues.flatMap((issue) =>
    translateZodIssue(issue, ProjectConfigSchema, value).map((unlocated): ManifestIssue => {
      const at =
        unlocated.anchor === 'key'
          ? source.locateKey(unlocated.path)
          : source.locateValue(
              unlocated.anchor === 'parent' ? unlocated.path.slice(0, -1) : unlocated.path,
            );
      return {
        code: unlocated.code,
        file,
        line: at.line,
        column: at.column,
        path: formatFieldPath(unlocated.path),
        ...(unlocated.expected === undefined ? {} : { expected: unlocated.expected }),
        ...(unlocated.found === undefined ? {} : { found: unlocated.found }),
        message: unlocated.message,
      };
    }),
  );
  return { ok: false, issues: issues.sort(compareManifestIssues) };
}

/** {@link ProjectConfigSchema} as a JSON Schema (draft-07), the text of {@link PROJECT_CONFIG_SCHEMA_FILE}. */
export function projectConfigJsonSchema(): object {
  const { $schema: _schema, ...schema } = zodToJsonSchema(ProjectConfigSchema, {
    target: 'jsonSchema7',
    $refStrategy: 'none',
    effectStrategy: 'input',
  }) as Record<string, unknown>;
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'tool-contracts project config',
    description:
      'Where a tool-contracts project keeps its manifests, generated modules and handlers, and which built-in tools it registers.',
    ...schema,
  };
}

/** The file text of {@link PROJECT_CONFIG_SCHEMA_FILE}: two-space JSON and a final newline. */
export function projectConfigJsonSchemaText(): string {
  return `${JSON.stringify(projectConfigJsonSchema(), null, 2)}\n`;
}
