/**
 * No code block in README.md or docs/ goes unchecked: every Markdown file that has one is read
 * by a test of test/docs/ (which compiles, runs or compares its blocks), so a new guide cannot
 * slip in with code nobody runs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { REPO_ROOT } from '../generator/generate-fixture.js';

const GUIDES = [
  'README.md',
  ...readdirSync(path.join(REPO_ROOT, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
];
const TESTS = readdirSync(path.join(REPO_ROOT, 'test/docs'))
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => readFileSync(path.join(REPO_ROOT, 'test/docs', file), 'utf8'));

const withCode = GUIDES.filter((guide) =>
  /^```/m.test(readFileSync(path.join(REPO_ROOT, guide), 'utf8')),
);

test('the guides with code blocks are found', () => {
  expect(withCode).toContain('README.md');
  expect(withCode).toContain('docs/architecture.md');
});

test.each(withCode)('%s is read by a test of test/docs/', (guide) => {
  expect(TESTS.some((source) => source.includes(guide))).toBe(true);
});
