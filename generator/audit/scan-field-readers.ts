/**
 * The type-aware field-reader scan: for every contract field path, the places in the scanned
 * runtime files that read it, and whether any of those reads decides something.
 *
 * Classification of a field (see {@link FieldClass}):
 * - a read whose value reaches logic (a {@link LOGIC_USES} use) makes the field `enforced`;
 * - a read copied into another object's property is a projection: the field is enforced when
 *   that property is (followed transitively, e.g. `metadata.readOnly` → `ModelToolFlags.readOnly`
 *   → a condition in an adapter), otherwise the copy decides nothing. Any property declared in
 *   the scanned code can carry the value on — a local interface's, an untyped literal's, one a
 *   whole object is handed to structurally (`{ artifact }` into `ToolResultArtifact.retention`)
 *   — and its reads are analysed like a contract field's; a property declared by a library ends
 *   the chain (a copy into it is a `library` use, a hand-over to it nothing);
 * - a field with reads, none of which is enforced, is `projected`; without reads, `unread`.
 */
import path from 'node:path';
import { ts } from 'ts-morph';
import { collectAccessSites, type AccessKind } from './access-sites.js';
import { compareCodeUnits } from '../../runtime/core/support/compare-code-units.js';
import {
  buildContractFieldMap,
  type ContractFieldMap,
  type MappedField,
} from './contract-field-map.js';
import { StructuralFlows } from './structural-flows.js';
import { symbolOf } from './symbol-of.js';
import {
  isLogicUse,
  propertyAssignmentTargets,
  ValueUseAnalyzer,
  type UseKind,
  type ValueUse,
} from './value-uses.js';

/** `enforced`: logic depends on it; `projected`: only copied somewhere; `unread`: no reader. */
export type FieldClass = 'enforced' | 'projected' | 'unread';

/** One read of a field. */
export interface FieldReader {
  /** Project-relative posix path. */
  readonly file: string;
  /**
   * The declaration the read sits in, outermost first, joined by `.` (`ToolRegistry.register`,
   * `renderModelContract`, `(module)` at the top level): a name that survives moved lines.
   */
  readonly symbol: string;
  /** Live position, for `tool-contracts audit` only: committed reports never show it. */
  readonly line: number;
  readonly column: number;
  /** How it is read; `structural`: the enclosing object is handed to a differently typed place. */
  readonly access: AccessKind | 'structural';
  /** The strongest use of the value read: a logic use if any, else a copy. */
  readonly use: UseKind;
  /** Where the value is copied to (field paths, or `file#Owner.name` of other properties). */
  readonly projectsTo?: readonly string[];
}

/** Audit of one field path. */
export interface FieldAudit {
  readonly path: string;
  readonly class: FieldClass;
  /** Every read, sorted by file, line, column. */
  readonly readers: readonly FieldReader[];
  /**
   * For a field enforced through projections: the chain of properties its value travels through
   * to the read that decides something, ending with that read's `file#symbol`.
   */
  readonly via?: readonly string[];
}

/** Whether the runtime calls one of the optional hooks. */
export interface HookAudit {
  readonly hook: string;
  /** Some read calls the hook, or hands it to a call. */
  readonly called: boolean;
  readonly readers: readonly FieldReader[];
}

/** Everything the scan found; plain data, cached as JSON. */
export interface FieldReaderScan {
  /** Scanned files, project-relative, sorted. */
  readonly files: readonly string[];
  /** Every leaf contract field path, sorted. */
  readonly fields: readonly FieldAudit[];
  /** `ModelToolContract` fields that are not contract declarations (projection targets). */
  readonly modelFields: readonly FieldAudit[];
  readonly hooks: readonly HookAudit[];
}

export interface ScanFieldReadersOptions {
  readonly program: ts.Program;
  readonly projectRoot: string;
  /** The file declaring `ToolContract`, `ModelToolContract`, `ToolHooks`. */
  readonly contractFile: string;
  /** Absolute paths of the files whose reads count. */
  readonly files: readonly string[];
}

interface Site {
  readonly access: AccessKind | 'structural';
  readonly nameNode: ts.Node;
  readonly valueNode?: ts.Node;
  readonly fixedUses?: readonly ValueUse[];
}

/** Run the scan over `files` of `program`. */
export function scanFieldReaders(options: ScanFieldReadersOptions): FieldReaderScan {
  const { program } = options;
  const checker = program.getTypeChecker();
  const contractSource = sourceFileOf(program, options.contractFile);
  const map = buildContractFieldMap(checker, contractSource);
  const files = [...options.files]
    .sort(compareCodeUnits)
    .map((file) => sourceFileOf(program, file));
  const relative = (fileName: string): string =>
    path.relative(options.projectRoot, fileName).split(path.sep).join('/');

  const isTracked = (declaration: ts.Node): boolean => {
    const file = declaration.getSourceFile();
    return !file.isDeclarationFile && !program.isSourceFileFromExternalLibrary(file);
  };
  const isMapped = (declaration: ts.Node): boolean => map.fieldsOf(declaration) !== undefined;

  // Index every read by the declaration it resolves to. A read of an object literal's own
  // property counts for the contract field that literal is typed as (`contract.timeout.maxMs`
  // on a generated module whose `contract` `satisfies ToolContract`).
  const sitesByDeclaration = new Map<ts.Node, Site[]>();
  const addSite = (declaration: ts.Node, site: Site): void => {
    const list = sitesByDeclaration.get(declaration) ?? [];
    list.push(site);
    sitesByDeclaration.set(declaration, list);
  };
  for (const file of files) {
    for (const access of collectAccessSites(file, checker)) {
      const declarations = new Set(access.declarations.filter(isTracked));
      for (const declaration of access.declarations) {
        if (
          (ts.isPropertyAssignment(declaration) || ts.isShorthandPropertyAssignment(declaration)) &&
          !isMapped(declaration)
        ) {
          for (const target of propertyAssignmentTargets(checker, declaration))
            if (isMapped(target)) declarations.add(target);
        }
      }
      const site: Site = {
        access: access.kind,
        nameNode: access.nameNode,
        valueNode: access.valueNode,
      };
      for (const declaration of declarations) addSite(declaration, site);
    }
  }

  // Structural hand-overs of a declaration, as reads of it; found when the declaration is first
  // reached (a contract field, or a property a contract field's value was copied into).
  const flows = new StructuralFlows(checker, files, isTracked);
  const addStructuralSites = (declaration: ts.Node): void => {
    for (const flow of flows.from(declaration)) {
      addSite(declaration, {
        access: 'structural',
        nameNode: flow.node,
        fixedUses: [{ kind: 'object-property', node: flow.node, targets: flow.to }],
      });
    }
  };

  const analyzer = new ValueUseAnalyzer(checker, files, isTracked);
  const usesMemo = new Map<Site, readonly ValueUse[]>();
  const usesOf = (site: Site): readonly ValueUse[] => {
    let uses = usesMemo.get(site);
    if (uses === undefined) {
      uses = site.fixedUses ?? analyzer.usesOf(site.valueNode!);
      usesMemo.set(site, uses);
    }
    return uses;
  };

  const location = (node: ts.Node): Location => {
    const sourceFile = node.getSourceFile();
    const { line, character } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    return {
      file: relative(sourceFile.fileName),
      symbol: symbolOf(node),
      line: line + 1,
      column: character + 1,
    };
  };
  // Enforcement: a declaration is enforced when one of its reads reaches logic, or is copied
  // into a declaration that is enforced. The copy graph is explored from the mapped declarations
  // into every property declared in the scanned code that a value reaches (local interfaces,
  // untyped literals, parameter types); the fixpoint below solves it, cycles included.
  interface Edge {
    readonly from: ts.Node;
    readonly to: ts.Node;
    readonly site: Site;
  }
  const witness = new Map<ts.Node, { readonly site: Site; readonly next?: ts.Node }>();
  const edges: Edge[] = [];
  const seen = new Set<ts.Node>();
  const queue: ts.Node[] = [...map.declarations].filter(isTracked).reverse();
  while (queue.length > 0) {
    const declaration = queue.pop()!;
    if (seen.has(declaration)) continue;
    seen.add(declaration);
    addStructuralSites(declaration);
    for (const site of sortedSites(sitesByDeclaration.get(declaration) ?? [])) {
      for (const use of usesOf(site)) {
        if (isLogicUse(use.kind)) {
          if (!witness.has(declaration)) witness.set(declaration, { site });
        } else if (use.kind === 'object-property') {
          for (const target of use.targets ?? []) {
            if (target === declaration) continue;
            edges.push({ from: declaration, to: target, site });
            if (!seen.has(target)) queue.push(target);
          }
        }
      }
    }
  }
  // Backwards from the declarations read by logic, one copy step per round: a declaration is
  // witnessed through a declaration witnessed in an earlier round, so every `via` chain is a
  // shortest one (the first edge in source order among equals) and cycles end the loop.
  for (;;) {
    const round = new Map<ts.Node, { readonly site: Site; readonly next: ts.Node }>();
    for (const edge of edges) {
      if (!witness.has(edge.from) && !round.has(edge.from) && witness.has(edge.to)) {
        round.set(edge.from, { site: edge.site, next: edge.to });
      }
    }
    if (round.size === 0) break;
    for (const [declaration, step] of round) witness.set(declaration, step);
  }

  const label = (declaration: ts.Node): string => {
    const fields = map.fieldsOf(declaration);
    if (fields !== undefined) return fields.map((field) => field.path).join(' | ');
    const { file, symbol } = location(declaration);
    return `${file}#${symbol}`;
  };
  const siteLabel = (site: Site): string => {
    const { file, symbol } = location(site.nameNode);
    return `${file}#${symbol}`;
  };

  const readerOf = (site: Site, owner: ts.Node): FieldReader => {
    const uses = usesOf(site);
    const logic = uses.find((use) => isLogicUse(use.kind));
    const copies = uses.filter((use) => use.kind === 'object-property');
    // A literal's own property is listed only when its type says nothing better (an untyped
    // literal); typed literals name the declared property they fill.
    const shown = (use: ValueUse): ts.Node[] => {
      const others = (use.targets ?? []).filter((target) => target !== owner);
      const declared = others.filter((target) => target !== use.node);
      return declared.length > 0 ? declared : others;
    };
    const targets = [...new Set(copies.flatMap((use) => shown(use).map(label)))].sort(
      compareCodeUnits,
    );
    const use: UseKind =
      logic?.kind ??
      copies[0]?.kind ??
      uses.find((candidate) => candidate.kind !== 'member')?.kind ??
      uses[0]?.kind ??
      'other';
    const reader: FieldReader = { ...location(site.nameNode), access: site.access, use };
    return targets.length > 0 ? { ...reader, projectsTo: targets } : reader;
  };

  const auditOf = (fieldPath: string, kind: MappedField['kind']): FieldAudit => {
    const declarations = [...sitesByDeclaration.keys(), ...witness.keys()].filter((declaration) =>
      (map.fieldsOf(declaration) ?? []).some(
        (field) => field.kind === kind && field.path === fieldPath,
      ),
    );
    const unique = [...new Set(declarations)];
    const readers = new Map<string, FieldReader>();
    for (const declaration of unique) {
      for (const site of sitesByDeclaration.get(declaration) ?? []) {
        const reader = readerOf(site, declaration);
        const key = `${reader.file}:${reader.line}:${reader.column}:${reader.access}`;
        if (!readers.has(key)) readers.set(key, reader);
      }
    }
    const sorted = [...readers.values()].sort(compareReaders);
    const enforcedBy = unique.find((declaration) => witness.has(declaration));
    if (enforcedBy === undefined)
      return {
        path: fieldPath,
        class: sorted.length > 0 ? 'projected' : 'unread',
        readers: sorted,
      };
    const via: string[] = [];
    let step = witness.get(enforcedBy);
    const visited = new Set<ts.Node>([enforcedBy]);
    while (step?.next !== undefined && !visited.has(step.next)) {
      via.push(label(step.next));
      visited.add(step.next);
      step = witness.get(step.next);
    }
    if (step !== undefined) via.push(siteLabel(step.site));
    const audit: FieldAudit = { path: fieldPath, class: 'enforced', readers: sorted };
    return via.length > 1 ? { ...audit, via } : audit;
  };

  return {
    files: files.map((file) => relative(file.fileName)),
    fields: [...map.fieldPaths]
      .sort(compareCodeUnits)
      .map((fieldPath) => auditOf(fieldPath, 'contract')),
    modelFields: [...map.modelPaths]
      .sort(compareCodeUnits)
      .map((fieldPath) => auditOf(fieldPath, 'model')),
    hooks: [...map.hookNames].sort(compareCodeUnits).map((hook) => {
      const audit = auditOf(hook, 'hook');
      const called = [...sitesByDeclaration.entries()].some(
        ([declaration, sites]) =>
          (map.fieldsOf(declaration) ?? []).some(
            (field) => field.kind === 'hook' && field.path === hook,
          ) &&
          sites.some((site) =>
            usesOf(site).some((use) => use.kind === 'call' || use.kind === 'argument'),
          ),
      );
      return { hook, called, readers: audit.readers };
    }),
  };

  function sortedSites(sites: readonly Site[]): Site[] {
    return [...sites].sort((left, right) =>
      compareLocations(location(left.nameNode), location(right.nameNode)),
    );
  }
}

interface Location {
  readonly file: string;
  readonly symbol: string;
  readonly line: number;
  readonly column: number;
}

/**
 * File, then enclosing symbol, then position: the order of reads in different declarations (and
 * so which copy chain wins among equally short ones) does not change when declarations move.
 */
function compareLocations(left: Location, right: Location): number {
  return (
    compareCodeUnits(left.file, right.file) ||
    compareCodeUnits(left.symbol, right.symbol) ||
    left.line - right.line ||
    left.column - right.column
  );
}

function compareReaders(left: FieldReader, right: FieldReader): number {
  return compareLocations(left, right) || compareCodeUnits(left.access, right.access);
}

function sourceFileOf(program: ts.Program, file: string): ts.SourceFile {
  const sourceFile = program.getSourceFile(file);
  if (sourceFile === undefined) throw new Error(`${file}: not part of the audit program`);
  return sourceFile;
}

export type { ContractFieldMap };
