/**
 * Every place a source file reads a property, with the declarations the type checker resolves it
 * to. Writes, object-literal declarations and type positions are not reads and are never
 * collected; `'name' in object` tests presence, not the value, so it is not a read either.
 */
import { ts } from 'ts-morph';

/** How the property is reached. */
export type AccessKind = 'property' | 'optional-property' | 'element' | 'destructure';

/** One read of a property. */
export interface AccessSite {
  readonly kind: AccessKind;
  /** The property name node (`readOnly` in `entry.metadata.readOnly`), used for the location. */
  readonly nameNode: ts.Node;
  /**
   * The expression whose value is the property's value: the access expression itself, or the
   * bound identifier of a destructuring (a nested pattern for `{ metadata: { readOnly } }`).
   */
  readonly valueNode: ts.Node;
  /** Declarations the checker resolves the property to (every union member's). */
  readonly declarations: readonly ts.Node[];
}

/** Collect the property reads of `sourceFile`. */
export function collectAccessSites(
  sourceFile: ts.SourceFile,
  checker: ts.TypeChecker,
): AccessSite[] {
  const sites: AccessSite[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isTypeNode(node) || ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node))
      return;
    if (ts.isPropertyAccessExpression(node) && !isWriteTarget(node)) {
      const declarations = checker.getSymbolAtLocation(node.name)?.declarations ?? [];
      if (declarations.length > 0) {
        const kind = node.questionDotToken === undefined ? 'property' : 'optional-property';
        sites.push({ kind, nameNode: node.name, valueNode: node, declarations });
      }
    } else if (
      ts.isElementAccessExpression(node) &&
      isLiteralKey(node.argumentExpression) &&
      !isWriteTarget(node)
    ) {
      const key = node.argumentExpression.text;
      const declarations = propertyDeclarations(
        checker,
        checker.getTypeAtLocation(node.expression),
        key,
      );
      if (declarations.length > 0) {
        sites.push({
          kind: 'element',
          nameNode: node.argumentExpression,
          valueNode: node,
          declarations,
        });
      }
    } else if (
      ts.isBindingElement(node) &&
      ts.isObjectBindingPattern(node.parent) &&
      node.dotDotDotToken === undefined
    ) {
      const nameNode = node.propertyName ?? node.name;
      const key = propertyKey(nameNode);
      if (key !== undefined) {
        const declarations = propertyDeclarations(
          checker,
          checker.getTypeAtLocation(node.parent),
          key,
        );
        if (declarations.length > 0)
          sites.push({ kind: 'destructure', nameNode, valueNode: node.name, declarations });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return sites;
}

/** Declarations of property `key` of `type`, through unions, intersections and constraints. */
export function propertyDeclarations(
  checker: ts.TypeChecker,
  type: ts.Type,
  key: string,
): ts.Node[] {
  const apparent = checker.getApparentType(checker.getNonNullableType(type));
  const members = apparent.isUnion() ? apparent.types : [apparent];
  const found: ts.Node[] = [];
  for (const member of members) {
    const property = checker.getPropertyOfType(checker.getApparentType(member), key);
    for (const declaration of property?.declarations ?? [])
      if (!found.includes(declaration)) found.push(declaration);
  }
  return found;
}

function isLiteralKey(
  node: ts.Expression,
): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.NumericLiteral {
  return (
    ts.isStringLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    ts.isNumericLiteral(node)
  );
}

function propertyKey(node: ts.Node): string | undefined {
  if (ts.isIdentifier(node) || ts.isStringLiteral(node) || ts.isNumericLiteral(node))
    return node.text;
  if (ts.isComputedPropertyName(node) && isLiteralKey(node.expression)) return node.expression.text;
  return undefined;
}

/**
 * Whether `node` is written rather than read: the left side of an assignment (compound ones too:
 * the contract is readonly, so `x.f += 1` can only be a write to some other object), the operand
 * of `++`/`--` or `delete`, or a target inside a destructuring assignment.
 */
export function isWriteTarget(node: ts.Node): boolean {
  let current: ts.Node = node;
  let parent = current.parent;
  while (ts.isParenthesizedExpression(parent) || ts.isNonNullExpression(parent)) {
    current = parent;
    parent = current.parent;
  }
  if (
    ts.isBinaryExpression(parent) &&
    parent.left === current &&
    isAssignmentOperator(parent.operatorToken.kind)
  )
    return true;
  if (
    (ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) &&
    isIncrement(parent.operator)
  )
    return true;
  if (ts.isDeleteExpression(parent)) return true;
  return isDestructuringAssignmentTarget(current);
}

function isDestructuringAssignmentTarget(node: ts.Node): boolean {
  let current = node;
  for (;;) {
    const parent = current.parent;
    if (
      ts.isShorthandPropertyAssignment(parent) ||
      ts.isSpreadAssignment(parent) ||
      ts.isSpreadElement(parent)
    ) {
      current = parent;
    } else if (ts.isPropertyAssignment(parent) && parent.initializer === current) {
      current = parent;
    } else if (ts.isObjectLiteralExpression(parent) || ts.isArrayLiteralExpression(parent)) {
      current = parent;
    } else {
      return (
        current !== node &&
        ts.isBinaryExpression(parent) &&
        parent.left === current &&
        parent.operatorToken.kind === ts.SyntaxKind.EqualsToken
      );
    }
  }
}

function isAssignmentOperator(kind: ts.SyntaxKind): boolean {
  return kind >= ts.SyntaxKind.FirstAssignment && kind <= ts.SyntaxKind.LastAssignment;
}

function isIncrement(operator: ts.SyntaxKind): boolean {
  return operator === ts.SyntaxKind.PlusPlusToken || operator === ts.SyntaxKind.MinusMinusToken;
}
