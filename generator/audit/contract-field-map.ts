/**
 * Which property declarations of `runtime/core/contract.ts` are contract fields, and under which path.
 *
 * The audit names fields by their path in `ToolContract` (`permission.patternSources`,
 * `resultBudget.preview.direction`, `timeout.cleanupGraceMs`). The map is built from the types
 * themselves, so a field added to the contract is audited without touching this module.
 */
import { ts } from 'ts-morph';

/** What a mapped declaration is. */
export type MappedFieldKind = 'contract' | 'model' | 'hook';

/** One path a declaration is known under. */
export interface MappedField {
  readonly kind: MappedFieldKind;
  /**
   * `contract`: path in `ToolContract` (`metadata.readOnly`); `model`: path in
   * `ModelToolContract`, prefixed (`ModelToolContract.flags.readOnly`); `hook`: the hook name.
   */
  readonly path: string;
}

/** The declaration → field map of one contract file. */
export interface ContractFieldMap {
  /** Leaf contract field paths (what the audit reports), in declaration order. */
  readonly fieldPaths: readonly string[];
  /** Contract paths that have fields below them (`permission`, `resultBudget.preview`). */
  readonly containerPaths: ReadonlySet<string>;
  /** Leaf paths of `ModelToolContract` that are not contract declarations themselves. */
  readonly modelPaths: readonly string[];
  /** Hook names of `ToolHooks`, in declaration order. */
  readonly hookNames: readonly string[];
  /** Every mapped declaration node, in the order the walk met them. */
  readonly declarations: readonly ts.Node[];
  /** The mapped fields a declaration node stands for (several for a shared declaration). */
  fieldsOf(declaration: ts.Node): readonly MappedField[] | undefined;
}

/** Names of the root types in the contract file. */
export const CONTRACT_ROOT = 'ToolContract';
export const MODEL_CONTRACT_ROOT = 'ModelToolContract';
export const HOOKS_ROOT = 'ToolHooks';

/**
 * Walk `ToolContract`, `ModelToolContract` and `ToolHooks` in `contractFile` and map every property
 * declaration reached to its path. Object-typed properties are descended into when all their
 * properties are declared in the contract file (so `readonly string[]`, zod types, JSON Schema
 * records and functions are leaves); each member of a union contributes its own declarations
 * (`timeout.defaultMs` comes from the `bounded` member, `timeout.kind` from both).
 */
export function buildContractFieldMap(
  checker: ts.TypeChecker,
  contractFile: ts.SourceFile,
): ContractFieldMap {
  const byDeclaration = new Map<ts.Node, MappedField[]>();
  const fieldPaths: string[] = [];
  const modelPaths: string[] = [];
  const containerPaths = new Set<string>();
  const hookNames: string[] = [];

  const add = (declaration: ts.Node, field: MappedField): void => {
    const list = byDeclaration.get(declaration) ?? [];
    if (!list.some((known) => known.kind === field.kind && known.path === field.path))
      list.push(field);
    byDeclaration.set(declaration, list);
  };

  const walk = (
    type: ts.Type,
    prefix: string,
    kind: 'contract' | 'model',
    leaves: string[],
  ): void => {
    for (const property of checker.getPropertiesOfType(type)) {
      const declarations = property.declarations ?? [];
      if (kind === 'model' && declarations.some((declaration) => mappedAs(declaration, 'contract')))
        continue;
      const path = prefix === '' ? property.name : `${prefix}.${property.name}`;
      const label = kind === 'model' ? `${MODEL_CONTRACT_ROOT}.${path}` : path;
      for (const declaration of declarations) add(declaration, { kind, path: label });
      const propertyType = checker.getNonNullableType(checker.getTypeOfSymbol(property));
      const members = propertyType.isUnion() ? propertyType.types : [propertyType];
      if (members.every((member) => isContractObject(member))) {
        if (kind === 'contract') containerPaths.add(path);
        for (const member of members) walk(member, path, kind, leaves);
      } else if (!leaves.includes(label)) {
        leaves.push(label);
      }
    }
  };

  const mappedAs = (declaration: ts.Node, kind: MappedFieldKind): boolean =>
    (byDeclaration.get(declaration) ?? []).some((field) => field.kind === kind);

  const isContractObject = (type: ts.Type): boolean => {
    if (type.getCallSignatures().length > 0) return false;
    if (!(type.flags & ts.TypeFlags.Object)) return false;
    const properties = checker.getPropertiesOfType(type);
    return (
      properties.length > 0 &&
      properties.every((property) =>
        (property.declarations ?? []).every(
          (declaration) => declaration.getSourceFile() === contractFile,
        ),
      )
    );
  };

  const contractType = rootType(checker, contractFile, CONTRACT_ROOT);
  walk(contractType, '', 'contract', fieldPaths);
  const modelType = rootType(checker, contractFile, MODEL_CONTRACT_ROOT);
  walk(modelType, '', 'model', modelPaths);
  const hooksType = rootType(checker, contractFile, HOOKS_ROOT);
  for (const property of checker.getPropertiesOfType(hooksType)) {
    hookNames.push(property.name);
    for (const declaration of property.declarations ?? [])
      add(declaration, { kind: 'hook', path: property.name });
  }

  return {
    fieldPaths,
    containerPaths,
    modelPaths,
    hookNames,
    declarations: [...byDeclaration.keys()],
    fieldsOf: (declaration) => byDeclaration.get(declaration),
  };
}

function rootType(checker: ts.TypeChecker, contractFile: ts.SourceFile, name: string): ts.Type {
  for (const statement of contractFile.statements) {
    if (
      (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) &&
      statement.name.text === name
    ) {
      return checker.getDeclaredTypeOfSymbol(checker.getSymbolAtLocation(statement.name)!);
    }
  }
  throw new Error(
    `${contractFile.fileName}: no exported type ${name}; the audit walks the contract from it`,
  );
}
