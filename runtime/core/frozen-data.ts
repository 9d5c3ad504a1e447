/**
 * Frozen contract data. Generated modules freeze their schemas, permission and budget at import
 * with {@link deepFreeze}, and the runtime shares frozen data between model-facing lists
 * instead of copying it (`runtime/core/visibility/render-model-contract.ts`). Freezing is on the
 * path of every list and MCP registration, so it has fast paths (a recursive walk within a
 * budget, a mark for trees a builder made itself); `frozen-data-reference.ts` beside it says in
 * the plainest terms what each must give, and a property test holds them equal.
 */
/** Plain objects and arrays frozen by {@link deepFreeze} with everything under them, all data. */
const frozenData = new WeakSet<object>();

/** A base whose constructor returns the object it is given (so a subclass's fields go on it). */
class ReturnsItsArgument {
  constructor(target: object) {
    return target as ReturnsItsArgument;
  }
}

/**
 * The other mark of frozen data, for a tree {@link adoptFrozenJsonTree} is given before its root
 * is frozen: a private field of this class, put on the root by `new FrozenDataBrand(root)`. Only
 * this module can add or test it, copies (spreads, `structuredClone`) never carry it, and adding
 * it costs a fraction of a `WeakSet` insertion (a registration marks two roots per MCP tool).
 */
class FrozenDataBrand extends ReturnsItsArgument {
  readonly #frozenData = true;

  static has(value: object): boolean {
    return #frozenData in value;
  }
}

/** Whether `node` was marked as frozen data, either way. */
function isMarked(node: object): boolean {
  return FrozenDataBrand.has(node) || frozenData.has(node);
}

/**
 * Freeze `value` and everything under it; returns `value`. A node frozen before by this function
 * is not walked again, so freezing a new object that shares old subtrees costs only the new
 * nodes. A node frozen by other means (`Object.freeze`, shallow) is still walked.
 */
export function deepFreeze<T>(value: T): T {
  freeze(value);
  return value;
}

/**
 * Whether `value` is a scalar (string, number, boolean, `null`, `undefined`) or plain objects and
 * arrays of them that {@link deepFreeze} froze: data nothing can change, safe to share.
 */
export function isFrozenData(value: unknown): boolean {
  if (typeof value === 'object') return value === null || isMarked(value);
  return SCALAR_TYPES.has(typeof value);
}

const SCALAR_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'boolean', 'undefined']);

/**
 * {@link deepFreeze} for a tree of data its caller has just built (an MCP schema normalised into
 * new objects): every node is frozen, and only the root is marked as data for
 * {@link isFrozenData} — marking is most of what freezing costs, and nothing reaches the inner
 * nodes but through the root. Anything that is not such a tree (a function, a class instance, a
 * cycle, nesting past {@link SIMPLE_FREEZE_DEPTH}) is frozen by {@link deepFreeze} instead, with
 * every node marked as usual.
 */
export function freezeJsonTree<T>(value: T): T {
  if (typeof value !== 'object' || value === null || isMarked(value)) return value;
  freezeBudget = SIMPLE_FREEZE_NODES;
  if (freezeSimply(value, 0, false) === DATA) frozenData.add(value);
  else freeze(value);
  return value;
}

/**
 * Mark `root` as data for {@link isFrozenData} without walking it, for a builder that made every
 * object and array under it itself, from strings, finite numbers, booleans, `null` and data
 * {@link isFrozenData} says is frozen only, and froze each with `Object.freeze` when it was
 * complete (the MCP schema walk, `runtime/integrations/mcp/normalize-common-mcp-schema.ts`; an MCP entry's
 * permission): what {@link freezeJsonTree} would do to such a tree, without its second walk.
 * `root` itself is frozen here: given before it is frozen, it is marked by a private field
 * (cheaper than the `WeakSet` {@link deepFreeze} fills). Nothing under it may be an object its
 * builder's caller holds: that one could still be changed, and a marked tree is shared as it is.
 * Returns `root`.
 */
export function adoptFrozenJsonTree<T extends object>(root: T): T {
  if (isMarked(root)) return root;
  // Marked before it is frozen (a private field may not be added to an object no longer
  // extensible: such a root goes into the WeakSet).
  if (Object.isExtensible(root)) new FrozenDataBrand(root);
  else frozenData.add(root);
  Object.freeze(root);
  return root;
}

/** Nesting and node count up to which {@link freezeSimply} walks; past them, the general walk. */
const SIMPLE_FREEZE_DEPTH = 128;
const SIMPLE_FREEZE_NODES = 10_000;
/** Nodes {@link freezeSimply} may still walk in the current call. */
let freezeBudget = 0;
const DATA = 1;
const NOT_DATA = 0;
const GAVE_UP = -1;

/**
 * Freeze the tree under `node` recursively, marking data nodes when `mark` (the root's caller
 * marks the root itself): data, not data, or given up past the depth or node budget — which is
 * where a cycle ends (it only ever goes deeper) and a DAG of many paths. A node is marked only
 * once everything under it was walked, so a walk given up leaves correct marks behind.
 */
function freezeSimply(node: object, depth: number, mark: boolean): number {
  freezeBudget -= 1;
  if (depth > SIMPLE_FREEZE_DEPTH || freezeBudget < 0) return GAVE_UP;
  Object.freeze(node);
  let data = Array.isArray(node) || isPlainObject(node);
  for (const child of Object.values(node)) {
    if (typeof child !== 'object') {
      // A scalar (as isFrozenData says, without its lookup per value), or no data.
      if (data && typeof child !== 'string' && typeof child !== 'number')
        data = typeof child === 'boolean' || child === undefined;
      continue;
    }
    if (child === null || isMarked(child)) continue;
    const verdict = freezeSimply(child, depth + 1, mark);
    if (verdict === GAVE_UP) return GAVE_UP;
    if (verdict === NOT_DATA) data = false;
    else if (mark) frozenData.add(child);
  }
  return data ? DATA : NOT_DATA;
}

/**
 * Freeze `value` and every node under it, then mark as data each node from which no function,
 * symbol, bigint or non-plain object can be reached. Walked without recursion, and exact with
 * cycles: a node is unmarked when anything it reaches, through an ancestor or not, is no data.
 */
function freeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || isMarked(value)) return;
  // Most values are small trees: walked recursively, without the bookkeeping below.
  freezeBudget = SIMPLE_FREEZE_NODES;
  const verdict = freezeSimply(value, 0, true);
  if (verdict === DATA) frozenData.add(value);
  if (verdict !== GAVE_UP) return;
  const nodes: object[] = [];
  const seen = new Set<object>([value]);
  const parents = new Map<object, object[]>();
  const notData: object[] = [];
  const stack: object[] = [value];
  while (stack.length > 0) {
    const node = stack.pop()!;
    Object.freeze(node);
    nodes.push(node);
    let data = Array.isArray(node) || isPlainObject(node);
    for (const child of Object.values(node)) {
      if (typeof child !== 'object' || child === null) {
        if (!isFrozenData(child)) data = false;
        continue;
      }
      if (isMarked(child)) continue;
      const known = parents.get(child);
      if (known === undefined) parents.set(child, [node]);
      else known.push(node);
      if (!seen.has(child)) {
        seen.add(child);
        stack.push(child);
      }
    }
    if (!data) notData.push(node);
  }
  // What is no data makes every node that reaches it no data.
  const rejected = new Set(notData);
  while (notData.length > 0)
    for (const parent of parents.get(notData.pop()!) ?? [])
      if (!rejected.has(parent)) {
        rejected.add(parent);
        notData.push(parent);
      }
  for (const node of nodes) if (!rejected.has(node)) frozenData.add(node);
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
