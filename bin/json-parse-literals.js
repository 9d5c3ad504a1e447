// The build's last step for the chunks that hold contract data (bin/build-dist.js): every
// object or array literal at a module's top level that is pure JSON data becomes
// `JSON.parse('…')` of the same value. V8 compiles a JSON string faster than the same data as
// JavaScript (what that saves is measured where the build uses this: bin/build-dist.js), and
// top-level code runs once, so the call is paid once. Literals inside a function, class or
// loop are left alone: there a literal is evaluated again and again, which V8 does by copying a
// boilerplate, faster than parsing anew.
//
// A literal is JSON data when it holds only strings, finite numbers other than -0, booleans,
// null, arrays without holes or spreads and objects whose keys are plain names, strings or
// numbers, none of them `__proto__` (a literal's `__proto__:` sets the prototype, JSON.parse's
// makes a property) and none twice. `JSON.parse` then builds the same value with the same
// key order. The string is written with escapes for every non-ASCII character, so a chunk that
// was ASCII stays ASCII.
import { parseAst } from 'rolldown/parseAst';

/** Not a JSON value: the literal stays as it is. */
const NOT_JSON = Symbol('not JSON');

/** Literals shorter than this (in source characters) stay: `JSON.parse('[]')` saves nothing. */
export const MIN_LITERAL_LENGTH = 80;

/** Nodes whose insides may run more than once: nothing under them is rewritten. */
const REPEATING = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
  'ClassDeclaration',
  'ClassExpression',
  'ForStatement',
  'ForInStatement',
  'ForOfStatement',
  'WhileStatement',
  'DoWhileStatement',
]);

/** The JSON value of an ESTree expression, or {@link NOT_JSON}. */
function jsonValue(node) {
  switch (node.type) {
    case 'Literal':
      if (node.regex !== undefined || node.bigint !== undefined) return NOT_JSON;
      if (node.value === null || typeof node.value === 'string' || typeof node.value === 'boolean')
        return node.value;
      return typeof node.value === 'number' && Number.isFinite(node.value) ? node.value : NOT_JSON;
    case 'UnaryExpression': {
      if (node.operator !== '-') return NOT_JSON;
      const value = jsonValue(node.argument);
      // -0 has no JSON form (it would come back as 0).
      return typeof value === 'number' && value !== 0 ? -value : NOT_JSON;
    }
    case 'ArrayExpression': {
      const values = [];
      for (const element of node.elements) {
        if (element === null || element.type === 'SpreadElement') return NOT_JSON;
        const value = jsonValue(element);
        if (value === NOT_JSON) return NOT_JSON;
        values.push(value);
      }
      return values;
    }
    case 'ObjectExpression': {
      const object = {};
      for (const property of node.properties) {
        if (
          property.type !== 'Property' ||
          property.kind !== 'init' ||
          property.computed ||
          property.method ||
          property.shorthand
        )
          return NOT_JSON;
        const key = propertyKey(property.key);
        if (key === NOT_JSON || key === '__proto__' || Object.hasOwn(object, key)) return NOT_JSON;
        const value = jsonValue(property.value);
        if (value === NOT_JSON) return NOT_JSON;
        object[key] = value;
      }
      return object;
    }
    default:
      return NOT_JSON;
  }
}

/** The property name a literal's key makes (`1e3:` names "1000"), or {@link NOT_JSON}. */
function propertyKey(key) {
  if (key.type === 'Identifier') return key.name;
  if (key.type === 'Literal' && (typeof key.value === 'string' || typeof key.value === 'number'))
    return String(key.value);
  return NOT_JSON;
}

/** `value` as JSON in a single-quoted JavaScript string literal, ASCII only. */
function jsonStringLiteral(value) {
  const text = JSON.stringify(value)
    .replace(/[\\']/g, '\\$&')
    .replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `'${text}'`;
}

/**
 * `code` (an ES module) with each top-level JSON-data literal of at least
 * {@link MIN_LITERAL_LENGTH} characters replaced by `JSON.parse` of it; the outermost one where
 * literals nest.
 * @param {string} code
 * @returns {{ code: string, replaced: number }}
 */
export function jsonParseLiterals(code) {
  const replacements = [];
  const visit = (node) => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (node === null || typeof node !== 'object' || typeof node.type !== 'string') return;
    if (REPEATING.has(node.type)) return;
    if (
      (node.type === 'ObjectExpression' || node.type === 'ArrayExpression') &&
      node.end - node.start >= MIN_LITERAL_LENGTH
    ) {
      const value = jsonValue(node);
      if (value !== NOT_JSON) {
        replacements.push({
          start: node.start,
          end: node.end,
          text: `JSON.parse(${jsonStringLiteral(value)})`,
        });
        return;
      }
    }
    for (const key in node) {
      if (key !== 'type' && key !== 'start' && key !== 'end') visit(node[key]);
    }
  };
  visit(parseAst(code, { sourceType: 'module' }).body);
  let result = '';
  let at = 0;
  for (const { start, end, text } of replacements.sort((a, b) => a.start - b.start)) {
    result += code.slice(at, start) + text;
    at = end;
  }
  return { code: result + code.slice(at), replaced: replacements.length };
}
