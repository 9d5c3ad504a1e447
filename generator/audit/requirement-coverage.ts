/**
 * The checklist the article quotes from its agent's AGENTS.md ("every tool declares…"), per
 * tool: does the manifest declare each requirement, and does the runtime enforce the fields
 * that carry it?
 */
import type { LoadedTool } from '../manifest/manifest-set.js';
import { setsExplicitly } from './manifest-path-of.js';
import type { FieldClass } from './scan-field-readers.js';

/** One requirement of the checklist and the contract fields that carry it. */
export interface Requirement {
  readonly requirement: string;
  /** Contract field paths; `fieldsFor` narrows them per tool when some do not apply. */
  readonly fields: readonly string[];
  /** Fields the tool's manifest must write for the requirement to count as declared; default `fields`. */
  readonly declaredBy?: readonly string[];
  readonly fieldsFor?: (tool: LoadedTool) => readonly string[];
}

const BOUNDED_TIMEOUT = [
  'timeout.kind',
  'timeout.defaultMs',
  'timeout.maxMs',
  'timeout.allowCallOverride',
  'timeout.cleanupGraceMs',
];

/** The article's checklist, in its order, plus the two items our manifest language adds. */
export const REQUIREMENTS: readonly Requirement[] = [
  {
    requirement: 'input and output schema',
    fields: ['inputSchema', 'runtimeInputSchema', 'outputSchema', 'runtimeOutputSchema'],
  },
  { requirement: 'read-only', fields: ['metadata.readOnly'] },
  { requirement: 'destructive', fields: ['metadata.destructive'] },
  { requirement: 'concurrency safety', fields: ['metadata.concurrentSafe'] },
  {
    requirement: 'max output size',
    fields: ['metadata.maxOutputBytes', 'resultBudget.maxModelBytes'],
    fieldsFor: (tool) =>
      tool.manifest.maxOutputBytes === undefined
        ? ['resultBudget.maxModelBytes']
        : ['metadata.maxOutputBytes', 'resultBudget.maxModelBytes'],
  },
  {
    requirement: 'timeout',
    fields: BOUNDED_TIMEOUT,
    declaredBy: ['timeout.kind'],
    fieldsFor: (tool) =>
      tool.manifest.timeout.kind === 'none' ? ['timeout.kind'] : BOUNDED_TIMEOUT,
  },
  {
    requirement: 'cancellation semantics',
    fields: ['cancellation.supported', 'cancellation.cleanup', 'cancellation.userMessage'],
    declaredBy: ['cancellation.supported', 'cancellation.cleanup'],
  },
  {
    requirement: 'permission',
    fields: [
      'permission.permission',
      'permission.reason',
      'permission.needsApproval',
      'permission.riskLevel',
      'permission.alwaysAsk',
      'permission.askOptions.allowAlways',
      'permission.patternSources',
      'permission.alwaysAllowPatternSources',
      'permission.denyPriority',
    ],
    declaredBy: ['permission.permission'],
  },
  {
    requirement: 'side-effect scope',
    fields: ['metadata.sideEffectScope', 'permission.sideEffectScope'],
    declaredBy: ['metadata.sideEffectScope'],
  },
  { requirement: 'idempotency and recovery', fields: ['metadata.idempotent', 'metadata.recovery'] },
  {
    requirement: 'large results to a file',
    fields: [
      'resultBudget.strategy',
      'resultBudget.maxInlineBytes',
      'resultBudget.artifact.enabled',
      'resultBudget.artifact.retention',
    ],
    declaredBy: ['resultBudget.strategy'],
  },
];

/** `yes`: every field carrying it is enforced; `partly`: some are; `no`: none is. */
export type Enforcement = 'yes' | 'partly' | 'no';

export interface RequirementCoverage {
  readonly requirement: string;
  /** The manifest writes at least one of the requirement's declaring fields. */
  readonly declared: boolean;
  readonly enforced: Enforcement;
  /** Fields that carry it for this tool and are not enforced. */
  readonly notEnforced: readonly string[];
}

export interface ToolCoverage {
  readonly tool: string;
  readonly manifest: string;
  readonly requirements: readonly RequirementCoverage[];
}

/** The checklist for every tool, from the field classes of the scan. */
export function requirementCoverage(
  tools: readonly LoadedTool[],
  classOf: (fieldPath: string) => FieldClass | undefined,
): ToolCoverage[] {
  return tools.map((tool) => ({
    tool: tool.manifest.name,
    manifest: tool.file,
    requirements: REQUIREMENTS.map((requirement) => {
      const fields = requirement.fieldsFor?.(tool) ?? requirement.fields;
      const declaredBy = requirement.declaredBy ?? fields;
      const notEnforced = fields.filter((field) => classOf(field) !== 'enforced');
      const enforced: Enforcement =
        notEnforced.length === 0 ? 'yes' : notEnforced.length === fields.length ? 'no' : 'partly';
      return {
        requirement: requirement.requirement,
        declared: declaredBy.some((field) => setsExplicitly(tool, field)),
        enforced,
        notEnforced,
      };
    }),
  }));
}
