/**
 * Expansions that can run code hidden in an argument, found on bash's parse tree: the classifier
 * treats a command that holds one as "in doubt" (no allow rule allows it, a pattern deny rule
 * makes it ask, never read-only).
 *
 * Bash runs code from places that look like plain words:
 * - parameter transformations `${x@P}` (prompt decoding performs command substitution on the
 *   variable's value) — every `@` operator is counted, `@Q` and `@E` included;
 * - indirection `${!x}` (the value names a variable, and `a[$(cmd)]` there is evaluated);
 * - arithmetic — `$((…))`, `((…))`, `let`, `for ((…))`, array subscripts, `${x:offset:length}`,
 *   `[[ x -eq y ]]` — evaluates the value of every variable it names as an expression, so
 *   `x='a[$(cmd)]'; echo $((x))` runs `cmd`: arithmetic is inert only when it is made of numbers;
 * - a parameter expansion whose word holds a substitution (`${x:-$(cmd)}`);
 * - `[[ -v NAME[SUB] ]]`, and assignments to `NAME[SUB]` with a subscript that is not a number.
 */
import type { BashNode, BashParse } from './parse-bash.js';

/** `Expansion.Op` of `${x@op}` in mvdan/sh. */
const TRANSFORMATION_OPERATOR = 84;
/** `BinaryTest.Op` of `-eq`, `-ne`, `-le`, `-ge`, `-lt`, `-gt` in `[[ … ]]`. */
const ARITHMETIC_TESTS: ReadonlySet<number> = new Set([116, 117, 118, 119, 120, 121]);
/** `UnaryTest.Op` of `-v`. */
const VARIABLE_SET_TEST = 110;
/** Nodes that introduce an arithmetic context. */
const ARITHMETIC_NODES: ReadonlySet<string> = new Set([
  'ArithmExp',
  'ArithmCmd',
  'LetClause',
  'CStyleLoop',
]);
const SUBSTITUTIONS: ReadonlySet<string> = new Set(['CmdSubst', 'ProcSubst', 'ArithmExp']);
const NUMBER = /^\s*[-+]?\s*[0-9]+\s*$/;

/** Why `node` may run code bash hides in a value; `undefined` when it cannot. */
export function executableExpansion(node: BashNode, parse: BashParse): string | undefined {
  const type = parse.kind(node);
  if (ARITHMETIC_NODES.has(type)) {
    const text = parse.text(node);
    return arithmeticIsNumeric(arithmeticBody(type, text))
      ? undefined
      : `${JSON.stringify(text)}: arithmetic evaluates the values of the variables it names`;
  }
  switch (type) {
    case 'ParamExp':
      return parameterExpansionProblem(node, parse);
    case 'Assign': {
      const index = parse.child(node, 'Index');
      return index !== undefined && !NUMBER.test(parse.text(index))
        ? `${JSON.stringify(parse.text(node))}: the subscript is evaluated as arithmetic`
        : undefined;
    }
    case 'BinaryTest': {
      if (!ARITHMETIC_TESTS.has(Number(parse.value(node, 'Op')))) return undefined;
      const sides = [parse.child(node, 'X'), parse.child(node, 'Y')];
      return sides.every((side) => side !== undefined && NUMBER.test(parse.text(side)))
        ? undefined
        : `${JSON.stringify(parse.text(node))}: [[ … ]] evaluates both sides as arithmetic`;
    }
    case 'UnaryTest': {
      if (Number(parse.value(node, 'Op')) !== VARIABLE_SET_TEST) return undefined;
      const operand = parse.child(node, 'X');
      const text = operand === undefined ? '' : parse.text(operand);
      return /^[A-Za-z_][A-Za-z0-9_]*$/.test(text)
        ? undefined
        : `${JSON.stringify(parse.text(node))}: -v evaluates the subscript`;
    }
    default:
      return undefined;
  }
}

function parameterExpansionProblem(node: BashNode, parse: BashParse): string | undefined {
  const text = parse.text(node);
  if (parse.value(node, 'Excl') === true)
    return `${text}: indirection expands a name taken from a value`;
  const expansion = parse.child(node, 'Exp');
  if (expansion !== undefined && Number(parse.value(expansion, 'Op')) === TRANSFORMATION_OPERATOR)
    return `${text}: a parameter transformation may run the value as code`;
  const index = parse.child(node, 'Index');
  if (index !== undefined && !/^\s*([0-9]+|@|\*)\s*$/.test(parse.text(index)))
    return `${text}: the subscript is evaluated as arithmetic`;
  const slice = parse.child(node, 'Slice');
  if (slice !== undefined) {
    for (const field of ['Offset', 'Length']) {
      const part = parse.child(slice, field);
      if (part !== undefined && !NUMBER.test(parse.text(part)))
        return `${text}: the offset is evaluated as arithmetic`;
    }
  }
  let substitution: string | undefined;
  for (const field of ['Exp', 'Repl']) {
    const child = parse.child(node, field);
    if (child === undefined) continue;
    parse.walk(child, (inner) => {
      if (substitution === undefined && SUBSTITUTIONS.has(parse.kind(inner)))
        substitution = parse.text(inner);
    });
  }
  return substitution === undefined
    ? undefined
    : `${text}: a parameter expansion holding ${substitution}`;
}

/** The expression of an arithmetic node, without `$((`, `((`, `let` and the closers. */
function arithmeticBody(type: string, text: string): string {
  switch (type) {
    case 'ArithmExp':
      return text.replace(/^\$(\(\(|\[)/, '').replace(/(\)\)|\])$/, '');
    case 'LetClause':
      return text.replace(/^let\b/, '');
    default:
      return text.replace(/^\(\(/, '').replace(/\)\)$/, '');
  }
}

/** Numbers and operators only: no name, no expansion, no quoting. */
function arithmeticIsNumeric(expression: string): boolean {
  const withoutNumbers = expression.replace(
    /\b(0[xX][0-9a-fA-F]+|[0-9]+#[0-9A-Za-z@_]+|[0-9]+)\b/g,
    '0',
  );
  return !/[A-Za-z_$`'"\\[]/.test(withoutNumbers);
}
