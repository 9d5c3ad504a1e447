/**
 * One classified difference between two revisions of a tool's contract: the data `diff` reports
 * (`--json` prints it as is; the terminal and markdown renderings are made from it).
 */

/**
 * - `breaking`: an existing call, saved transcript or consumer of the output stops working;
 * - `prompt-cache`: the bytes the model sees for the tool change (the provider's prompt cache is
 *   lost from this tool on), per projection;
 * - `safety`: the contract lets the tool do more with less oversight;
 * - `compatible`: anything else that changed.
 */
export type ChangeClass = 'breaking' | 'prompt-cache' | 'safety' | 'compatible';

/** Every class, in the order reports list them. */
export const CHANGE_CLASSES: readonly ChangeClass[] = [
  'breaking',
  'safety',
  'prompt-cache',
  'compatible',
];

/** What kind of change; one code per rule, stable for scripts. */
export type ChangeKind =
  // breaking
  | 'tool-removed'
  | 'tool-renamed-without-alias'
  | 'alias-removed'
  | 'parameter-required'
  | 'parameter-removed'
  | 'enum-value-removed'
  | 'type-narrowed'
  | 'object-closed'
  | 'output-changed'
  // safety
  | 'read-only-turned-on'
  | 'approval-turned-off'
  | 'always-ask-removed'
  | 'allow-always-offered'
  | 'risk-lowered'
  | 'scope-narrowed'
  | 'destructive-turned-off'
  | 'limit-raised'
  | 'timeout-removed'
  | 'permission-changed'
  | 'trace-no-longer-required'
  | 'plan-mode-allowed'
  | 'concurrency-allowed'
  // prompt cache
  | 'model-bytes-changed'
  // compatible
  | 'tool-added'
  | 'tool-renamed-with-alias'
  | 'parameter-added'
  | 'field-changed';

export interface ContractChange {
  readonly class: ChangeClass;
  readonly kind: ChangeKind;
  /**
   * Where, as a manifest field path (`input.properties.limit`, `flags.riskLevel`); for
   * `model-bytes-changed`, the projection (a `generated/model-view/` format: `anthropic`, `gemini-openapi`, …).
   */
  readonly path: string;
  /** One sentence for people: what changed, with the old and new value where short. */
  readonly message: string;
}

/** The changes of one tool, named by its name in the working tree (or the other revision when removed). */
export interface ToolDiff {
  readonly tool: string;
  /** `renamed`: the working tree's tool was called `previousName` in the other revision. */
  readonly status: 'added' | 'removed' | 'changed' | 'renamed';
  readonly previousName?: string;
  /** Sorted by class (breaking, safety, prompt cache, compatible), then path. */
  readonly changes: readonly ContractChange[];
}

export interface ContractDiff {
  /** What the working tree was compared with, as given (`HEAD`, `origin/main`, a directory). */
  readonly against: string;
  /** The commit `against` resolved to; absent for a directory. */
  readonly commit?: string;
  /** Number of tools with at least one change of each class. */
  readonly summary: Readonly<Record<ChangeClass, number>> & { readonly tools: number };
  /** Tools with changes, in the working tree's registration order, removed tools last. */
  readonly tools: readonly ToolDiff[];
}
