import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { jsonParseLiterals, MIN_LITERAL_LENGTH } from '../../bin/json-parse-literals.js';

/** A string long enough that a literal holding it is past {@link MIN_LITERAL_LENGTH}. */
const LONG = 'p'.repeat(MIN_LITERAL_LENGTH);
const PAD = `pad: "${LONG}"`;

describe('jsonParseLiterals rewrites a top-level literal of JSON data', () => {
  test.each([
    [
      'an object: keys quoted, numbers in their JSON form, integer keys first (as in both forms)',
      `const a = { b: 1e3, "c d": -2.5, 10: true, e: null, ${PAD} };`,
      `const a = JSON.parse('{"10":true,"b":1000,"c d":-2.5,"e":null,"pad":"${LONG}"}');`,
    ],
    [
      'an array, the outermost literal only',
      `export const list = [[1, 2], { x: [] }, "${LONG}"];`,
      `export const list = JSON.parse('[[1,2],{"x":[]},"${LONG}"]');`,
    ],
    [
      'an argument of a top-level call',
      `const s = freeze({ type: "object", ${PAD} });`,
      `const s = freeze(JSON.parse('{"type":"object","pad":"${LONG}"}'));`,
    ],
    [
      'quotes, backslashes and non-ASCII characters, written as escapes',
      `const t = { q: "it's \\\\ \u201cq\u201d \u2028 \ud83d\ude00 …", ${PAD} };`,
      `const t = JSON.parse('{"q":"it\\'s \\\\\\\\ \\u201cq\\u201d \\u2028 \\ud83d\\ude00 \\u2026","pad":"${LONG}"}');`,
    ],
  ])('%s', (_label, code, expected) => {
    expect(jsonParseLiterals(code)).toEqual({ code: expected, replaced: 1 });
  });
});

describe('jsonParseLiterals leaves alone', () => {
  test.each([
    ['a literal shorter than the minimum', 'const a = { b: 1 };'],
    ['a literal in a function, evaluated on each call', `function f() { return { ${PAD} }; }`],
    ['a literal in an arrow function', `const f = () => ({ ${PAD} });`],
    ['a literal in a class', `class C { static data = { ${PAD} }; }`],
    ['a literal in a loop', `for (const x of xs) use({ ${PAD} });`],
    ['-0, which JSON has no form for', `const a = { z: -0, ${PAD} };`],
    ['NaN and Infinity, which are identifiers', `const a = [NaN, Infinity, "${LONG}"];`],
    ['a __proto__ key, which sets the prototype', `const a = { __proto__: null, ${PAD} };`],
    ['a quoted __proto__ key', `const a = { "__proto__": [], ${PAD} };`],
    ['a key given twice', `const a = { pad: 1, ${PAD} };`],
    ['a computed key', `const a = { [k]: 1, ${PAD} };`],
    ['a shorthand property', `const a = { k, ${PAD} };`],
    ['a method', `const a = { m() {}, ${PAD} };`],
    ['a getter', `const a = { get g() { return 1; }, ${PAD} };`],
    ['a spread', `const a = { ...b, ${PAD} };`],
    ['an array hole', `const a = [1, , "${LONG}"];`],
    ['a template literal', `const a = { t: \`x\`, ${PAD} };`],
    ['a regular expression', `const a = { r: /x/g, ${PAD} };`],
    ['a bigint', `const a = { n: 1n, ${PAD} };`],
    ['a variable', `const a = { v: undefined, ${PAD} };`],
  ])('%s', (_label, code) => {
    expect(jsonParseLiterals(code)).toEqual({ code, replaced: 0 });
  });
});

/** Whether `a` and `b` are the same value: prototypes, own keys in order, `Object.is` leaves. */
function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null)
    return Object.is(a, b);
  const [protoA, protoB] = [Object.getPrototypeOf(a), Object.getPrototypeOf(b)];
  // A literal's `__proto__: {…}` makes a prototype of its own, a new one per evaluation.
  const shared = [null, Object.prototype, Array.prototype];
  if (
    shared.includes(protoA) || shared.includes(protoB)
      ? protoA !== protoB
      : !sameValue(protoA, protoB)
  )
    return false;
  const keys = Reflect.ownKeys(a);
  if (JSON.stringify(keys) !== JSON.stringify(Reflect.ownKeys(b))) return false;
  return keys.every((key) =>
    sameValue((a as Record<PropertyKey, unknown>)[key], (b as Record<PropertyKey, unknown>)[key]),
  );
}

/** JavaScript source for `value`, as a generated module writes it (numbers as literals). */
function printValue(value: unknown): string {
  if (typeof value === 'number') {
    if (Object.is(value, -0)) return '-0';
    return Number.isFinite(value)
      ? String(value)
      : Number.isNaN(value)
        ? 'NaN'
        : value > 0
          ? 'Infinity'
          : '-Infinity';
  }
  if (Array.isArray(value)) return `[${value.map(printValue).join(', ')}]`;
  if (typeof value === 'object' && value !== null)
    return `{ ${Object.entries(value)
      .map(
        ([key, item]) =>
          `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: ${printValue(item)}`,
      )
      .join(', ')} }`;
  return JSON.stringify(value);
}

const evaluate = (code: string): unknown => new Function(`let value; ${code}; return value;`)();

test('a top-level literal evaluates to the same value after the rewrite (property)', () => {
  const key = fc.oneof(fc.string(), fc.constantFrom('__proto__', '0', '10', 'a', 'constructor'));
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.string({ unit: 'grapheme' }),
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 5 }),
      fc.dictionary(key, tie('value'), { maxKeys: 5 }),
    ),
  }));
  let rewrites = 0;
  fc.assert(
    fc.property(value, (data) => {
      // Past the minimum length, so that the outer literal is rewritten whenever it is JSON data.
      const code = `value = [${printValue(data)}, "${LONG}"];`;
      const result = jsonParseLiterals(code);
      expect(sameValue(evaluate(result.code), evaluate(code))).toBe(true);
      if (result.code.startsWith('value = JSON.parse(')) {
        rewrites += 1;
        expect(result.code).toMatch(/^[\x20-\x7e]*$/);
      }
    }),
    { numRuns: 500 },
  );
  // Most values are JSON data (no -0, NaN, Infinity or __proto__ key).
  expect(rewrites).toBeGreaterThan(250);
});
