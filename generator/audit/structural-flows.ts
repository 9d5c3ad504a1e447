/**
 * Properties whose values reach other code through structural typing: `isWorkspaceMutatingToolCall(
 * entry.metadata)` hands `metadata.sideEffectScope` to a parameter typed `{ sideEffectScope? }`,
 * whose reads resolve to that parameter type's declaration, not to the contract's; `return {
 * artifact }` hands an untyped literal's `retention` to `ToolResultArtifact.retention`. Each such
 * hand-over is a flow from one property declaration into another, followed like a copy into an
 * object property.
 *
 * Any property declared in the scanned code can be the source (a contract field, a local
 * interface's property, an untyped literal's own property); targets are properties declared in the
 * scanned code too: a value handed to a library type ends there, as a copy into a library-typed
 * property does.
 */
import { ts } from 'ts-morph';
import { isWriteTarget, propertyDeclarations } from './access-sites.js';

/** One hand-over of properties into differently declared properties. */
export interface StructuralFlow {
  /** The expression handed over (the location reported). */
  readonly node: ts.Node;
  /** The declarations of the property handed over. */
  readonly from: readonly ts.Node[];
  /** The declarations it arrives in. */
  readonly to: readonly ts.Node[];
}

/** How deep nested objects are compared (`entry` → `metadata` → `sideEffectScope`). */
const MAX_DEPTH = 3;

/** A place where a value meets a declared type: its target type is computed only when needed. */
interface HandOver {
  readonly node: ts.Expression;
  /** The types the value is handed to (a call argument: the declared and the instantiated one). */
  readonly targets: () => readonly ts.Type[];
}

/**
 * The structural hand-overs of a set of files, found on demand: {@link StructuralFlows.from} lists
 * the flows that carry one declaration away. The hand-over places (call arguments, typed variables,
 * typed returns, properties and elements of contextually typed literals, spreads, assignments) are
 * collected once; a place's target type, which may need a call's signature resolved, is computed
 * only for places that carry a declaration somebody asked about.
 */
export class StructuralFlows {
  readonly #checker: ts.TypeChecker;
  readonly #files: readonly ts.SourceFile[];
  readonly #isTracked: (declaration: ts.Node) => boolean;
  /** Hand-overs by the tracked property declarations their value carries (to {@link MAX_DEPTH}). */
  #byCarried: Map<ts.Node, HandOver[]> | undefined;
  readonly #flowsOf = new Map<HandOver, readonly StructuralFlow[]>();
  readonly #carriedMemo = new Map<ts.Type, Map<number, readonly ts.Node[]>>();

  /**
   * @param files the files whose hand-overs count.
   * @param isTracked whether a property declaration belongs to the scanned code (it can be a
   *   source or a target; library declarations are neither).
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

  /** The flows that hand `declaration` over into other declarations, in source order. */
  from(declaration: ts.Node): StructuralFlow[] {
    const flows: StructuralFlow[] = [];
    for (const handOver of this.#index().get(declaration) ?? []) {
      for (const flow of this.#flows(handOver))
        if (flow.from.includes(declaration)) flows.push(flow);
    }
    return flows;
  }

  #index(): Map<ts.Node, HandOver[]> {
    if (this.#byCarried !== undefined) return this.#byCarried;
    const index = new Map<ts.Node, HandOver[]>();
    for (const file of this.#files) {
      for (const handOver of collectHandOvers(file, this.#checker)) {
        for (const declaration of this.#carried(
          this.#checker.getTypeAtLocation(handOver.node),
          0,
        )) {
          const list = index.get(declaration) ?? [];
          list.push(handOver);
          index.set(declaration, list);
        }
      }
    }
    this.#byCarried = index;
    return index;
  }

  /** Tracked property declarations a value of `type` carries, at `depth` and below. */
  #carried(type: ts.Type, depth: number): readonly ts.Node[] {
    let byDepth = this.#carriedMemo.get(type);
    const known = byDepth?.get(depth);
    if (known !== undefined) return known;
    if (byDepth === undefined) {
      byDepth = new Map();
      this.#carriedMemo.set(type, byDepth);
    }
    // A recursive type meets itself at a deeper depth, so the memo entry is set before descending.
    const found = new Set<ts.Node>();
    byDepth.set(depth, []);
    const checker = this.#checker;
    const apparent = checker.getApparentType(checker.getNonNullableType(type));
    if (checker.isArrayLikeType(apparent)) {
      const item = checker.getIndexTypeOfType(apparent, ts.IndexKind.Number);
      if (item !== undefined && depth < MAX_DEPTH)
        for (const declaration of this.#carried(item, depth + 1)) found.add(declaration);
    } else {
      const members = apparent.isUnion() ? apparent.types : [apparent];
      for (const member of members) {
        for (const property of checker.getPropertiesOfType(member)) {
          const declarations = (property.declarations ?? []).filter(this.#isTracked);
          if (declarations.length === 0) continue;
          for (const declaration of declarations) found.add(declaration);
          if (depth < MAX_DEPTH) {
            for (const declaration of this.#carried(checker.getTypeOfSymbol(property), depth + 1))
              found.add(declaration);
          }
        }
      }
    }
    const result = [...found];
    byDepth.set(depth, result);
    return result;
  }

  #flows(handOver: HandOver): readonly StructuralFlow[] {
    const known = this.#flowsOf.get(handOver);
    if (known !== undefined) return known;
    const found: StructuralFlow[] = [];
    const source = this.#checker.getTypeAtLocation(handOver.node);
    for (const target of handOver.targets()) this.#compare(found, handOver.node, source, target, 0);
    // The declared and the instantiated target often agree: keep each flow once.
    const keys = new Set<string>();
    const flows = found.filter((flow) => {
      const key = `${flow.from.map(nodeKey).join(',')} > ${flow.to.map(nodeKey).join(',')}`;
      if (keys.has(key)) return false;
      keys.add(key);
      return true;
    });
    this.#flowsOf.set(handOver, flows);
    return flows;
  }

  #compare(
    flows: StructuralFlow[],
    node: ts.Node,
    source: ts.Type,
    target: ts.Type,
    depth: number,
  ): void {
    const checker = this.#checker;
    const sourceType = checker.getApparentType(checker.getNonNullableType(source));
    let targetType = checker.getNonNullableType(target);
    if (targetType.flags & ts.TypeFlags.TypeParameter)
      targetType = checker.getBaseConstraintOfType(targetType) ?? targetType;
    targetType = checker.getApparentType(targetType);
    if (checker.isArrayLikeType(sourceType) && checker.isArrayLikeType(targetType)) {
      const sourceItem = checker.getIndexTypeOfType(sourceType, ts.IndexKind.Number);
      const targetItem = checker.getIndexTypeOfType(targetType, ts.IndexKind.Number);
      if (sourceItem !== undefined && targetItem !== undefined && depth < MAX_DEPTH) {
        this.#compare(flows, node, sourceItem, targetItem, depth + 1);
      }
      return;
    }
    const members = sourceType.isUnion() ? sourceType.types : [sourceType];
    for (const member of members) {
      for (const property of checker.getPropertiesOfType(member)) {
        const from: ts.Node[] = (property.declarations ?? []).filter(this.#isTracked);
        if (from.length === 0) continue;
        const to = propertyDeclarations(checker, targetType, property.name).filter(this.#isTracked);
        if (to.length === 0 || to.some((declaration) => from.includes(declaration))) continue;
        flows.push({ node, from, to });
        if (depth < MAX_DEPTH) {
          const targetProperty = checker.getPropertyOfType(targetType, property.name);
          if (targetProperty !== undefined) {
            this.#compare(
              flows,
              node,
              checker.getTypeOfSymbol(property),
              checker.getTypeOfSymbol(targetProperty),
              depth + 1,
            );
          }
        }
      }
    }
  }
}

/** Every place in `sourceFile` where a non-literal value meets a declared or contextual type. */
function collectHandOvers(sourceFile: ts.SourceFile, checker: ts.TypeChecker): HandOver[] {
  const handOvers: HandOver[] = [];
  // Literals and functions are not handed over whole: a literal's properties are copies of their
  // own (followed by the value analysis), and its nested values are visited as places themselves.
  const add = (node: ts.Expression, targets: () => readonly ts.Type[]): void => {
    if (!isLiteralOrFunction(node)) handOvers.push({ node, targets });
  };
  const declared = (type: ts.TypeNode) => () => [checker.getTypeFromTypeNode(type)];
  const contextual = (node: ts.Expression) => () => {
    const type = checker.getContextualType(node);
    return type === undefined ? [] : [type];
  };

  const visit = (node: ts.Node): void => {
    if (ts.isTypeNode(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node))
      return;
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && node.arguments !== undefined) {
      let signature: ts.SignatureDeclaration | undefined | null = null;
      node.arguments.forEach((argument, index) => {
        add(argument, () => {
          // The declared (uninstantiated) parameter type: a generic `T extends { name: string }`
          // is read through its constraint's declarations. The instantiated one too: `push(item)`
          // on a `Record[]` hands `item` to `Record` (the declaration only says `...items: T[]`).
          if (signature === null) signature = checker.getResolvedSignature(node)?.getDeclaration();
          const parameter =
            signature !== undefined && 'parameters' in signature
              ? signature.parameters[index]
              : undefined;
          const types =
            parameter !== undefined && parameter.dotDotDotToken === undefined
              ? [checker.getTypeAtLocation(parameter)]
              : [];
          const instantiated = checker.getContextualType(argument);
          if (instantiated !== undefined && !types.includes(instantiated)) types.push(instantiated);
          return types;
        });
      });
    } else if (
      ts.isVariableDeclaration(node) &&
      node.type !== undefined &&
      node.initializer !== undefined
    ) {
      add(node.initializer, declared(node.type));
    } else if (ts.isReturnStatement(node) && node.expression !== undefined) {
      const type = enclosingFunction(node)?.type;
      if (type !== undefined) add(node.expression, declared(type));
    } else if (ts.isArrowFunction(node) && !ts.isBlock(node.body) && node.type !== undefined) {
      add(node.body, declared(node.type));
    } else if (
      ts.isPropertyAssignment(node) &&
      ts.isObjectLiteralExpression(node.parent) &&
      !isWriteTarget(node.initializer)
    ) {
      add(node.initializer, contextual(node.initializer));
    } else if (ts.isShorthandPropertyAssignment(node) && !isWriteTarget(node.name)) {
      add(node.name, contextual(node.name));
    } else if (ts.isSpreadAssignment(node) && !isWriteTarget(node.expression)) {
      // `{ ...plan }`: every property of `plan` lands in the literal's contextual type.
      add(node.expression, contextual(node.parent));
    } else if (ts.isArrayLiteralExpression(node) && !isWriteTarget(node)) {
      for (const element of node.elements)
        if (!ts.isSpreadElement(element) && !ts.isOmittedExpression(element))
          add(element, contextual(element));
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      (ts.isPropertyAccessExpression(node.left) || ts.isElementAccessExpression(node.left))
    ) {
      const left = node.left;
      add(node.right, () => [checker.getTypeAtLocation(left)]);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return handOvers;
}

function nodeKey(node: ts.Node): string {
  return `${node.getSourceFile().fileName}:${node.pos}:${node.end}`;
}

function isLiteralOrFunction(expression: ts.Expression): boolean {
  return (
    ts.isObjectLiteralExpression(expression) ||
    ts.isArrayLiteralExpression(expression) ||
    ts.isArrowFunction(expression) ||
    ts.isFunctionExpression(expression)
  );
}

function enclosingFunction(node: ts.Node): ts.SignatureDeclaration | undefined {
  let current = node.parent;
  while (!ts.isSourceFile(current)) {
    if (ts.isFunctionLike(current)) return current;
    current = current.parent;
  }
  return undefined;
}
