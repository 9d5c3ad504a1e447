import { describe, expect, it } from 'vitest';
import { describeValue } from '../../../generator/manifest/describe-value.js';
import { formatFieldPath } from '../../../generator/manifest/field-path.js';
import { formatManifestIssue } from '../../../generator/manifest/manifest-issue.js';

describe('formatFieldPath', () => {
  it.each([
    [[], ''],
    [['permission', 'riskLevel'], 'permission.riskLevel'],
    [['aliases', 1], 'aliases[1]'],
    [['input', 'properties', 'file_path', 'type'], 'input.properties.file_path.type'],
    [['input', 'properties', 'a.b'], 'input.properties["a.b"]'],
    [['input', 'properties', 'has space'], 'input.properties["has space"]'],
    [['input', 'properties', '1st'], 'input.properties["1st"]'],
    [['input', 'anyOf', 0, 'items', 'x-y'], 'input.anyOf[0].items.x-y'],
    [[0], '[0]'],
  ] as const)('%j → %s', (path, want) => {
    expect(formatFieldPath(path)).toBe(want);
  });
});

describe('describeValue (the "found" clause)', () => {
  it.each([
    [undefined, 'nothing'],
    [null, 'null'],
    ['hgih', '"hgih"'],
    ['say "hi"\n', '"say \\"hi\\"\\n"'],
    [0, '0'],
    [-1.5, '-1.5'],
    [false, 'false'],
    [[1, 2], 'a list'],
    [{ a: 1 }, 'a mapping'],
    [new Date(Date.UTC(2024, 0, 2)), '"2024-01-02T00:00:00.000Z"'],
    ['é'.repeat(61), `"${'é'.repeat(60)}…"`],
  ])('%j → %s', (value, want) => {
    expect(describeValue(value)).toBe(want);
  });
});

describe('formatManifestIssue', () => {
  it.each([
    [
      {
        code: 'invalid_value',
        file: 'manifest/tools/bash.yaml',
        line: 14,
        column: 16,
        path: 'permission.riskLevel',
        message: 'expected one of "low" | "medium" | "high", found "hgih"',
      },
      'manifest/tools/bash.yaml:14:16 permission.riskLevel: expected one of "low" | "medium" | "high", found "hgih"',
    ],
    [
      {
        code: 'yaml_syntax',
        file: 'manifest/tools/read.yaml',
        line: 3,
        column: 1,
        path: '',
        message: 'YAML syntax error: Unexpected flow-map-end token',
      },
      'manifest/tools/read.yaml:3:1 YAML syntax error: Unexpected flow-map-end token',
    ],
  ] as const)('%j', (issue, want) => {
    expect(formatManifestIssue(issue)).toBe(want);
  });
});
