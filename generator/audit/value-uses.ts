/**
 * Where a value that was read goes: into logic (a condition, an operator, a call, a template…),
 * into another object's property (a projection, followed later through that property's own
 * readers), or nowhere that decides anything (a spread, an array, a return nobody uses).
 *
 * Values are followed through local variables (`const c = entry.cancellation.supported; if (c)`),
 * default values, `await`, `??` and conditional branches, and through a function's return into
 * its call sites.
 */
import { ts } from 'ts-morph';
import { propertyDeclarations } from './access-sites.js';

/** A use that makes a decision with the value. */
export const LOGIC_USES = [
  'condition',
  'operator',
  'call',
  'argument',
  'template',
  'receiver',
  'index',
  'iteration',
  'callback-return',
  'library',
  'other',
] as const;

/** A use that only moves the value. */
export const COPY_USES = [
  'object-property',
  'spread',
  'array-element',
  'returned',
  'discarded',
] as const;

/**
 * - logic uses ({@link LOGIC_USES}): `condition` (if/while/switch/ternary test, `&&`/`||` left side),
 *   `operator` (comparison, arithmetic, `!`, `typeof`), `call` (the value is called), `argument`,
 *   `template` (string interpolation), `receiver` (a method or property of the value is used, e.g.
 *   `.length`, `.map(...)`), `index` (used as a key), `iteration` (`for…of`), `callback-return`
 *   (returned from a callback given to a call), `library` (copied into a property of an object
 *   typed by a library, which the library then uses: `tool({ needsApproval })` of the AI SDK),
 *   `other` (any other expression position);
 * - copy uses ({@link COPY_USES}): `object-property` (becomes a property of another object: see
 *   `targets`), `spread`, `array-element`, `returned` (returned from a function nobody in the
 *   scanned code calls, or exported), `discarded` (an expression statement, an unused variable);
 * - `member`: the value is an object whose own field is read next (`entry.permission` in
 *   `entry.permission.reason`); neutral, the field read is counted by itself.
 */
export type UseKind = (typeof LOGIC_USES)[number] | (typeof COPY_USES)[number] | 'member';

/** One place a value ends up. */
export interface ValueUse {
  readonly kind: UseKind;
  /** Where the use is. */
  readonly node: ts.Node;
  /** `object-property`: the declarations of the property the value was copied into. */
  readonly targets?: readonly ts.Node[];
}

export function isLogicUse(kind: UseKind): boolean {
  return (LOGIC_USES as readonly string[]).includes(kind);
}

/** How deep to follow variables and returns before giving up (and counting the value as used). */
const MAX_DEPTH = 12;

export class ValueUseAnalyzer {
  readonly #checker: ts.TypeChecker;
  readonly #files: readonly ts.SourceFile[];
  readonly #isTracked: (declaration: ts.Node) => boolean;
  readonly #referencesByFile = new Map<ts.SourceFile, Map<ts.Symbol, ts.Identifier[]>>();
  #callsByFunction: Map<ts.Node, ts.CallExpression[]> | undefined;
  readonly #inProgress = new Set<ts.Node>();
  /** Uses of a variable or of a function's return, once computed (they do not change). */
  readonly #memo = new Map<ts.Node, ValueUse[]>();

  /**
   * @param files the scanned files: variable references and call sites are looked up there.
   * @param isTracked whether a property declaration belongs to the scanned code (its reads are
   *   indexed), so that reading it next is a `member` step rather than a `receiver` use.
   */
  constructor(
    checker: ts.TypeChecker,
    files: readonly ts.SourceFile[],
    isTracked: (declaration: ts.Node) => boolean,
  ) {
    this.#checker = checker;
    this.#files = files;
    this.#isTracked = isTracked;
  }

  /** Uses of the value of `node`: an expression, or an identifier a destructuring binds. */
  usesOf(node: ts.Node): ValueUse[] {
    return this.#uses(node, 0);
  }

  #uses(node: ts.Node, depth: number): ValueUse[] {
    if (depth > MAX_DEPTH) return [{ kind: 'other', node }];
    if (ts.isObjectBindingPattern(node) || ts.isArrayBindingPattern(node))
      return [{ kind: 'member', node }];
    if (ts.isIdentifier(node) && isBindingName(node)) return this.#variableUses(node, depth);
    return this.#expressionUses(node, depth);
  }

  #expressionUses(node: ts.Node, depth: number): ValueUse[] {
    const parent = node.parent;
    if (
      ts.isParenthesizedExpression(parent) ||
      ts.isAsExpression(parent) ||
      ts.isNonNullExpression(parent) ||
      ts.isSatisfiesExpression(parent) ||
      ts.isTypeAssertionExpression(parent) ||
      ts.isAwaitExpression(parent)
    ) {
      return this.#uses(parent, depth + 1);
    }
    if (ts.isConditionalExpression(parent)) {
      return parent.condition === node
        ? [{ kind: 'condition', node: parent }]
        : this.#uses(parent, depth + 1);
    }
    if (ts.isBinaryExpression(parent)) return this.#binaryUses(node, parent, depth);
    if (ts.isPrefixUnaryExpression(parent) || ts.isTypeOfExpression(parent))
      return [{ kind: 'operator', node: parent }];
    if (ts.isVoidExpression(parent) || ts.isExpressionStatement(parent))
      return [{ kind: 'discarded', node: parent }];
    if (
      (ts.isIfStatement(parent) || ts.isWhileStatement(parent) || ts.isDoStatement(parent)) &&
      parent.expression === node
    ) {
      return [{ kind: 'condition', node: parent }];
    }
    if (ts.isForStatement(parent) && parent.condition === node)
      return [{ kind: 'condition', node: parent }];
    if (ts.isSwitchStatement(parent) || ts.isCaseClause(parent))
      return [{ kind: 'condition', node: parent }];
    if (ts.isTemplateSpan(parent)) return [{ kind: 'template', node: parent }];
    if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
      return [{ kind: parent.expression === node ? 'call' : 'argument', node: parent }];
    }
    if (ts.isTaggedTemplateExpression(parent)) return [{ kind: 'call', node: parent }];
    if (ts.isPropertyAccessExpression(parent) && parent.expression === node) {
      const next = this.#checker.getSymbolAtLocation(parent.name)?.declarations ?? [];
      return [{ kind: next.some(this.#isTracked) ? 'member' : 'receiver', node: parent }];
    }
    if (ts.isElementAccessExpression(parent)) {
      if (parent.argumentExpression === node) return [{ kind: 'index', node: parent }];
      const key = parent.argumentExpression;
      const literal = ts.isStringLiteralLike(key) || ts.isNumericLiteral(key);
      const next = literal
        ? propertyDeclarations(this.#checker, this.#checker.getTypeAtLocation(node), key.text)
        : [];
      return [{ kind: next.some(this.#isTracked) ? 'member' : 'receiver', node: parent }];
    }
    if (ts.isComputedPropertyName(parent)) return [{ kind: 'index', node: parent }];
    if (ts.isForOfStatement(parent) || ts.isForInStatement(parent)) {
      return [{ kind: parent.expression === node ? 'iteration' : 'other', node: parent }];
    }
    if (
      (ts.isPropertyAssignment(parent) && parent.initializer === node) ||
      ts.isShorthandPropertyAssignment(parent)
    ) {
      const targets = this.#propertyTargets(parent);
      if (targets.some((target) => !this.#isTracked(target)))
        return [{ kind: 'library', node: parent }];
      return [{ kind: 'object-property', node: parent, targets }];
    }
    if (ts.isSpreadAssignment(parent) || ts.isSpreadElement(parent))
      return [{ kind: 'spread', node: parent }];
    if (ts.isArrayLiteralExpression(parent)) return [{ kind: 'array-element', node: parent }];
    if (ts.isReturnStatement(parent)) return this.#returnUses(parent, depth);
    if (ts.isArrowFunction(parent) && parent.body === node) return this.#returnUses(parent, depth);
    if (ts.isVariableDeclaration(parent) && parent.initializer === node) {
      return ts.isIdentifier(parent.name)
        ? this.#variableUses(parent.name, depth)
        : [{ kind: 'member', node: parent }];
    }
    if ((ts.isBindingElement(parent) || ts.isParameter(parent)) && parent.initializer === node) {
      // A default value flows into the bound variable.
      return ts.isIdentifier(parent.name)
        ? this.#variableUses(parent.name, depth)
        : [{ kind: 'member', node: parent }];
    }
    if (ts.isPropertyDeclaration(parent) && parent.initializer === node) {
      return [{ kind: 'object-property', node: parent, targets: [parent] }];
    }
    return [{ kind: 'other', node: parent }];
  }

  #binaryUses(node: ts.Node, parent: ts.BinaryExpression, depth: number): ValueUse[] {
    const operator = parent.operatorToken.kind;
    if (operator === ts.SyntaxKind.EqualsToken && parent.right === node) {
      // `target = value`: a variable is followed; a property takes the value like a literal would.
      if (ts.isIdentifier(parent.left)) {
        const symbol = this.#checker.getSymbolAtLocation(parent.left);
        const declaration = symbol?.declarations?.[0];
        if (
          declaration !== undefined &&
          'name' in declaration &&
          ts.isIdentifier(declaration.name as ts.Node)
        ) {
          return this.#variableUses(declaration.name as ts.Identifier, depth);
        }
        return [{ kind: 'other', node: parent }];
      }
      if (ts.isPropertyAccessExpression(parent.left) || ts.isElementAccessExpression(parent.left)) {
        const name = ts.isPropertyAccessExpression(parent.left)
          ? parent.left.name
          : parent.left.argumentExpression;
        const targets = this.#checker.getSymbolAtLocation(name)?.declarations ?? [];
        return [{ kind: 'object-property', node: parent, targets }];
      }
      return [{ kind: 'other', node: parent }];
    }
    if (operator === ts.SyntaxKind.QuestionQuestionToken) return this.#uses(parent, depth + 1);
    if (
      operator === ts.SyntaxKind.AmpersandAmpersandToken ||
      operator === ts.SyntaxKind.BarBarToken
    ) {
      return parent.left === node
        ? [{ kind: 'condition', node: parent }]
        : this.#uses(parent, depth + 1);
    }
    if (operator === ts.SyntaxKind.CommaToken) {
      return parent.left === node
        ? [{ kind: 'discarded', node: parent }]
        : this.#uses(parent, depth + 1);
    }
    return [{ kind: 'operator', node: parent }];
  }

  /** Declarations the property of an object literal stands for: the contextual type's and its own. */
  #propertyTargets(assignment: ts.PropertyAssignment | ts.ShorthandPropertyAssignment): ts.Node[] {
    return propertyAssignmentTargets(this.#checker, assignment);
  }

  #variableUses(name: ts.Identifier, depth: number): ValueUse[] {
    const declaration = name.parent;
    const known = this.#memo.get(declaration);
    if (known !== undefined) return known;
    if (this.#inProgress.has(declaration)) return [];
    const symbol = this.#checker.getSymbolAtLocation(name);
    if (symbol === undefined) return [{ kind: 'other', node: declaration }];
    this.#inProgress.add(declaration);
    try {
      const references = this.#references(name.getSourceFile()).get(symbol) ?? [];
      const uses = references.flatMap((reference) => this.#uses(reference, depth + 1));
      if (isExported(declaration)) uses.push({ kind: 'returned', node: declaration });
      if (uses.length === 0) uses.push({ kind: 'discarded', node: declaration });
      this.#memo.set(declaration, uses);
      return uses;
    } finally {
      this.#inProgress.delete(declaration);
    }
  }

  #returnUses(from: ts.ReturnStatement | ts.ArrowFunction, depth: number): ValueUse[] {
    const fn = ts.isArrowFunction(from) ? from : enclosingFunction(from);
    if (fn === undefined) return [{ kind: 'returned', node: from }];
    if (ts.isGetAccessorDeclaration(fn))
      return [{ kind: 'object-property', node: from, targets: [fn] }];
    const holder = fn.parent;
    if ((ts.isCallExpression(holder) || ts.isNewExpression(holder)) && holder.expression !== fn) {
      return [{ kind: 'callback-return', node: holder }];
    }
    const known = this.#memo.get(fn);
    if (known !== undefined) return known;
    if (this.#inProgress.has(fn)) return [];
    this.#inProgress.add(fn);
    try {
      const calls = this.#calls().get(fn) ?? [];
      const uses = calls.flatMap((call) => this.#uses(call, depth + 1));
      const exported = ts.isFunctionDeclaration(fn) ? isExported(fn) : isExported(holder);
      if (exported || calls.length === 0) uses.push({ kind: 'returned', node: from });
      this.#memo.set(fn, uses);
      return uses;
    } finally {
      this.#inProgress.delete(fn);
    }
  }

  /** Identifier references per symbol in one file (declaration names excluded). */
  #references(sourceFile: ts.SourceFile): Map<ts.Symbol, ts.Identifier[]> {
    let index = this.#referencesByFile.get(sourceFile);
    if (index !== undefined) return index;
    const built = new Map<ts.Symbol, ts.Identifier[]>();
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && !isBindingName(node) && !isPropertyName(node)) {
        const symbol = ts.isShorthandPropertyAssignment(node.parent)
          ? this.#checker.getShorthandAssignmentValueSymbol(node.parent)
          : this.#checker.getSymbolAtLocation(node);
        if (symbol !== undefined) {
          const list = built.get(symbol) ?? [];
          list.push(node);
          built.set(symbol, list);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
    index = built;
    this.#referencesByFile.set(sourceFile, index);
    return index;
  }

  /** Call expressions of the scanned files, by the function node they call. */
  #calls(): Map<ts.Node, ts.CallExpression[]> {
    if (this.#callsByFunction !== undefined) return this.#callsByFunction;
    const calls = new Map<ts.Node, ts.CallExpression[]>();
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const callee = ts.isPropertyAccessExpression(node.expression)
          ? node.expression.name
          : node.expression;
        let symbol = this.#checker.getSymbolAtLocation(callee);
        if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias)
          symbol = this.#checker.getAliasedSymbol(symbol);
        for (const declaration of symbol?.declarations ?? []) {
          const fn = functionOfDeclaration(declaration);
          if (fn !== undefined) {
            const list = calls.get(fn) ?? [];
            list.push(node);
            calls.set(fn, list);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    for (const file of this.#files) visit(file);
    this.#callsByFunction = calls;
    return calls;
  }
}

/**
 * The declarations a property of an object literal stands for: the property of the literal's
 * contextual type (`flags: { readOnly: … }` typed as `ModelToolFlags` → `ModelToolFlags.readOnly`)
 * and the literal's own property (what reads of an inferred object type resolve to).
 */
export function propertyAssignmentTargets(
  checker: ts.TypeChecker,
  assignment: ts.PropertyAssignment | ts.ShorthandPropertyAssignment,
): ts.Node[] {
  const targets: ts.Node[] = [assignment];
  const key =
    ts.isIdentifier(assignment.name) ||
    ts.isStringLiteral(assignment.name) ||
    ts.isNumericLiteral(assignment.name)
      ? assignment.name.text
      : undefined;
  const contextual = checker.getContextualType(assignment.parent);
  if (key !== undefined && contextual !== undefined) {
    for (const declaration of propertyDeclarations(checker, contextual, key)) {
      if (!targets.includes(declaration)) targets.push(declaration);
    }
  }
  return targets;
}

function isBindingName(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (
    (ts.isVariableDeclaration(parent) || ts.isBindingElement(parent) || ts.isParameter(parent)) &&
    parent.name === node
  );
}

function isPropertyName(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent)) return parent.name === node;
  if (
    ts.isPropertyAssignment(parent) ||
    ts.isMethodDeclaration(parent) ||
    ts.isPropertyDeclaration(parent)
  ) {
    return parent.name === node;
  }
  if (ts.isBindingElement(parent)) return parent.propertyName === node;
  return false;
}

function isExported(node: ts.Node): boolean {
  let current: ts.Node | undefined = node;
  while (current !== undefined && !ts.isSourceFile(current)) {
    if (
      ts.isVariableStatement(current) ||
      ts.isFunctionDeclaration(current) ||
      ts.isClassDeclaration(current)
    ) {
      return (
        (ts.getCombinedModifierFlags(current as ts.Declaration) & ts.ModifierFlags.Export) !== 0
      );
    }
    if (ts.isBlock(current) || ts.isArrowFunction(current) || ts.isFunctionExpression(current))
      return false;
    current = current.parent;
  }
  return false;
}

type FunctionNode =
  | ts.FunctionDeclaration
  | ts.MethodDeclaration
  | ts.ArrowFunction
  | ts.FunctionExpression
  | ts.GetAccessorDeclaration;

function enclosingFunction(node: ts.Node): FunctionNode | undefined {
  let current: ts.Node = node.parent;
  while (!ts.isSourceFile(current)) {
    if (
      ts.isFunctionDeclaration(current) ||
      ts.isMethodDeclaration(current) ||
      ts.isArrowFunction(current) ||
      ts.isFunctionExpression(current) ||
      ts.isGetAccessorDeclaration(current)
    ) {
      return current;
    }
    if (ts.isConstructorDeclaration(current) || ts.isSetAccessorDeclaration(current))
      return undefined;
    current = current.parent;
  }
  return undefined;
}

/** The function node a callee's declaration stands for (`const f = () => …` → the arrow). */
function functionOfDeclaration(declaration: ts.Node): ts.Node | undefined {
  if (ts.isFunctionDeclaration(declaration) || ts.isMethodDeclaration(declaration))
    return declaration;
  if (
    (ts.isVariableDeclaration(declaration) ||
      ts.isPropertyAssignment(declaration) ||
      ts.isPropertyDeclaration(declaration)) &&
    declaration.initializer !== undefined &&
    (ts.isArrowFunction(declaration.initializer) ||
      ts.isFunctionExpression(declaration.initializer))
  ) {
    return declaration.initializer;
  }
  return undefined;
}
