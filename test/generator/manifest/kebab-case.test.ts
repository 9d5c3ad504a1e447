import { describe, expect, it } from 'vitest';
import { kebabCase } from '../../../generator/manifest/kebab-case.js';

describe('kebabCase', () => {
  it.each([
    ['Read', 'read'],
    ['WebFetch', 'web-fetch'],
    ['submit_result', 'submit-result'],
    ['js', 'js'],
    ['ReadSessionContext', 'read-session-context'],
    ['OffPeakCreate', 'off-peak-create'],
    ['AskUserQuestion', 'ask-user-question'],
    ['TaskOutput', 'task-output'],
    ['escalate', 'escalate'],
    ['HTTPFetch', 'http-fetch'],
    ['ReadPDF', 'read-pdf'],
    ['Read2File', 'read2-file'],
    ['already-kebab', 'already-kebab'],
    ['snake__double', 'snake-double'],
    ['_leading_', 'leading'],
  ])('%s → %s', (name, want) => {
    expect(kebabCase(name)).toBe(want);
  });
});
