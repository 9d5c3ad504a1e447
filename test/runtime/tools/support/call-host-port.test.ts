import { getEventListeners } from 'node:events';
import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { callHostPort } from '../../../../runtime/tools/support/call-host-port.js';

describe('callHostPort', () => {
  test.each([
    { case: 'a value', call: async () => 42, want: { ok: true, value: 42 } },
    {
      case: 'undefined (a void port method)',
      call: async () => undefined,
      want: { ok: true, value: undefined },
    },
    {
      case: 'a rejected Error',
      call: async () => {
        throw new Error('No cron job with id "x".');
      },
      want: { ok: false, code: 'host_error', message: 'No cron job with id "x".' },
    },
    {
      case: 'a rejected string',
      call: () => Promise.reject('quota exceeded'),
      want: { ok: false, code: 'host_error', message: 'quota exceeded' },
    },
    {
      case: 'an Error without a message',
      call: async () => {
        throw new Error('');
      },
      want: {
        ok: false,
        code: 'host_error',
        message: 'CronList failed in the host without a message.',
      },
    },
    {
      case: 'an Error from another realm (a vm context)',
      call: async () => {
        throw runInNewContext('new RangeError("Maximum call stack size exceeded")');
      },
      want: { ok: false, code: 'host_error', message: 'Maximum call stack size exceeded' },
    },
    {
      case: 'a synchronous throw',
      call: () => {
        throw new TypeError('port.list is not a function');
      },
      want: { ok: false, code: 'host_error', message: 'port.list is not a function' },
    },
  ])('turns $case into $want', async ({ call, want }) => {
    await expect(callHostPort('CronList', new AbortController().signal, call)).resolves.toEqual(
      want,
    );
  });

  test.each([
    {
      case: 'an Error reason',
      reason: new Error('timed out after 15000 ms'),
      message: 'CronList was aborted: timed out after 15000 ms',
    },
    { case: 'a string reason', reason: 'turn ended', message: 'CronList was aborted: turn ended' },
    {
      case: 'no usable reason',
      reason: 0,
      message: 'CronList was aborted: the call was cancelled',
    },
  ])(
    'answers aborted with $case, without calling the port, when already aborted',
    async ({ reason, message }) => {
      const controller = new AbortController();
      controller.abort(reason);
      let called = false;
      const result = await callHostPort('CronList', controller.signal, async () => {
        called = true;
      });
      expect(result).toEqual({ ok: false, code: 'aborted', message });
      expect(called).toBe(false);
    },
  );

  test('stops waiting when the signal aborts during the call and drops the late answer', async () => {
    const controller = new AbortController();
    let answer!: (value: string) => void;
    const pending = callHostPort(
      'Agent',
      controller.signal,
      () => new Promise<string>((resolve) => (answer = resolve)),
    );
    controller.abort(new Error('the user pressed Escape'));
    answer('late report');
    await expect(pending).resolves.toEqual({
      ok: false,
      code: 'aborted',
      message: 'Agent was aborted: the user pressed Escape',
    });
  });

  test('leaves no abort listener behind once the call settled', async () => {
    const controller = new AbortController();
    await callHostPort('CronList', controller.signal, async () => 'done');
    await callHostPort('CronList', controller.signal, async () => {
      throw new Error('boom');
    });
    expect(getEventListeners(controller.signal, 'abort')).toEqual([]);
  });
});
