/**
 * Contract fields that reach other code through structural typing: `isWorkspaceMutatingToolCall(
 * entry.metadata)` hands `metadata.sideEffectScope` to a parameter typed `{ sideEffectScope? }`,
 * whose reads resolve to that parameter type's declaration, not to the contract's. Each such
 * hand-over is a flow from the contract declaration into the other declaration, followed like a
 * copy into an object property.
 */
import { ts } from 'ts-morph';
import { propertyDeclarations } from './access-sites.js';

/** One hand-over of mapped fields into differently declared properties. */
export interface StructuralFlow {
  /** The expression handed over (the location reported). */
  readonly node: ts.Node;
  /** The mapped declarations of the field handed over. */
  readonly from: readonly ts.Node[];
  /** The declarations it arrives in. */
  readonly to: readonly ts.Node[];
}

/** How deep nested objects are compared (`entry` → `metadata` → `sideEffectScope`). */
const MAX_DEPTH = 3;

/** Find the structural hand-overs in `sourceFile`: call arguments, typed variables, typed returns. */
export function collectStructuralFlows(
  sourceFile: ts.SourceFile,
  checker: ts.TypeChecker,
  isMapped: (declaration: ts.Node) => boolean,
  isTracked: (declaration: ts.Node) => boolean,
): StructuralFlow[] {
  const flows: StructuralFlow[] = [];

  // Cheap pre-check before the target type is computed (resolving a call's signature is not):
  // does the value carry a mapped field at all, at the depths `compare` looks at?
  const carriesMapped = (type: ts.Type, depth: number): boolean => {
    const apparent = checker.getApparentType(checker.getNonNullableType(type));
    if (checker.isArrayLikeType(apparent)) {
      const item = checker.getIndexTypeOfType(apparent, ts.IndexKind.Number);
      return item !== undefined && depth < MAX_DEPTH && carriesMapped(item, depth + 1);
    }
    const members = apparent.isUnion() ? apparent.types : [apparent];
    return members.some((member) =>
      checker.getPropertiesOfType(member).some((property) => (property.declarations ?? []).some(isMapped)),
    );
  };

  const compare = (node: ts.Node, source: ts.Type, target: ts.Type, depth: number): void => {
    const sourceType = checker.getApparentType(checker.getNonNullableType(source));
    let targetType = checker.getNonNullableType(target);
    if (targetType.flags & ts.TypeFlags.TypeParameter) targetType = checker.getBaseConstraintOfType(targetType) ?? targetType;
    targetType = checker.getApparentType(targetType);
    if (checker.isArrayLikeType(sourceType) && checker.isArrayLikeType(targetType)) {
      const sourceItem = checker.getIndexTypeOfType(sourceType, ts.IndexKind.Number);
      const targetItem = checker.getIndexTypeOfType(targetType, ts.IndexKind.Number);
      if (sourceItem !== undefined && targetItem !== undefined && depth < MAX_DEPTH) {
        compare(node, sourceItem, targetItem, depth + 1);
      }
      return;
    }
    const members = sourceType.isUnion() ? sourceType.types : [sourceType];
    for (const member of members) {
      for (const property of checker.getPropertiesOfType(member)) {
        const from: ts.Node[] = (property.declarations ?? []).filter(isMapped);
        if (from.length === 0) continue;
        const to = propertyDeclarations(checker, targetType, property.name).filter(isTracked);
        if (to.length === 0 || to.some((declaration) => from.includes(declaration))) continue;
        flows.push({ node, from, to });
        if (depth < MAX_DEPTH) {
          const targetProperty = checker.getPropertyOfType(targetType, property.name);
          if (targetProperty !== undefined) {
            compare(node, checker.getTypeOfSymbol(property), checker.getTypeOfSymbol(targetProperty), depth + 1);
          }
        }
      }
    }
  };

  const handOver = (expression: ts.Expression, target: () => ts.Type | undefined): void => {
    if (isLiteralOrFunction(expression)) return;
    const source = checker.getTypeAtLocation(expression);
    if (!carriesMapped(source, 0)) return;
    const targetType = target();
    if (targetType !== undefined) compare(expression, source, targetType, 0);
  };

  const visit = (node: ts.Node): void => {
    if (ts.isTypeNode(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return;
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && node.arguments !== undefined) {
      let signature: ts.SignatureDeclaration | undefined | null = null;
      node.arguments.forEach((argument, index) => {
        handOver(argument, () => {
          // The declared (uninstantiated) parameter type: a generic `T extends { name: string }`
          // is read through its constraint's declarations.
          if (signature === null) signature = checker.getResolvedSignature(node)?.getDeclaration();
          const parameter = signature !== undefined && 'parameters' in signature ? signature.parameters[index] : undefined;
          return parameter !== undefined && parameter.dotDotDotToken === undefined ? checker.getTypeAtLocation(parameter) : undefined;
        });
      });
    } else if (ts.isVariableDeclaration(node) && node.type !== undefined && node.initializer !== undefined) {
      const type = node.type;
      handOver(node.initializer, () => checker.getTypeFromTypeNode(type));
    } else if (ts.isReturnStatement(node) && node.expression !== undefined) {
      const type = enclosingFunctionWithType(node)?.type;
      if (type !== undefined) handOver(node.expression, () => checker.getTypeFromTypeNode(type));
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return flows;
}

function isLiteralOrFunction(expression: ts.Expression): boolean {
  return (
    ts.isObjectLiteralExpression(expression) ||
    ts.isArrayLiteralExpression(expression) ||
    ts.isArrowFunction(expression) ||
    ts.isFunctionExpression(expression)
  );
}

function enclosingFunctionWithType(node: ts.Node): ts.SignatureDeclaration | undefined {
  let current = node.parent;
  while (!ts.isSourceFile(current)) {
    if (ts.isFunctionLike(current)) return current;
    current = current.parent;
  }
  return undefined;
}
