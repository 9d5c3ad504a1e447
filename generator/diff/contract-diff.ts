/**
 * The classified difference between two sets of loaded manifests (the other revision → the
 * working tree), per tool. Pure: loading the revisions is `load-revision.ts`'s job, wording the
 * result `render-contract-diff.ts`'s.
 *
 * Tools are matched by name; a tool that is gone under its old name is a rename when a new tool
 * keeps the old name in `aliases` (compatible) or has the same `capability` (breaking: calls by
 * the old name fail). Values are compared after `extends` and defaults are applied, so moving a
 * field to a base manifest or reordering keys in YAML is no change at all.
 */
import type { Manifest } from '../manifest/manifest-schema.js';
import type { LoadedTool } from '../manifest/manifest-set.js';
import {
  CHANGE_CLASSES,
  type ChangeClass,
  type ContractChange,
  type ContractDiff,
  type ToolDiff,
} from './contract-change.js';
import { canonicalText, describeChange, describeValue } from './diff-values.js';
import { schemaChanges } from './schema-changes.js';

export interface DiffInput {
  /** The other revision's tools (registration order). */
  readonly before: readonly LoadedTool[];
  /** The working tree's tools (registration order). */
  readonly after: readonly LoadedTool[];
  /** Projection name → canonical model-visible bytes of a tool (see `model-projections.ts`). */
  readonly modelBytes: (tool: LoadedTool) => ReadonlyMap<string, string>;
}

export function contractDiff(input: DiffInput, against: string, commit?: string): ContractDiff {
  const beforeByName = new Map(input.before.map((tool) => [tool.manifest.name, tool]));
  const afterNames = new Set(input.after.map((tool) => tool.manifest.name));
  const gone = new Set(
    input.before.map((tool) => tool.manifest.name).filter((name) => !afterNames.has(name)),
  );
  const tools: ToolDiff[] = [];

  for (const tool of input.after) {
    const name = tool.manifest.name;
    const same = beforeByName.get(name);
    if (same !== undefined) {
      const changes = toolChanges(same, tool, input.modelBytes);
      if (changes.length > 0)
        tools.push({ tool: name, status: 'changed', changes: sorted(changes) });
      continue;
    }
    const aliased = tool.manifest.aliases.find((alias) => gone.has(alias));
    const sameCapability = [...gone].find(
      (old) => beforeByName.get(old)!.manifest.capability === tool.manifest.capability,
    );
    const previousName = aliased ?? sameCapability;
    if (previousName !== undefined) {
      gone.delete(previousName);
      const previous = beforeByName.get(previousName)!;
      const rename: ContractChange =
        aliased !== undefined
          ? {
              class: 'compatible',
              kind: 'tool-renamed-with-alias',
              path: 'name',
              message: `renamed from ${previousName}; calls by the old name still work (kept in aliases)`,
            }
          : {
              class: 'breaking',
              kind: 'tool-renamed-without-alias',
              path: 'name',
              message: `renamed from ${previousName} without keeping "${previousName}" in aliases: calls by the old name fail`,
            };
      tools.push({
        tool: name,
        status: 'renamed',
        previousName,
        changes: sorted([rename, ...toolChanges(previous, tool, input.modelBytes)]),
      });
      continue;
    }
    tools.push({
      tool: name,
      status: 'added',
      changes: sorted([
        { class: 'compatible', kind: 'tool-added', path: 'name', message: 'new tool' },
        ...cacheChanges(new Map(), input.modelBytes(tool), 'new tool in the list'),
      ]),
    });
  }
  for (const name of gone) {
    const tool = beforeByName.get(name)!;
    tools.push({
      tool: name,
      status: 'removed',
      changes: sorted([
        {
          class: 'breaking',
          kind: 'tool-removed',
          path: 'name',
          message: 'tool removed: calls to it fail',
        },
        ...cacheChanges(input.modelBytes(tool), new Map(), 'tool no longer in the list'),
      ]),
    });
  }
  const summary = Object.fromEntries(
    CHANGE_CLASSES.map((changeClass) => [
      changeClass,
      tools.filter((tool) => tool.changes.some((change) => change.class === changeClass)).length,
    ]),
  ) as Record<ChangeClass, number>;
  return {
    against,
    ...(commit === undefined ? {} : { commit }),
    summary: { ...summary, tools: tools.length },
    tools,
  };
}

/** Every change between two revisions of one tool (names may differ: a rename). */
export function toolChanges(
  before: LoadedTool,
  after: LoadedTool,
  modelBytes: DiffInput['modelBytes'],
): ContractChange[] {
  const old = before.manifest;
  const next = after.manifest;
  const changes: ContractChange[] = [
    ...schemaChanges('input', old.input, next.input),
    ...schemaChanges('output', old.output, next.output),
    ...aliasChanges(old, next),
    ...safetyChanges(old, next),
  ];
  // Every other field that differs, once, as compatible (a field covered above is not repeated).
  const covered = new Set(changes.map((change) => change.path));
  const oldLeaves = leaves(withoutSchemas(old));
  const newLeaves = leaves(withoutSchemas(next));
  for (const path of [...new Set([...oldLeaves.keys(), ...newLeaves.keys()])].sort(comparePaths)) {
    if (path === 'name' || covered.has(path) || coveredByKind(path, covered)) continue;
    const from = oldLeaves.get(path);
    const to = newLeaves.get(path);
    if (canonicalText(from) === canonicalText(to)) continue;
    changes.push({
      class: 'compatible',
      kind: 'field-changed',
      path,
      message: describeChange(from, to),
    });
  }
  changes.push(
    ...cacheChanges(modelBytes(before), modelBytes(after), 'model-visible bytes change'),
  );
  return changes;
}

/** A classified change of `X.kind` (a timeout removed) covers the fields under `X`. */
function coveredByKind(path: string, covered: ReadonlySet<string>): boolean {
  const parent = path.slice(0, path.lastIndexOf('.'));
  return parent !== '' && covered.has(`${parent}.kind`);
}

function cacheChanges(
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
  what: string,
): ContractChange[] {
  const changes: ContractChange[] = [];
  for (const projection of new Set([...before.keys(), ...after.keys()])) {
    const from = before.get(projection);
    const to = after.get(projection);
    if (from === to) continue;
    changes.push({
      class: 'prompt-cache',
      kind: 'model-bytes-changed',
      path: projection,
      message: `${what} (${sizes(from, to)})`,
    });
  }
  return changes;
}

/** `1542 → 1551 bytes`, `not sent → 840 bytes`. */
function sizes(from: string | undefined, to: string | undefined): string {
  const size = (text: string | undefined): string =>
    text === undefined ? 'not sent' : String(Buffer.byteLength(text, 'utf8'));
  return `${size(from)} → ${size(to)}${to === undefined ? '' : ' bytes'}`;
}

function aliasChanges(old: Manifest, next: Manifest): ContractChange[] {
  return old.aliases
    .filter((alias) => !next.aliases.includes(alias) && alias !== next.name)
    .map((alias) => ({
      class: 'breaking' as const,
      kind: 'alias-removed' as const,
      path: 'aliases',
      message: `alias "${alias}" removed: calls by it fail`,
    }));
}

const RISK_RANK: Readonly<Record<string, number>> = { low: 0, medium: 1, high: 2 };
/** Broader scopes rank higher; `session` and `userInteraction` are side by side. */
const SCOPE_RANK: Readonly<Record<string, number>> = {
  none: 0,
  session: 1,
  userInteraction: 1,
  workspace: 2,
  git: 3,
  network: 4,
  system: 5,
};

/** A limit's value, `Infinity` when there is none. */
type Limit = number;

interface SafetyRule {
  readonly path: string;
  readonly kind: ContractChange['kind'];
  /** Whether the rule applies (for effective values: when either side writes the field). */
  readonly applies?: (old: Manifest, next: Manifest) => boolean;
  readonly value: (manifest: Manifest) => unknown;
  readonly loosens: (from: unknown, to: unknown) => boolean;
  readonly message: (from: unknown, to: unknown) => string;
}

const turnedOn = (from: unknown, to: unknown): boolean => from !== true && to === true;
const turnedOff = (from: unknown, to: unknown): boolean => from === true && to !== true;
const raised = (from: unknown, to: unknown): boolean => (to as Limit) > (from as Limit);
const lowered =
  (rank: Readonly<Record<string, number>>) =>
  (from: unknown, to: unknown): boolean =>
    rank[to as string]! < rank[from as string]!;
const transition = (name: string) => (from: unknown, to: unknown) =>
  `${name} ${describeLimit(from)} → ${describeLimit(to)}`;

function describeLimit(value: unknown): string {
  return value === Infinity ? 'no limit' : describeValue(value);
}

const boundedTimeout = (
  manifest: Manifest,
  key: 'defaultMs' | 'maxMs' | 'cleanupGraceMs',
): Limit => (manifest.timeout.kind === 'bounded' ? manifest.timeout[key] : Infinity);

const writesPermission =
  (key: 'riskLevel' | 'sideEffectScope' | 'needsApproval') =>
  (old: Manifest, next: Manifest): boolean =>
    old.permission[key] !== undefined || next.permission[key] !== undefined;

/** Changes that let a tool do more with less oversight. */
const SAFETY_RULES: readonly SafetyRule[] = [
  {
    path: 'flags.readOnly',
    kind: 'read-only-turned-on',
    value: (manifest) => manifest.flags.readOnly,
    loosens: turnedOn,
    message: () => 'readOnly turned on: the runtime treats calls as read-only',
  },
  {
    path: 'flags.needsApproval',
    kind: 'approval-turned-off',
    value: (manifest) => manifest.flags.needsApproval,
    loosens: turnedOff,
    message: () => 'needsApproval turned off',
  },
  {
    path: 'permission.needsApproval',
    kind: 'approval-turned-off',
    applies: writesPermission('needsApproval'),
    value: (manifest) => manifest.permission.needsApproval ?? manifest.flags.needsApproval,
    loosens: turnedOff,
    message: () => 'permission.needsApproval turned off',
  },
  {
    path: 'permission.alwaysAsk',
    kind: 'always-ask-removed',
    value: (manifest) => manifest.permission.alwaysAsk,
    loosens: turnedOff,
    message: () => 'alwaysAsk removed: the user is no longer asked in every mode',
  },
  {
    path: 'permission.askOptions.allowAlways',
    kind: 'allow-always-offered',
    value: (manifest) => manifest.permission.askOptions.allowAlways,
    loosens: turnedOn,
    message: () => 'the approval prompt now offers “always allow”',
  },
  {
    path: 'flags.riskLevel',
    kind: 'risk-lowered',
    value: (manifest) => manifest.flags.riskLevel,
    loosens: lowered(RISK_RANK),
    message: transition('lowered'),
  },
  {
    path: 'permission.riskLevel',
    kind: 'risk-lowered',
    applies: writesPermission('riskLevel'),
    value: (manifest) => manifest.permission.riskLevel ?? manifest.flags.riskLevel,
    loosens: lowered(RISK_RANK),
    message: transition('lowered'),
  },
  {
    path: 'flags.sideEffectScope',
    kind: 'scope-narrowed',
    value: (manifest) => manifest.flags.sideEffectScope,
    loosens: lowered(SCOPE_RANK),
    message: transition('narrowed'),
  },
  {
    path: 'permission.sideEffectScope',
    kind: 'scope-narrowed',
    applies: writesPermission('sideEffectScope'),
    value: (manifest) => manifest.permission.sideEffectScope ?? manifest.flags.sideEffectScope,
    loosens: lowered(SCOPE_RANK),
    message: transition('narrowed'),
  },
  {
    path: 'flags.destructive',
    kind: 'destructive-turned-off',
    value: (manifest) => manifest.flags.destructive,
    loosens: turnedOff,
    message: () => 'destructive turned off',
  },
  {
    path: 'flags.allowedInPlanMode',
    kind: 'plan-mode-allowed',
    value: (manifest) => manifest.flags.allowedInPlanMode,
    loosens: turnedOn,
    message: () => 'now allowed in plan mode',
  },
  {
    path: 'flags.concurrentSafe',
    kind: 'concurrency-allowed',
    value: (manifest) => manifest.flags.concurrentSafe,
    loosens: turnedOn,
    message: () => 'concurrentSafe turned on: calls may run in parallel',
  },
  {
    path: 'permission.permission',
    kind: 'permission-changed',
    value: (manifest) => manifest.permission.permission,
    loosens: (from, to) => from !== to,
    message: (from, to) =>
      `new permission ${describeValue(to)} (was ${describeValue(from)}): rules keyed on the old one no longer apply`,
  },
  {
    path: 'trace.required',
    kind: 'trace-no-longer-required',
    value: (manifest) => manifest.trace.required,
    loosens: turnedOff,
    message: () => 'a trace is no longer required',
  },
  {
    path: 'timeout.kind',
    kind: 'timeout-removed',
    value: (manifest) => manifest.timeout.kind,
    loosens: (from, to) => from === 'bounded' && to === 'none',
    message: () => 'timeout removed: calls may run for ever',
  },
  ...(['defaultMs', 'maxMs', 'cleanupGraceMs'] as const).map((key): SafetyRule => ({
    path: `timeout.${key}`,
    kind: 'limit-raised',
    applies: (old, next) => old.timeout.kind === 'bounded' && next.timeout.kind === 'bounded',
    value: (manifest) => boundedTimeout(manifest, key),
    loosens: raised,
    message: transition('raised'),
  })),
  {
    path: 'timeout.allowCallOverride',
    kind: 'limit-raised',
    value: (manifest) =>
      manifest.timeout.kind === 'bounded' ? manifest.timeout.allowCallOverride : false,
    loosens: turnedOn,
    message: () => 'calls may now override the timeout (up to maxMs)',
  },
  {
    path: 'resultBudget.maxModelBytes',
    kind: 'limit-raised',
    value: (manifest) => manifest.resultBudget.maxModelBytes,
    loosens: raised,
    message: transition('raised'),
  },
  {
    path: 'resultBudget.maxInlineBytes',
    kind: 'limit-raised',
    value: (manifest) =>
      manifest.resultBudget.maxInlineBytes ?? manifest.resultBudget.maxModelBytes,
    loosens: raised,
    message: transition('raised'),
  },
  {
    path: 'resultBudget.preview.maxBytes',
    kind: 'limit-raised',
    value: (manifest) =>
      manifest.resultBudget.preview.maxBytes ?? manifest.resultBudget.maxModelBytes,
    loosens: raised,
    message: transition('raised'),
  },
  {
    path: 'maxOutputBytes',
    kind: 'limit-raised',
    value: (manifest) => manifest.maxOutputBytes ?? Infinity,
    loosens: raised,
    message: transition('raised'),
  },
];

function safetyChanges(old: Manifest, next: Manifest): ContractChange[] {
  const changes: ContractChange[] = [];
  for (const rule of SAFETY_RULES) {
    if (rule.applies !== undefined && !rule.applies(old, next)) continue;
    const from = rule.value(old);
    const to = rule.value(next);
    if (canonicalText(from) === canonicalText(to) || !rule.loosens(from, to)) continue;
    changes.push({
      class: 'safety',
      kind: rule.kind,
      path: rule.path,
      message: rule.message(from, to),
    });
  }
  return changes;
}

function withoutSchemas(manifest: Manifest): Record<string, unknown> {
  const { input: _input, output: _output, ...rest } = manifest;
  return rest;
}

/** Leaf values by dotted path; arrays are leaves (compared whole). */
function leaves(
  value: Record<string, unknown>,
  prefix = '',
  into = new Map<string, unknown>(),
): Map<string, unknown> {
  for (const [key, child] of Object.entries(value)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (child !== null && typeof child === 'object' && !Array.isArray(child))
      leaves(child as Record<string, unknown>, path, into);
    else if (child !== undefined) into.set(path, child);
  }
  return into;
}

const CLASS_ORDER = new Map(CHANGE_CLASSES.map((changeClass, index) => [changeClass, index]));

/** By class, then path; `Array.prototype.sort` is stable, so equal keys keep their order. */
function sorted(changes: readonly ContractChange[]): ContractChange[] {
  return [...changes].sort(
    (left, right) =>
      CLASS_ORDER.get(left.class)! - CLASS_ORDER.get(right.class)! ||
      // Prompt-cache changes keep the order of MODEL_PROJECTIONS.
      (left.class === 'prompt-cache'
        ? 0
        : comparePaths(left.path, right.path) || comparePaths(left.message, right.message)),
  );
}

function comparePaths(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
