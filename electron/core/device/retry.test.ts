import { describe, expect, it } from 'vitest';
import type { CommandStage, RetryOptions } from './retry.js';
import { CommandFailure, withRetry } from './retry.js';

/** A clock that only moves when the code under test sleeps: no real waiting. */
function fakeTime(): Pick<RetryOptions, 'sleep' | 'now'> & { slept: number[] } {
  let t = 0;
  const slept: number[] = [];
  return { slept, now: () => t, sleep: async (ms) => void (slept.push(ms), (t += ms)) };
}

const opts = (extra: Partial<RetryOptions> = {}): RetryOptions => ({
  backoffMs: [100, 200, 400],
  windowMs: 10_000,
  ...fakeTime(),
  ...extra,
});

/** An operation that fails with the given stages, then succeeds. */
function flaky(stages: CommandStage[], gone = true): { op: () => Promise<string>; calls: () => number } {
  let n = 0;
  return {
    calls: () => n,
    op: async () => {
      const s = stages[n++];
      if (s) throw new CommandFailure(`failed at ${s}`, s, gone);
      return 'done';
    },
  };
}

describe('retrying device commands', () => {
  it('retries a read after any failure, with growing waits', async () => {
    const o = opts();
    const f = flaky(['transport', 'stream', 'open']);
    expect(await withRetry(f.op, true, o)).toBe('done');
    expect(f.calls()).toBe(4);
    expect((o as unknown as { slept: number[] }).slept).toEqual([100, 200, 400]);
  });

  it('retries an action only while it cannot have reached the device', async () => {
    const before = flaky(['transport', 'refused']);
    expect(await withRetry(before.op, false, opts())).toBe('done');
    expect(before.calls()).toBe(3);
    for (const stage of ['open', 'stream'] as const) {
      const f = flaky([stage]);
      await expect(withRetry(f.op, false, opts())).rejects.toThrow(`failed at ${stage}`);
      expect(f.calls()).toBe(1); // sent, effect unknown: never a second time
    }
  });

  it('gives up when the window is used up, and at once on a permanent failure', async () => {
    const always = {
      n: 0,
      op: async () => {
        always.n++;
        throw new CommandFailure('device offline', 'transport', true);
      },
    };
    await expect(withRetry(always.op, true, opts({ windowMs: 1000 }))).rejects.toThrow('device offline');
    expect(always.n).toBe(4); // waits of 100+200+400 fit in 1 s; a fourth (400 more) would not
    let m = 0;
    const unauthorized = async (): Promise<never> => {
      m++;
      throw new CommandFailure('device unauthorized', 'transport', false, true);
    };
    await expect(withRetry(unauthorized, true, opts())).rejects.toThrow('unauthorized');
    expect(m).toBe(1);
  });

  it('gives a read a fresh window when the device answered before the cut (flapping, not gone), a few times only', async () => {
    // Each cycle: the device is down for a moment (transport failures), then answers and is cut mid-read.
    const pattern = (cycles: number): CommandStage[] =>
      Array.from({ length: cycles }, () => ['transport', 'transport', 'stream'] as CommandStage[]).flat();
    const flapping = flaky(pattern(3));
    expect(await withRetry(flapping.op, true, opts({ backoffMs: [300], windowMs: 1000 }))).toBe('done');
    expect(flapping.calls()).toBe(10); // nine failures over 2.7 s against a 1 s window
    // Without anything reaching the device the window is not renewed …
    const gone = flaky(['transport', 'transport', 'transport', 'transport', 'transport']);
    await expect(withRetry(gone.op, true, opts({ backoffMs: [300], windowMs: 1000 }))).rejects.toThrow('failed at transport');
    expect(gone.calls()).toBe(4);
    // … and a device that flaps for ever is given up after the allowed restarts.
    const forever = flaky(pattern(20));
    await expect(withRetry(forever.op, true, opts({ backoffMs: [300], windowMs: 1000, maxReachableRestarts: 2 }))).rejects.toThrow();
    expect(forever.calls()).toBe(9);
    // An action cut mid-way is still never repeated.
    const act = flaky(['stream']);
    await expect(withRetry(act.op, false, opts())).rejects.toThrow('failed at stream');
    expect(act.calls()).toBe(1);
  });

  it('asks again at most a few times when the output is unusable (a screen that never idles)', async () => {
    const f = flaky(['result', 'result', 'result', 'result', 'result']);
    await expect(withRetry(f.op, true, opts({ maxResultAttempts: 4 }))).rejects.toThrow('failed at result');
    expect(f.calls()).toBe(4);
  });

  it('lets other errors through untouched and calls beforeRetry between attempts', async () => {
    await expect(
      withRetry(
        async () => {
          throw new TypeError('bug');
        },
        true,
        opts(),
      ),
    ).rejects.toBeInstanceOf(TypeError);
    const seen: string[] = [];
    const f = flaky(['transport']);
    await withRetry(f.op, true, opts({ beforeRetry: async (e) => void seen.push(e.stage) }));
    expect(seen).toEqual(['transport']);
  });
});
