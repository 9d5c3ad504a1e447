/**
 * Changes between two revisions of a tool's `input` or `output` schema (the manifest's schema
 * language), classified for the side that uses it:
 * - `input`: the model (and every saved transcript) sends values; a change is breaking when the
 *   new schema rejects a value the old one accepted (a new required parameter, a removed
 *   parameter or enum value, a narrowed type or bound, a closed object);
 * - `output`: consumers read values; a change is breaking when the new schema can produce a value
 *   the old one could not (a removed or no longer required property, a new enum value or union
 *   branch, a changed type, `null` allowed).
 * Anything else that differs (descriptions, defaults, widened bounds) is compatible.
 */
import type { SchemaNode } from '../manifest/manifest-schema.js';
import type { ContractChange } from './contract-change.js';
import { canonicalText, describeChange, describeValue } from './diff-values.js';

export type SchemaSide = 'input' | 'output';

export function schemaChanges(
  side: SchemaSide,
  before: SchemaNode,
  after: SchemaNode,
): ContractChange[] {
  const changes: ContractChange[] = [];
  compareNode(side, before, after, side, changes);
  return changes;
}

const LOWER_BOUNDS = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems'] as const;
const UPPER_BOUNDS = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems'] as const;
/** Keywords that restrict values in ways that are not ordered (any change narrows). */
const EXACT_RESTRICTIONS = ['pattern', 'format'] as const;

function compareNode(
  side: SchemaSide,
  before: SchemaNode,
  after: SchemaNode,
  path: string,
  changes: ContractChange[],
): void {
  if (canonicalText(before) === canonicalText(after)) return;
  const breaking = (kind: ContractChange['kind'], message: string): void => {
    changes.push({
      class: 'breaking',
      kind: side === 'output' ? 'output-changed' : kind,
      path,
      message,
    });
  };
  const compatible = (message: string, at = path): void => {
    changes.push({ class: 'compatible', kind: 'field-changed', path: at, message });
  };

  if (before.type !== after.type) {
    if (side === 'input' ? accepts(after, before) : accepts(before, after))
      compatible(
        `type ${typeName(before)} → ${typeName(after)} (${side === 'input' ? 'widened' : 'narrowed'})`,
      );
    else breaking('type-narrowed', `type changes from ${typeName(before)} to ${typeName(after)}`);
    return;
  }
  const record = (node: SchemaNode): Record<string, unknown> =>
    node as unknown as Record<string, unknown>;
  const old = record(before);
  const next = record(after);

  if ((before.nullable ?? false) !== (after.nullable ?? false)) {
    const nowNullable = after.nullable === true;
    if (side === 'input' && !nowNullable) breaking('type-narrowed', 'no longer accepts null');
    else if (side === 'output' && nowNullable) breaking('output-changed', 'may now be null');
    else
      compatible(nowNullable ? 'now accepts null' : 'is never null any more', `${path}.nullable`);
  }
  for (const key of ['description', 'default'] as const) {
    if (canonicalText(old[key]) !== canonicalText(next[key]))
      compatible(describeChange(old[key], next[key]), `${path}.${key}`);
  }
  // Bounds: for inputs a tighter bound breaks calls, for outputs a looser one breaks readers.
  for (const key of [...LOWER_BOUNDS, ...UPPER_BOUNDS]) {
    const from = old[key] as number | undefined;
    const to = next[key] as number | undefined;
    if (from === to) continue;
    const lower = (LOWER_BOUNDS as readonly string[]).includes(key);
    const tighter = to !== undefined && (from === undefined || (lower ? to > from : to < from));
    const at = `${path}.${key}`;
    const message = `${key} ${describeValue(from)} → ${describeValue(to)}`;
    if (side === 'input' ? tighter : !tighter)
      changes.push({
        class: 'breaking',
        kind: side === 'input' ? 'type-narrowed' : 'output-changed',
        path: at,
        message,
      });
    else compatible(message, at);
  }
  for (const key of EXACT_RESTRICTIONS) {
    if (old[key] === next[key]) continue;
    const at = `${path}.${key}`;
    const message = `${key} ${describeValue(old[key])} → ${describeValue(next[key])}`;
    // Dropping a restriction widens what is accepted; adding or changing one may reject values.
    const widened = next[key] === undefined;
    if (side === 'input' ? !widened : widened)
      changes.push({
        class: 'breaking',
        kind: side === 'input' ? 'type-narrowed' : 'output-changed',
        path: at,
        message,
      });
    else compatible(message, at);
  }

  switch (before.type) {
    case 'object': {
      const target = after as typeof before;
      for (const [name, property] of Object.entries(before.properties)) {
        const at = `${path}.properties.${name}`;
        const counterpart = target.properties[name];
        if (counterpart === undefined) {
          if (side === 'input')
            changes.push({
              class: 'breaking',
              kind: 'parameter-removed',
              path: at,
              message: `parameter "${name}" removed`,
            });
          else
            changes.push({
              class: 'breaking',
              kind: 'output-changed',
              path: at,
              message: `property "${name}" removed`,
            });
          continue;
        }
        const wasRequired = before.required.includes(name);
        const isRequired = target.required.includes(name);
        if (!wasRequired && isRequired && side === 'input')
          changes.push({
            class: 'breaking',
            kind: 'parameter-required',
            path: at,
            message: `parameter "${name}" is now required`,
          });
        else if (wasRequired && !isRequired && side === 'output')
          changes.push({
            class: 'breaking',
            kind: 'output-changed',
            path: at,
            message: `property "${name}" is no longer always present`,
          });
        else if (wasRequired !== isRequired)
          compatible(`"${name}" ${isRequired ? 'now required' : 'now optional'}`, at);
        compareNode(side, property, counterpart, at, changes);
      }
      for (const name of Object.keys(target.properties)) {
        if (name in before.properties) continue;
        const at = `${path}.properties.${name}`;
        if (side === 'input' && target.required.includes(name))
          changes.push({
            class: 'breaking',
            kind: 'parameter-required',
            path: at,
            message: `new required parameter "${name}"`,
          });
        else if (side === 'input')
          changes.push({
            class: 'compatible',
            kind: 'parameter-added',
            path: at,
            message: `new optional parameter "${name}"`,
          });
        else compatible(`new property "${name}"`, at);
      }
      const extraBefore = before.additionalProperties;
      const extraAfter = target.additionalProperties;
      if (typeof extraBefore === 'object' && typeof extraAfter === 'object') {
        compareNode(side, extraBefore, extraAfter, `${path}.additionalProperties`, changes);
      } else if (typeof extraBefore === 'object' || typeof extraAfter === 'object') {
        // A typed map is narrower than an open object and wider than a closed one.
        const at = `${path}.additionalProperties`;
        const narrowed =
          extraAfter === false || (typeof extraAfter === 'object' && extraBefore === true);
        const message = `additionalProperties ${describeExtra(extraBefore)} → ${describeExtra(extraAfter)}`;
        if (side === 'input' ? narrowed : !narrowed)
          changes.push({
            class: 'breaking',
            kind: side === 'input' ? 'object-closed' : 'output-changed',
            path: at,
            message,
          });
        else compatible(message, at);
      } else if (before.additionalProperties !== target.additionalProperties) {
        const at = `${path}.additionalProperties`;
        if (side === 'input' && !target.additionalProperties)
          changes.push({
            class: 'breaking',
            kind: 'object-closed',
            path: at,
            message: 'object closed: unknown properties are now rejected',
          });
        else if (side === 'output' && target.additionalProperties)
          breaking(
            'output-changed',
            'object opened: values may carry properties not in the schema',
          );
        else
          compatible(
            `additionalProperties ${String(before.additionalProperties)} → ${String(target.additionalProperties)}`,
            at,
          );
      }
      return;
    }
    case 'array':
      compareNode(side, before.items, (after as typeof before).items, `${path}.items`, changes);
      return;
    case 'enum': {
      const values = (after as typeof before).values;
      const removed = before.values.filter((value) => !values.includes(value));
      const added = values.filter((value) => !before.values.includes(value));
      const at = `${path}.values`;
      if (removed.length > 0) {
        const message = `enum value${removed.length === 1 ? '' : 's'} ${removed.map(describeValue).join(', ')} removed`;
        if (side === 'input')
          changes.push({ class: 'breaking', kind: 'enum-value-removed', path: at, message });
        else compatible(message, at);
      }
      if (added.length > 0) {
        const message = `enum value${added.length === 1 ? '' : 's'} ${added.map(describeValue).join(', ')} added`;
        if (side === 'output')
          changes.push({ class: 'breaking', kind: 'output-changed', path: at, message });
        else compatible(message, at);
      }
      if (
        removed.length === 0 &&
        added.length === 0 &&
        canonicalText(before.values) !== canonicalText(values)
      )
        compatible('enum values reordered', at);
      return;
    }
    case 'const':
      if (canonicalText(before.value) !== canonicalText((after as typeof before).value))
        breaking(
          'type-narrowed',
          `const ${describeValue(before.value)} → ${describeValue((after as typeof before).value)}`,
        );
      return;
    case 'union': {
      const branches = (after as typeof before).anyOf;
      const wasExclusive = before.exclusive !== false;
      const isExclusive = (after as typeof before).exclusive !== false;
      if (wasExclusive !== isExclusive) {
        // oneOf → anyOf accepts the values two branches share: wider for inputs.
        const message = isExclusive
          ? 'union is now exclusive (oneOf)'
          : 'union is now "any of" (anyOf)';
        if (side === 'input' ? isExclusive : !isExclusive) breaking('type-narrowed', message);
        else compatible(message, `${path}.exclusive`);
      }
      const kept = (from: readonly SchemaNode[], into: readonly SchemaNode[]): boolean =>
        from.every((branch) =>
          into.some(
            (candidate) => canonicalText(strip(candidate)) === canonicalText(strip(branch)),
          ),
        );
      if (side === 'input' && !kept(before.anyOf, branches))
        breaking('type-narrowed', 'a union branch was removed or changed');
      else if (side === 'output' && !kept(branches, before.anyOf))
        breaking('output-changed', 'a union branch was added or changed');
      else if (canonicalText(before.anyOf.map(strip)) !== canonicalText(branches.map(strip)))
        compatible(
          side === 'input' ? 'union branch added' : 'union branch removed',
          `${path}.anyOf`,
        );
      else compareDescriptions(before.anyOf, branches, `${path}.anyOf`, changes);
      return;
    }
    default:
      return;
  }
}

/** Descriptions of union branches that differ only in descriptions. */
function compareDescriptions(
  before: readonly SchemaNode[],
  after: readonly SchemaNode[],
  path: string,
  changes: ContractChange[],
): void {
  before.forEach((branch, index) => {
    const counterpart = after[index];
    if (counterpart !== undefined && canonicalText(branch) !== canonicalText(counterpart))
      changes.push({
        class: 'compatible',
        kind: 'field-changed',
        path: `${path}.${index}`,
        message: 'descriptions changed',
      });
  });
}

/** The node without what does not decide which values it accepts. */
function strip(node: SchemaNode): unknown {
  return JSON.parse(
    JSON.stringify(node, (key, value: unknown) =>
      key === 'description' || key === 'default' ? undefined : value,
    ),
  );
}

/** Whether every value `narrow` accepts is accepted by `wide` (for differing node types). */
function accepts(wide: SchemaNode, narrow: SchemaNode): boolean {
  // `any` accepts every value, null included.
  if (wide.type === 'any') return true;
  if (wide.nullable !== true && narrow.nullable === true) return false;
  if (wide.type === 'number' && narrow.type === 'integer') return !hasBounds(wide);
  if (wide.type === 'union')
    return wide.anyOf.some(
      (branch) =>
        canonicalText(strip(branch)) ===
          canonicalText(strip({ ...narrow, nullable: false } as SchemaNode)) ||
        canonicalText(strip(branch)) === canonicalText(strip(narrow)),
    );
  return false;
}

function hasBounds(node: SchemaNode): boolean {
  const record = node as unknown as Record<string, unknown>;
  return [...LOWER_BOUNDS, ...UPPER_BOUNDS].some((key) => record[key] !== undefined);
}

function describeExtra(extra: boolean | SchemaNode): string {
  return typeof extra === 'object' ? `a ${extra.type} map` : String(extra);
}

function typeName(node: SchemaNode): string {
  return node.nullable === true ? `${node.type} | null` : node.type;
}
