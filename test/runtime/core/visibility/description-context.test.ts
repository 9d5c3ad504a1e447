import { describe, expect, test } from 'vitest';
import {
  descriptionContextFor,
  formatCurrentMonth,
} from '../../../../runtime/core/visibility/description-context.js';

describe('formatCurrentMonth', () => {
  test.each([
    { iso: '2026-11-15T12:00:00Z', want: 'November 2026' },
    { iso: '2027-01-01T00:00:00Z', want: 'January 2027' },
    { iso: '2026-12-31T23:59:59Z', want: 'December 2026' },
    { iso: '2026-02-28T23:30:00-05:00', want: 'March 2026' }, // UTC decides, not the host's zone
  ])('$iso → $want', ({ iso, want }) => {
    expect(formatCurrentMonth(new Date(iso))).toBe(want);
  });
});

describe('descriptionContextFor', () => {
  const settings = { currentMonth: 'May 2026', dynamicWorkflows: false };
  test.each([
    {
      title: "a bounded tool without host policy uses its own contract's timeout",
      timeout: {
        kind: 'bounded' as const,
        defaultMs: 120_000,
        maxMs: 600_000,
        allowCallOverride: true,
        cleanupGraceMs: 6000,
      },
      hostTimeout: undefined,
      want: { defaultMs: 120_000, maxMs: 600_000 },
    },
    {
      title: "the host's timeout policy wins",
      timeout: {
        kind: 'bounded' as const,
        defaultMs: 120_000,
        maxMs: 600_000,
        allowCallOverride: true,
        cleanupGraceMs: 6000,
      },
      hostTimeout: { defaultMs: 30_000, maxMs: 90_000 },
      want: { defaultMs: 30_000, maxMs: 90_000 },
    },
    {
      title: 'a tool that never times out renders zeros',
      timeout: { kind: 'none' as const },
      hostTimeout: undefined,
      want: { defaultMs: 0, maxMs: 0 },
    },
  ])('$title', ({ timeout, hostTimeout, want }) => {
    expect(descriptionContextFor({ timeout }, { ...settings, timeout: hostTimeout })).toEqual({
      timeout: want,
      subagentProfiles: [],
      currentMonth: 'May 2026',
      dynamicWorkflows: false,
      model: { supportsPdf: false, supportsNativeWebSearch: false },
    });
  });

  test('carries the capabilities of the model the list is for', () => {
    const model = { supportsPdf: true, supportsNativeWebSearch: false };
    expect(descriptionContextFor({ timeout: { kind: 'none' } }, settings, model).model).toEqual(
      model,
    );
  });
});
