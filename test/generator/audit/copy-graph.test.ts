/**
 * The copy graph over local properties, on random graphs: a contract field copied into `N0.v`
 * travels along copies `Ni.v → Nj.v` (cycles included) and some `Nk.v` are decided on. The field
 * is enforced exactly when a decided property is reachable, and its `via` chain is a shortest
 * path of real copies ending at a deciding read.
 *
 * The graphs come from fast-check with a fixed seed; all of them are written to one temp dir and
 * scanned in one program (building a program per graph would cost a second each).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { ts } from 'ts-morph';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createAuditProgram } from '../../../generator/audit/create-audit-program.js';
import { scanFieldReaders } from '../../../generator/audit/scan-field-readers.js';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const contractFile = path.join(repositoryRoot, 'runtime/core/contract.ts');

interface CopyGraph {
  /** Number of local interfaces `N0 … N{size-1}`, each with one property `v`. */
  readonly size: number;
  /** `[from, to]`: a function copies `Nfrom.v` into `Nto.v`. */
  readonly copies: readonly (readonly [number, number])[];
  /** Interfaces whose `v` a condition reads. */
  readonly decided: readonly number[];
}

const graphArbitrary: fc.Arbitrary<CopyGraph> = fc.integer({ min: 1, max: 6 }).chain((size) =>
  fc.record({
    size: fc.constant(size),
    // A copy never goes to its own interface: `to` is `from` plus 1 … size-1, round the ring.
    copies:
      size === 1
        ? fc.constant([])
        : fc.uniqueArray(
            fc
              .tuple(fc.nat(size - 1), fc.nat(size - 2))
              .map(([from, offset]): [number, number] => [from, (from + 1 + offset) % size]),
            { selector: ([from, to]) => `${from}>${to}`, maxLength: size * 2 },
          ),
    decided: fc.subarray([...Array(size).keys()]),
  }),
);

const graphs: readonly CopyGraph[] = fc.sample(graphArbitrary, { seed: 20260921, numRuns: 40 });

function sourceOf(graph: CopyGraph): string {
  const lines = [
    `import type { ToolEntry } from ${JSON.stringify(contractFile.replace(/\.ts$/, '.js'))};`,
  ];
  for (let index = 0; index < graph.size; index++)
    lines.push(`export interface N${index} { readonly v: string }`);
  lines.push(
    'export function seed(entry: ToolEntry): N0 { return { v: entry.permission.reason }; }',
  );
  for (const [from, to] of graph.copies) {
    lines.push(
      `export function copy${from}to${to}(value: N${from}): N${to} { return { v: value.v }; }`,
    );
  }
  for (const index of graph.decided) {
    lines.push(
      `export function decide${index}(value: N${index}): boolean { return value.v === 'x'; }`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Shortest number of copies from `N0` to a decided interface, or undefined. */
function distanceToDecision(graph: CopyGraph): number | undefined {
  const distance = new Map<number, number>([[0, 0]]);
  const queue = [0];
  while (queue.length > 0) {
    const node = queue.shift()!;
    if (graph.decided.includes(node)) return distance.get(node);
    for (const [from, to] of graph.copies) {
      if (from === node && !distance.has(to)) {
        distance.set(to, distance.get(node)! + 1);
        queue.push(to);
      }
    }
  }
  return undefined;
}

const describeGraph = (graph: CopyGraph): string =>
  `${graph.size} interfaces, copies [${graph.copies.map(([from, to]) => `${from}>${to}`).join(' ')}], decided [${graph.decided.join(' ')}]`;

let directory: string;
let files: string[];
let program: ts.Program;
beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'audit-copy-graph-'));
  files = graphs.map((_, index) => path.join(directory, `graph-${index}.ts`));
  await Promise.all(graphs.map((graph, index) => writeFile(files[index]!, sourceOf(graph))));
  program = createAuditProgram(repositoryRoot, files);
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('the copy graph over local properties (random graphs)', () => {
  test('the sample has graphs with and without a reachable decision, and with cycles', () => {
    const reachable = graphs.filter((graph) => distanceToDecision(graph) !== undefined);
    const cyclic = graphs.filter((graph) =>
      graph.copies.some(([from, to]) =>
        graph.copies.some(([back, forth]) => back === to && forth === from),
      ),
    );
    expect(reachable.length).toBeGreaterThan(5);
    expect(graphs.length - reachable.length).toBeGreaterThan(5);
    expect(cyclic.length).toBeGreaterThan(3);
  });

  test.each(graphs.map((graph, index) => ({ graph, index, name: describeGraph(graph) })))(
    '$name',
    ({ graph, index }) => {
      const file = files[index]!;
      const scan = scanFieldReaders({
        program,
        projectRoot: repositoryRoot,
        contractFile,
        files: [file],
      });
      const field = scan.fields.find((candidate) => candidate.path === 'permission.reason')!;
      const distance = distanceToDecision(graph);
      expect(field.readers).toHaveLength(1);
      if (distance === undefined) {
        expect(field.class).toBe('projected');
        expect(field.via).toBeUndefined();
        return;
      }
      expect(field.class).toBe('enforced');
      const relative = path.relative(repositoryRoot, file).split(path.sep).join('/');
      const via = field.via ?? [];
      // One label per interface on the path (N0 included), then the deciding read.
      expect(via).toHaveLength(distance + 2);
      // Labels name the interface property by symbol (`file#N3.v`), never by line.
      const path_ = via.slice(0, -1).map((label) => {
        const match = new RegExp(`^${escape(relative)}#N(\\d+)\\.v$`).exec(label);
        expect(match, label).not.toBeNull();
        return Number(match![1]);
      });
      expect(path_[0]).toBe(0);
      for (let step = 1; step < path_.length; step++) {
        expect(graph.copies).toContainEqual([path_[step - 1], path_[step]]);
      }
      const last = path_[path_.length - 1]!;
      expect(graph.decided).toContain(last);
      expect(via[via.length - 1]).toBe(`${relative}#decide${last}`);
    },
  );
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
