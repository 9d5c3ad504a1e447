/**
 * The name of the place a node sits in, for reports that must not change when lines move: the
 * named declarations around it (and the node itself when it is one), outermost first, joined by
 * `.` — `ToolRegistry.register`, `renderModelContract.flags.readOnly`, `ToolResultArtifact.retention`.
 * Anonymous functions and computed names add nothing; a node outside any named declaration is
 * `(module)`.
 */
import { ts } from 'ts-morph';

/** The symbol of a node at the top level of a file. */
export const MODULE_SYMBOL = '(module)';

export function symbolOf(node: ts.Node): string {
  const names: string[] = [];
  for (let current: ts.Node | undefined = node; current !== undefined; current = current.parent) {
    const name = declarationName(current);
    if (name !== undefined) names.push(name);
  }
  return names.length === 0 ? MODULE_SYMBOL : names.reverse().join('.');
}

function declarationName(node: ts.Node): string | undefined {
  if (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isClassDeclaration(node) ||
    ts.isClassExpression(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isEnumDeclaration(node) ||
    ts.isModuleDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isMethodSignature(node) ||
    ts.isPropertyDeclaration(node) ||
    ts.isPropertySignature(node) ||
    ts.isPropertyAssignment(node) ||
    ts.isShorthandPropertyAssignment(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isVariableDeclaration(node) ||
    ts.isEnumMember(node)
  ) {
    return nameText(node.name);
  }
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  return undefined;
}

function nameText(name: ts.Node | undefined): string | undefined {
  if (name === undefined) return undefined;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return undefined;
}
