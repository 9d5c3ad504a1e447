/**
 * The audit of a project: scan (cached), report, generated files and inline flags. This is what
 * `generate` (through {@link auditExtension}), `check --strict` and `tool-contracts audit` call.
 */
import { REPOSITORY_PATHS, type ProjectPaths } from '../support/project-paths.js';
import { RESERVED_CONTRACT_FIELDS } from '../manifest/manifest-schema.js';
import type { LoadedTool, ManifestSet } from '../manifest/manifest-set.js';
import { buildAuditReport, type AuditReport } from './build-audit-report.js';
import { committedReport } from './committed-report.js';
import { fieldAnnotations } from './field-annotations.js';
import { renderAuditMarkdown } from './render-audit-markdown.js';
import { runFieldScan } from './run-field-scan.js';

export const AUDIT_MARKDOWN_FILE = REPOSITORY_PATHS.auditMarkdownFile;
export const FIELD_READERS_FILE = REPOSITORY_PATHS.fieldReadersFile;

export interface AuditProjectOptions {
  /** The root whose `runtime/` is scanned: the project, or the package a project uses. */
  readonly projectRoot: string;
  /** Where the report files go (`generatedFolder/AUDIT.md`). Default: this repository's layout. */
  readonly paths?: ProjectPaths;
  /** The loaded manifests (what declares which field). */
  readonly set: ManifestSet;
  /** Use the scan cache. Default: true. */
  readonly cache?: boolean;
  /**
   * Line numbers in `report` may be stale when only comments and layout changed since the cached
   * scan (the committed files name no line). Default: false.
   */
  readonly ignoreLayout?: boolean;
  /** Reserved fields and their reasons. Default: `RESERVED_CONTRACT_FIELDS`. */
  readonly reserved?: Readonly<Record<string, string>>;
  /** Told when a long step starts (the scan, when not cached). */
  readonly progress?: (step: string) => void;
}

export interface ProjectAudit {
  /** The live report, with line numbers (what `tool-contracts audit` prints). */
  readonly report: AuditReport;
  /** `generated/AUDIT.md` and `generated/field-readers.json`, project-relative → text. */
  readonly files: ReadonlyMap<string, string>;
  /** Trailing comments for one tool's generated module, by contract field path. */
  annotationsFor(tool: LoadedTool): ReadonlyMap<string, string>;
  /** The scan came from the cache. */
  readonly cached: boolean;
}

export async function auditProject(options: AuditProjectOptions): Promise<ProjectAudit> {
  const { scan, cached } = await runFieldScan({
    projectRoot: options.projectRoot,
    cache: options.cache ?? true,
    ignoreLayout: options.ignoreLayout ?? false,
    ...(options.progress === undefined ? {} : { progress: options.progress }),
  });
  const report = buildAuditReport(scan, options.set, options.reserved ?? RESERVED_CONTRACT_FIELDS);
  const committed = committedReport(report);
  const paths = options.paths ?? REPOSITORY_PATHS;
  const files = new Map([
    [paths.auditMarkdownFile, await renderAuditMarkdown(committed, options.set.tools.length)],
    [paths.fieldReadersFile, `${JSON.stringify(committed, null, 2)}\n`],
  ]);
  return { report, files, cached, annotationsFor: (tool) => fieldAnnotations(committed, tool) };
}
