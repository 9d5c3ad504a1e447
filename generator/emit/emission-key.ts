/**
 * What one tool's generated files are made from, as a hash: the emitters of a tool's modules and
 * schemas are pure functions of these values (the resolved manifest, its file, implementation and
 * module names, the index's groups, the audit's notes on its fields, where the modules import
 * from) and of the generator itself, which `base` stands for. A tool whose key is the one the last
 * run recorded, and whose files on disk are still the ones it wrote, is not emitted again: an
 * edit of one manifest re-emits one tool, not all of them.
 */
import { hashParts } from '../support/hash-parts.js';

/** Everything a tool's emission reads beside the generator's own code. */
export interface EmissionInputs {
  readonly manifest: unknown;
  readonly file: string;
  readonly implementation: string;
  readonly kebab: string;
  readonly groups: unknown;
  readonly contractModule: string | undefined;
  readonly implementationModule: string;
  readonly eagerHooksModule: string | undefined;
  /** The audit's trailing comments, field path → note, in the order the audit gives them. */
  readonly annotations: readonly (readonly [string, string])[];
}

/**
 * The key of one tool's emission. `base` is a hash of everything else the output depends on —
 * the generator's sources, the libraries (lock file), the runtime it imports from — so any
 * change there changes every key.
 */
export function emissionKey(base: string, inputs: EmissionInputs): string {
  return hashParts(['tool emission v1', base, taggedJson(inputs)]);
}

/**
 * JSON in which no two different values print alike: numbers and strings are tagged (so `-0`,
 * `NaN` and the text "0" differ from `0`), and a value JSON cannot show faithfully (a Map, a
 * function) is an internal error rather than a silent `{}`.
 */
export function taggedJson(value: unknown): string {
  return JSON.stringify(value, function (this: unknown, _key: string, item: unknown) {
    switch (typeof item) {
      case 'number':
        return `n${Object.is(item, -0) ? '-0' : String(item)}`;
      case 'string':
        return `s${item}`;
      case 'bigint':
        return `b${item}`;
      case 'function':
      case 'symbol':
        throw new TypeError(`internal error: a ${typeof item} in a tool's emission inputs`);
      case 'object':
        if (item !== null && !Array.isArray(item) && !isPlainObject(item))
          throw new TypeError(
            `internal error: a ${Object.prototype.toString.call(item)} in a tool's emission inputs`,
          );
        return item;
      default:
        return item;
    }
  });
}

function isPlainObject(item: object): boolean {
  const prototype = Object.getPrototypeOf(item) as unknown;
  return prototype === Object.prototype || prototype === null;
}
