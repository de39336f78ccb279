import { describe, expect, it } from 'vitest';
import { bootstrapMean, choose, passAtK, passHatK, passKMetrics, trialSuccesses } from './trials.js';
import type { TrialResult } from './trials.js';

describe('pass@k and pass^k', () => {
  it('follow the unbiased estimators from n trials with c successes', () => {
    expect(choose(5, 2)).toBe(10);
    expect(choose(2, 3)).toBe(0);
    // n = 3, c = 1: pass@1 = 1/3, pass@2 = 1 − C(2,2)/C(3,2) = 2/3, pass@3 = 1; pass^2 = 0, pass^3 = 0.
    expect(passAtK(3, 1, 1)).toBeCloseTo(1 / 3, 12);
    expect(passAtK(3, 1, 2)).toBeCloseTo(2 / 3, 12);
    expect(passAtK(3, 1, 3)).toBe(1);
    expect(passHatK(3, 1, 2)).toBe(0);
    // n = 4, c = 3: pass^2 = C(3,2)/C(4,2) = 1/2; pass^4 = 0; pass@1 = pass^1 = 3/4.
    expect(passHatK(4, 3, 2)).toBeCloseTo(1 / 2, 12);
    expect(passHatK(4, 3, 4)).toBe(0);
    expect(passHatK(4, 3, 1)).toBeCloseTo(passAtK(4, 3, 1), 12);
    // Nothing won: both 0; everything won: both 1.
    expect(passAtK(3, 0, 3)).toBe(0);
    expect(passHatK(3, 3, 3)).toBe(1);
    expect(() => passAtK(2, 1, 3)).toThrow(/needs at least 3 trials/);
  });

  it('the bootstrap interval brackets the mean, is seeded, and is a point for equal values', () => {
    const a = bootstrapMean([0, 1, 1, 0.5])!;
    expect(a.value).toBeCloseTo(0.625, 12);
    expect(a.lower).toBeLessThan(a.value);
    expect(a.upper).toBeGreaterThan(a.value);
    expect(bootstrapMean([0, 1, 1, 0.5])).toEqual(a);
    expect(bootstrapMean([0.5, 0.5])).toEqual({ value: 0.5, lower: 0.5, upper: 0.5 });
    expect(bootstrapMean([])).toBeNull();
  });

  it('counts successes per valid task over trials; a task invalid in any trial is out, a missing trial is a failure', () => {
    const r = (taskId: string, trial: number, success: boolean, exit = 'finished'): TrialResult => ({
      taskId,
      agent: 'a',
      mode: 'offline',
      trial,
      success,
      exit,
    });
    const results = [
      r('t1', 0, true),
      r('t1', 1, false),
      r('t1', 2, true),
      r('t2', 0, true),
      r('t2', 1, true),
      // t2 trial 2 never ran
      r('t3', 0, true),
      r('t3', 1, false, 'no_graph'),
      r('t3', 2, true),
    ];
    const plan = ['t1', 't2', 't3'].map((taskId) => ({ taskId, agent: 'a', mode: 'offline' as const }));
    const [a] = trialSuccesses(results, plan, 3);
    expect(a).toEqual({ agent: 'a', tasks: 2, trials: 3, successes: [2, 2] });
    const m = passKMetrics(a!);
    expect(m.pass1!.value).toBeCloseTo(2 / 3, 12);
    expect(m.passK!.value).toBe(1);
    expect(m.passHatK!.value).toBe(0);
  });
});
