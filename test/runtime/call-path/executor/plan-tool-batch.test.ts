import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { planToolBatch } from '../../../../runtime/call-path/executor/plan-tool-batch.js';

/** `c`: may run concurrently, `s`: a barrier. */
const plan = (shape: string) => planToolBatch([...shape].map((letter) => letter === 'c'));

describe('planToolBatch', () => {
  test.each([
    { shape: '', want: [] },
    { shape: 'c', want: [{ indices: [0], concurrent: true }] },
    { shape: 's', want: [{ indices: [0], concurrent: false }] },
    { shape: 'ccc', want: [{ indices: [0, 1, 2], concurrent: true }] },
    {
      shape: 'sss',
      want: [
        { indices: [0], concurrent: false },
        { indices: [1], concurrent: false },
        { indices: [2], concurrent: false },
      ],
    },
    {
      shape: 'ccscc',
      want: [
        { indices: [0, 1], concurrent: true },
        { indices: [2], concurrent: false },
        { indices: [3, 4], concurrent: true },
      ],
    },
    {
      shape: 'scsc',
      want: [
        { indices: [0], concurrent: false },
        { indices: [1], concurrent: true },
        { indices: [2], concurrent: false },
        { indices: [3], concurrent: true },
      ],
    },
  ])('"$shape"', ({ shape, want }) => {
    expect(plan(shape)).toEqual(want);
  });

  test('every call is in exactly one step, in call order; barriers are alone; no two concurrent steps touch', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 30 }), (concurrent) => {
        const steps = planToolBatch(concurrent);
        expect(steps.flatMap((step) => step.indices)).toEqual(concurrent.map((_, index) => index));
        for (const step of steps) {
          for (const index of step.indices) expect(concurrent[index]).toBe(step.concurrent);
          if (!step.concurrent) expect(step.indices).toHaveLength(1);
        }
        steps.forEach((step, position) => {
          if (position > 0 && step.concurrent) expect(steps[position - 1]!.concurrent).toBe(false);
        });
      }),
    );
  });
});
