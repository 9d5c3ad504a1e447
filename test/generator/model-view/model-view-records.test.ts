/**
 * The lines a model-view renderer prints and the generator reads: what the writer writes the
 * reader takes back exactly, however the bytes are split; anything else is a clear problem, never
 * a partial set of views.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { ToolEntry } from '../../../runtime/core/contract.js';
import {
  ModelViewRecordReader,
  writeModelViewRecords,
} from '../../../generator/model-view/model-view-records.js';

const insideViews = (file: string) =>
  file.startsWith('gen/model-view/') ? undefined : `${file} is outside gen/model-view/`;

function read(...chunks: (string | Buffer)[]) {
  const reader = new ModelViewRecordReader(insideViews);
  for (const chunk of chunks) reader.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return reader.files();
}

/** The lines `writeModelViewRecords` writes for `files` (renderer names), into folder `gen`. */
function written(files: ReadonlyMap<string, string>, tools: readonly string[] = []): string {
  let out = '';
  writeModelViewRecords(
    () => new Map(files),
    {
      packageTools: [],
      packageNames: [],
      ownTools: tools.map((name) => ({ metadata: { name } }) as unknown as ToolEntry),
      ownNames: tools,
    },
    'gen',
    (line) => {
      out += line;
    },
  );
  return out;
}

describe('writeModelViewRecords', () => {
  test('one line per file, renamed into the generated folder, then the count', () => {
    expect(
      written(
        new Map([
          ['generated/model-view/a.json', '{"x": 1}\n'],
          ['generated/model-view/b/c.md', 'line\nline\n'],
        ]),
      ),
    ).toBe(
      '["gen/model-view/a.json","{\\"x\\": 1}\\n"]\n' +
        '["gen/model-view/b/c.md","line\\nline\\n"]\n' +
        '{"files":2}\n',
    );
  });

  test("the renderer gets the package's tools before the project's, and every sorted name", () => {
    let seen: { names: string[]; sorted: string[] } | undefined;
    writeModelViewRecords(
      (tools, sorted) => {
        seen = { names: tools.map((tool) => tool.metadata.name), sorted: [...sorted] };
        return new Map();
      },
      {
        packageTools: [{ metadata: { name: 'Read' } } as unknown as ToolEntry],
        packageNames: ['Read'],
        ownTools: [{ metadata: { name: 'Greet' } } as unknown as ToolEntry],
        ownNames: ['Greet'],
      },
      'gen',
      () => undefined,
    );
    expect(seen).toEqual({ names: ['Read', 'Greet'], sorted: ['Read', 'Greet'] });
  });
});

describe('ModelViewRecordReader', () => {
  const views = new Map([
    ['generated/model-view/a.json', '{"x": "é — \\u2028"}\n'],
    ['generated/model-view/b.md', ''],
  ]);
  const expected = new Map([
    ['gen/model-view/a.json', '{"x": "é — \\u2028"}\n'],
    ['gen/model-view/b.md', ''],
  ]);

  test('takes back what was written, whole', () => {
    expect(read(written(views))).toEqual({ files: expected });
  });

  test('takes back what was written, split at every byte', () => {
    const bytes = Buffer.from(written(views));
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 })), (cuts) => {
        const at = [0, ...cuts.sort((left, right) => left - right), bytes.length];
        const chunks = at.slice(1).map((end, index) => bytes.subarray(at[index], end));
        expect(read(...chunks)).toEqual({ files: expected });
      }),
    );
  });

  test.each([
    ['nothing at all', '', 'the renderer printed no model views'],
    [
      'records without the count',
      '["gen/model-view/a.json","x"]\n',
      'the renderer printed no model views',
    ],
    [
      'a last line cut short',
      '{"files":0}\n["gen/mo',
      'the renderer printed more after its last model view',
    ],
    ['the count, then no newline', '{"files":0}', 'the renderer printed no model views'],
    [
      'a count that is not the number of files',
      '["gen/model-view/a.json","x"]\n{"files":2}\n',
      'the renderer printed something that is not a model view',
    ],
    [
      'a record after the count',
      '{"files":0}\n["gen/model-view/a.json","x"]\n',
      'the renderer printed more after its last model view',
    ],
    [
      'a line that is not JSON',
      'Warning: something\n{"files":0}\n',
      'the renderer printed something that is not a model view',
    ],
    [
      'a record of three',
      '["gen/model-view/a.json","x","y"]\n{"files":1}\n',
      'the renderer printed something that is not a model view',
    ],
    [
      'a text that is not a string',
      '["gen/model-view/a.json",1]\n{"files":1}\n',
      'the renderer printed something that is not a model view',
    ],
    [
      'a count with more keys',
      '{"files":0,"x":1}\n',
      'the renderer printed something that is not a model view',
    ],
    [
      'a file outside the views',
      '["gen/index.ts","x"]\n{"files":1}\n',
      'gen/index.ts is outside gen/model-view/',
    ],
    [
      'the same file twice',
      '["gen/model-view/a.json","x"]\n["gen/model-view/a.json","y"]\n{"files":2}\n',
      'the renderer printed gen/model-view/a.json twice',
    ],
  ])('%s: refused', (_, output, problem) => {
    expect(read(output)).toEqual({ problem });
  });
});
