/**
 * How a model-view renderer process hands its files to `generate`: one line per file on standard
 * output, the JSON `[path, text]`, then the line `{"files": N}` that says it is complete. A large
 * project's views are a hundred megabytes; line by line, the generator holds each file once as it
 * arrives instead of the whole output three times over (bytes, text, parsed). Written by both
 * ways the step runs — `print-model-views.ts` under tsx and the bundle of `bundle-model-views.ts`
 * — so that both give the same bytes.
 */
import type { ToolEntry } from '../../runtime/core/contract.js';

/** The renderer a project uses (`runtime/integrations/providers/model-view.ts`'s export). */
export type RenderModelViews = (
  tools: readonly ToolEntry[],
  sortedProviderToolNames: ReadonlySet<string>,
) => Map<string, string>;

/** The tools to render: the package's selected built-ins (if any) first, then the project's own. */
export interface ModelViewTools {
  readonly packageTools: readonly ToolEntry[];
  readonly packageNames: readonly string[];
  readonly ownTools: readonly ToolEntry[];
  readonly ownNames: readonly string[];
}

/**
 * Renders and writes the records. The renderer names its files `generated/model-view/…`;
 * `generatedFolder` (project-relative) is the folder they are renamed into.
 */
export function writeModelViewRecords(
  renderModelViews: RenderModelViews,
  tools: ModelViewTools,
  generatedFolder: string,
  write: (line: string) => void,
): void {
  const sortedNames: ReadonlySet<string> = new Set([...tools.packageNames, ...tools.ownNames]);
  const files = renderModelViews([...tools.packageTools, ...tools.ownTools], sortedNames);
  for (const [file, text] of files)
    write(`${JSON.stringify([`${generatedFolder}/${file.slice('generated/'.length)}`, text])}\n`);
  write(`${JSON.stringify({ files: files.size })}\n`);
}

/**
 * Reads the records as the bytes arrive. `accept` vets each path (a message when it is refused);
 * {@link ModelViewRecordReader.files} is the result once the output has ended, or the first
 * problem.
 */
export class ModelViewRecordReader {
  readonly #files = new Map<string, string>();
  readonly #accept: (file: string) => string | undefined;
  #pending: Buffer[] = [];
  #complete = false;
  #problem: string | undefined;

  constructor(accept: (file: string) => string | undefined) {
    this.#accept = accept;
  }

  /** Takes the next chunk of standard output. */
  push(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(10, start); end >= 0; end = chunk.indexOf(10, start)) {
      const line = Buffer.concat([...this.#pending, chunk.subarray(start, end)]);
      this.#pending = [];
      this.#line(line.toString('utf8'));
      start = end + 1;
    }
    if (start < chunk.length) this.#pending.push(chunk.subarray(start));
  }

  /** The files, once the output has ended; a message when it was not a complete set of records. */
  files(): { readonly files: Map<string, string> } | { readonly problem: string } {
    if (this.#problem !== undefined) return { problem: this.#problem };
    if (!this.#complete) return { problem: 'the renderer printed no model views' };
    if (this.#pending.length > 0)
      return { problem: 'the renderer printed more after its last model view' };
    return { files: this.#files };
  }

  #line(line: string): void {
    if (this.#problem !== undefined) return;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      record = undefined;
    }
    if (this.#complete) {
      this.#problem = 'the renderer printed more after its last model view';
    } else if (
      Array.isArray(record) &&
      record.length === 2 &&
      typeof record[0] === 'string' &&
      typeof record[1] === 'string'
    ) {
      const [file, text] = record as [string, string];
      this.#problem =
        this.#accept(file) ??
        (this.#files.has(file) ? `the renderer printed ${file} twice` : undefined);
      this.#files.set(file, text);
    } else if (isEnd(record) && record.files === this.#files.size) {
      this.#complete = true;
    } else {
      this.#problem = 'the renderer printed something that is not a model view';
    }
  }
}

function isEnd(record: unknown): record is { readonly files: number } {
  return (
    typeof record === 'object' &&
    record !== null &&
    !Array.isArray(record) &&
    Object.keys(record).length === 1 &&
    typeof (record as { files?: unknown }).files === 'number'
  );
}
