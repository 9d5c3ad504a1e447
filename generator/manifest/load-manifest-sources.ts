import { compareCodeUnits } from '../../runtime/core/support/compare-code-units.js';
import { REPOSITORY_PATHS } from '../support/project-paths.js';
import { collectExplicitPaths } from './collect-explicit-paths.js';
import { checkCrossManifest } from './check-cross-manifest.js';
import type { ValidatedManifest } from './check-cross-manifest.js';
import type { FieldPath } from './field-path.js';
import { formatShortPath } from './field-path.js';
import { kebabCase } from './kebab-case.js';
import { issueInChain } from './locate-in-chain.js';
import { compareManifestIssues, formatManifestIssue } from './manifest-issue.js';
import type { ManifestIssue } from './manifest-issue.js';
import { manifestRecord } from './manifest-record.js';
import type { ManifestRecord } from './manifest-record.js';
import { ManifestSchema, ToolIndexSchema } from './manifest-schema.js';
import { PartialTargetSchema } from './partial-target-schema.js';
import type { ToolIndex } from './manifest-schema.js';
import type { ImplementationTarget, LoadedTool, LoadResult } from './manifest-set.js';
import { parseYamlSource, yamlSourceWithValue } from './parse-yaml-source.js';
import type { ManifestValueCache } from './manifest-value-cache.js';
import type { SourcePosition, YamlSource } from './parse-yaml-source.js';
import { resolveExtends } from './resolve-extends.js';
import { translateZodIssue } from './translate-zod-issue.js';
import type { UnlocatedIssue } from './translate-zod-issue.js';
import { rawValueProblems } from './raw-value-problems.js';
import { schemaNodeProblems } from './schema-node-problems.js';
import { templateProblems } from './description-templates.js';
import { applyManifestDefaults } from './apply-manifest-defaults.js';
import { inlineSchemaRefs } from './inline-schema-refs.js';
import { jsonSchemaHint } from './json-schema-hint.js';

/** The text of one input file, or why it could not be read. */
export type SourceText =
  | { readonly file: string; readonly text: string }
  | {
      readonly file: string;
      /** Why the file could not be read, in words (`file not found`, `EACCES`). */
      readonly readError: string;
      /** Default: `unreadable_file`. */
      readonly code?: 'unreadable_file' | 'not_a_regular_file';
    };

/** Project-relative path of this repository's index (a project's is in its `ProjectPaths`). */
export const TOOL_INDEX_FILE = REPOSITORY_PATHS.toolIndexFile;
/** Project-relative folder of this repository's manifests. */
export const MANIFEST_DIRECTORY = REPOSITORY_PATHS.manifestDirectory;
/** First line of every manifest, so editors validate it against the published language. */
export const MANIFEST_SCHEMA_COMMENT = '# yaml-language-server: $schema=../manifest.schema.json';
/** First line of `manifest/tools.yaml`. */
export const TOOL_INDEX_SCHEMA_COMMENT = '# yaml-language-server: $schema=./tools.schema.json';

/**
 * Loads manifests from texts already read: the pure core of {@link loadManifestSet}, for tests and
 * for tools that hold the files in memory. Never throws on bad input; the result is the same for
 * any order of `manifests`.
 */
export function loadManifestSources(input: {
  readonly index: SourceText;
  readonly manifests: readonly SourceText[];
  /** Values of texts a previous run parsed without a problem (`manifest-value-cache.ts`). */
  readonly values?: ManifestValueCache;
}): LoadResult {
  const issues: ManifestIssue[] = [];
  const warnings: ManifestIssue[] = [];
  const manifests = [...input.manifests].sort((left, right) =>
    compareCodeUnits(left.file, right.file),
  );

  const records: ManifestRecord[] = [];
  const nonFinite = new Set<string>();
  let unparsedFiles = false;
  for (const text of manifests) {
    const source = readSource(text, MANIFEST_SCHEMA_COMMENT, issues, input.values);
    for (const issue of issues)
      if (issue.code === 'non_finite_number') nonFinite.add(`${issue.file}\0${issue.path}`);
    if (!source) {
      unparsedFiles = true;
      continue;
    }
    if (source.value === undefined) unparsedFiles = true;
    records.push(manifestRecord(source));
  }

  const byName = new Map<string, ManifestRecord>();
  for (const record of records)
    if (record.name !== undefined && !byName.has(record.name)) byName.set(record.name, record);
  const extendsResult = resolveExtends(records, byName, unparsedFiles);
  issues.push(...extendsResult.issues);

  const index = loadIndex(input.index, issues);
  const validated: (ValidatedManifest & { readonly tool: LoadedTool })[] = [];
  const partialTargets: ImplementationTarget[] = [];
  for (const record of records) {
    if (record.source.value === undefined) continue; // its YAML problems are already reported
    // A template is only ever read through the tools that extend it.
    if (isAbstract(record)) continue;
    const resolution = extendsResult.results.get(record);
    if (!resolution?.ok) continue;
    const { chain } = resolution.resolved;
    const sources = chain.map((member) => member.source);
    const inlined = inlineSchemaRefs(
      applyManifestDefaults(resolution.resolved.merged, index?.value.defaults),
    );
    issues.push(...inlined.issues.map((draft) => issueInChain(sources, draft)));
    const merged = inlined.value;
    const parsed = ManifestSchema.safeParse(merged);
    if (!parsed.success) {
      for (const zodIssue of parsed.error.issues) {
        for (const draft of translateZodIssue(zodIssue, ManifestSchema, merged)) {
          const issue = issueInChain(sources, withJsonSchemaHint(draft, merged));
          // `.inf` is reported once, as not finite, not again as "expected an integer".
          if (!nonFinite.has(`${issue.file}\0${issue.path}`)) issues.push(issue);
        }
      }
      // Reported with the other problems of the same run, not only once those are fixed.
      issues.push(...locatedTemplateProblems(merged, sources));
      const partial = PartialTargetSchema.safeParse(merged);
      if (partial.success) {
        const root = implementationRoot(chain);
        partialTargets.push({
          file: record.source.file,
          implementation: partial.data.implementation ?? kebabCase(root?.name ?? partial.data.name),
          explicitPaths: collectExplicitPaths(merged),
          manifest: partial.data,
          locate: locateLater(record.source),
        });
      }
      continue;
    }
    const manifest = parsed.data;
    const semantic = schemaNodeProblems(manifest);
    // Depth problems name their field by a shortened path (the full one has 30+ segments).
    const locate = (draft: UnlocatedIssue): ManifestIssue => ({
      ...issueInChain(sources, draft),
      ...(draft.code === 'too_deep' ? { path: formatShortPath(draft.path) } : {}),
    });
    issues.push(...semantic.issues.map(locate));
    warnings.push(...semantic.warnings.map(locate));
    issues.push(...locatedTemplateProblems(manifest, sources));
    const expectedFile = `${kebabCase(manifest.name)}.yaml`;
    const actualFile = record.source.file.slice(record.source.file.lastIndexOf('/') + 1);
    if (actualFile !== expectedFile) {
      issues.push(
        issueInChain([record.source], {
          code: 'file_name',
          path: ['name'],
          anchor: 'value',
          expected: JSON.stringify(expectedFile),
          found: JSON.stringify(actualFile),
          message: `a manifest for ${JSON.stringify(manifest.name)} must be named ${JSON.stringify(expectedFile)}, found ${JSON.stringify(actualFile)}`,
        }),
      );
    }
    const root = implementationRoot(chain);
    const source = record.source;
    validated.push({
      manifest,
      chain: sources,
      tool: {
        manifest,
        file: source.file,
        implementation: manifest.implementation ?? kebabCase(root?.name ?? manifest.name),
        explicitPaths: collectExplicitPaths(merged),
        locate: locateLater(source),
      },
    });
  }

  issues.push(...checkCrossManifest(records, validated, index, unparsedFiles));

  if (issues.length > 0)
    return {
      ok: false,
      issues: uniqueSorted(issues),
      implementationTargets: [...validated.map((entry) => entry.tool), ...partialTargets],
    };
  const order = new Map(index!.value.registrationOrder.map((name, position) => [name, position]));
  const tools = validated
    .map((entry) => entry.tool)
    .sort((left, right) => order.get(left.manifest.name)! - order.get(right.manifest.name)!);
  const files = [input.index.file, ...manifests.map((text) => text.file)].sort(compareCodeUnits);
  return { ok: true, set: { tools, index: index!.value, files }, warnings: uniqueSorted(warnings) };
}

/**
 * A loaded tool's `locate`: its file parsed again on first use. A loaded set then holds each
 * manifest's text, not its YAML syntax tree: the trees were 70% of a loaded set's memory (48 of
 * 68 MB for 2 000 manifests), and a position is only asked for when a later step reports a
 * problem.
 */
function locateLater(source: YamlSource): (path: FieldPath) => SourcePosition {
  const { file, text } = source;
  let parsed: YamlSource | undefined;
  return (path) => (parsed ??= parseYamlSource(file, text)).locateValue(path);
}

/** The draft with advice appended when it is JSON Schema pasted into a schema field. */
function withJsonSchemaHint(draft: UnlocatedIssue, merged: unknown): UnlocatedIssue {
  const hint = jsonSchemaHint(draft.code, draft.path, (path) =>
    path.reduce<unknown>(
      (value, key) =>
        typeof value === 'object' && value !== null
          ? (value as Record<string | number, unknown>)[key]
          : undefined,
      merged,
    ),
  );
  return hint === undefined ? draft : { ...draft, message: `${draft.message}; ${hint}` };
}

function isAbstract(record: ManifestRecord): boolean {
  return record.raw?.abstract === true;
}

/**
 * The record whose handler a tool uses: the root of its `extends` chain (Task runs Agent's), not
 * counting abstract templates, which have none.
 */
function implementationRoot(chain: readonly ManifestRecord[]): ManifestRecord | undefined {
  return chain.filter((member) => !isAbstract(member)).at(-1);
}

/** The template problems of a manifest's value, each at its tag when the text holds it as written. */
function locatedTemplateProblems(value: unknown, sources: readonly YamlSource[]): ManifestIssue[] {
  return templateProblems(value).map((problem) => {
    const located = issueInChain(sources, {
      code: 'invalid_template',
      path: problem.path,
      anchor: 'value',
      message: problem.message,
    });
    // Point at the tag itself when the text holds it as written (block scalars always do).
    const owner = sources.find((member) => member.file === located.file)!;
    const tag =
      problem.snippet === undefined
        ? undefined
        : owner.locateInValue(problem.path, problem.snippet, problem.occurrence ?? 0);
    return tag === undefined ? located : { ...located, ...tag };
  });
}

function loadIndex(
  text: SourceText,
  issues: ManifestIssue[],
): { readonly value: ToolIndex; readonly source: YamlSource } | undefined {
  const source = readSource(text, TOOL_INDEX_SCHEMA_COMMENT, issues);
  if (!source || source.value === undefined) return undefined;
  const parsed = ToolIndexSchema.safeParse(source.value);
  if (!parsed.success) {
    for (const zodIssue of parsed.error.issues) {
      for (const draft of translateZodIssue(zodIssue, ToolIndexSchema, source.value))
        issues.push(issueInChain([source], draft));
    }
    return undefined;
  }
  return { value: parsed.data, source };
}

/**
 * Parses one file, reporting read errors, YAML problems and a wrong first line. With `values`, a
 * text parsed without a problem before is not parsed again, and one parsed so now is kept.
 */
function readSource(
  text: SourceText,
  schemaComment: string,
  issues: ManifestIssue[],
  values?: ManifestValueCache,
): YamlSource | undefined {
  if ('readError' in text) {
    issues.push({
      code: text.code ?? 'unreadable_file',
      file: text.file,
      line: 1,
      column: 1,
      path: '',
      message: `cannot read: ${text.readError}`,
    });
    return undefined;
  }
  const kept = values?.lookup(text.text);
  const parsed =
    kept === undefined
      ? parseYamlSource(text.file, text.text)
      : yamlSourceWithValue(text.file, text.text, kept);
  issues.push(...parsed.issues);
  let source = parsed;
  if (parsed.value !== undefined && kept === undefined) {
    const raw = rawValueProblems(parsed);
    issues.push(...raw.issues);
    // Too deep for the recursive steps after this one: treated like a file that did not parse.
    if (raw.tooDeep) source = { ...parsed, value: undefined };
    else if (parsed.issues.length === 0 && raw.issues.length === 0)
      values?.store(text.text, parsed.value);
  }
  const firstLine = text.text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/, 1)[0]!
    .trimEnd();
  if (firstLine !== schemaComment) {
    issues.push({
      code: 'missing_schema_comment',
      file: text.file,
      line: 1,
      column: 1,
      path: '',
      expected: JSON.stringify(schemaComment),
      found: JSON.stringify(firstLine),
      message: `expected first line ${JSON.stringify(schemaComment)} (editors validate against it), found ${JSON.stringify(firstLine)}`,
    });
  }
  return source;
}

/** One issue per distinct line of output (a base's problem is found again through its children). */
function uniqueSorted(issues: readonly ManifestIssue[]): ManifestIssue[] {
  const seen = new Set<string>();
  const unique: ManifestIssue[] = [];
  for (const issue of [...issues].sort(compareManifestIssues)) {
    const line = formatManifestIssue(issue);
    if (seen.has(line)) continue;
    seen.add(line);
    unique.push(issue);
  }
  return unique;
}
