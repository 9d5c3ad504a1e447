import { HOOK_NAMES } from '../../runtime/core/contract.js';
import type { HookName } from '../../runtime/core/contract.js';
import type { FieldPath } from '../manifest/field-path.js';
import { formatFieldPath } from '../manifest/field-path.js';
import type { ManifestIssue, ManifestIssueCode } from '../manifest/manifest-issue.js';
import type { ImplementationTarget } from '../manifest/manifest-set.js';
import type { ExportToCheck } from './check-export-types.js';
import { REPOSITORY_PATHS } from '../support/project-paths.js';
import { readValueExports } from './read-value-exports.js';

const HOOKS: ReadonlySet<string> = new Set(HOOK_NAMES);

/**
 * Checks every tool's hand-written module `<implementations>/<implementation>.ts` (default
 * `runtime/tools/`): it must exist,
 * export `handler`, and export exactly the hooks the manifest lists in `hooks` (a declared hook
 * that is not exported and an exported hook that is not declared are both errors, placed at the
 * manifest's `hooks`). Other exports are the module's business. Then (unless `types: false`)
 * the handler and each declared hook are type-checked against their `ToolImplementation` member
 * (`check-export-types.ts`, cached), each wrong one placed at its export.
 *
 * Exports are read from the syntax (`read-value-exports.ts`, cached by the modules' content), not
 * through the type checker. The type check does build a program (seconds), which is why its
 * result is cached too: a manifest edit loads neither ts-morph nor the checker here.
 */
export async function checkHookExports(
  projectRoot: string,
  tools: readonly ImplementationTarget[],
  options: {
    readonly types?: boolean;
    /** Folder of the implementation modules, project-relative. Default: `runtime/tools`. */
    readonly implementations?: string;
    /** Told when a long step starts (the type check, when not cached). */
    readonly progress?: (step: string) => void;
  } = {},
): Promise<ManifestIssue[]> {
  const folder = options.implementations ?? REPOSITORY_PATHS.implementations;
  const exportsByModule = await readValueExports(projectRoot, folder, [
    ...new Set(tools.map((tool) => tool.implementation)),
  ]);
  const issues: ManifestIssue[] = [];
  const typed = new Map<string, ExportToCheck>();
  for (const tool of tools) {
    const module = `${folder}/${tool.implementation}.ts`;
    const issueAt = (
      code: ManifestIssueCode,
      fieldPath: FieldPath,
      message: string,
    ): ManifestIssue => ({
      code,
      file: tool.file,
      ...tool.locate(fieldPath),
      path: formatFieldPath(fieldPath),
      message,
    });
    const modulePath: FieldPath = tool.explicitPaths.has('implementation')
      ? ['implementation']
      : tool.manifest.extends !== undefined
        ? ['extends']
        : ['name'];
    const exported = exportsByModule.get(tool.implementation);
    if (!exported) {
      issues.push(
        issueAt(
          'missing_implementation',
          modulePath,
          `implementation module ${module} does not exist`,
        ),
      );
      continue;
    }
    if (!exported.has('handler')) {
      issues.push(issueAt('missing_handler', modulePath, `${module} does not export handler`));
    }
    for (const member of ['handler', ...tool.manifest.hooks])
      if (exported.has(member))
        typed.set(`${tool.implementation}.${member}`, {
          implementation: tool.implementation,
          member,
        });
    const declared = new Set<HookName>(tool.manifest.hooks);
    tool.manifest.hooks.forEach((hook, position) => {
      if (!exported.has(hook)) {
        issues.push(
          issueAt(
            'hook_not_exported',
            ['hooks', position],
            `hook ${hook} is declared but ${module} does not export it`,
          ),
        );
      }
    });
    const undeclared = [...exported]
      .filter((name) => HOOKS.has(name) && !declared.has(name as HookName))
      .sort();
    for (const hook of undeclared) {
      issues.push(
        issueAt(
          'hook_not_declared',
          ['hooks'],
          `${module} exports hook ${hook}, which hooks does not declare`,
        ),
      );
    }
  }
  if (options.types !== false) {
    const { checkExportTypesCached } = await import('./check-export-types.js');
    issues.push(
      ...(await checkExportTypesCached(projectRoot, folder, [...typed.values()], options.progress)),
    );
  }
  return issues;
}
