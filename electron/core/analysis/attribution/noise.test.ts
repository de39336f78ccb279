import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../random/rng.js';
import type { AttributionObservation } from './attribution.js';
import { attribution } from './attribution.js';
import { crossValidate, foldsByCluster } from './cross-validation.js';
import { fitFactorizationMachine, interactionMatrix, pairSupport } from './factorization-machine.js';
import { interactionNull, permuteWithin } from './permutation-null.js';

const SCENARIOS = ['Information Inquiry', 'System Settings', 'Social Communication'];
const SEMANTIC = ['Clear and Explicit', 'Indirect Speech', 'Under-specification'];
const FM = { epochs: 200, seed: 3 };

/**
 * 120 tasks × 3 agents. With `planted`, success depends on the paper's "tolerance for
 * verbosity": long instructions help in Information Inquiry and hurt elsewhere — an
 * interaction of scenario and length with no main effect of length.
 */
function observations(planted: boolean, seed: number): AttributionObservation[] {
  const rng = mulberry32(seed);
  const tasks = Array.from({ length: 120 }, (_, t) => ({
    taskId: `t${t}`,
    scenario: SCENARIOS[t % 3]!,
    semantic: SEMANTIC[rng.int(3)]!,
    syntactic: rng.next() < 0.5 ? 'Canonical' : 'Narrative',
    length: 8 + rng.int(30),
    verbs: rng.int(3),
  }));
  return ['a', 'b', 'c'].flatMap((agent) =>
    tasks.map((t) => {
      const z = (t.length - 22.5) / 8.7;
      const info = t.scenario === 'Information Inquiry' ? 1 : -0.5;
      const logit = planted ? 2.5 * info * z - 0.3 : -0.3;
      return { ...t, group: agent, success: rng.next() < 1 / (1 + Math.exp(-logit)) };
    }),
  );
}

describe('telling interactions from noise', () => {
  it('marks a planted interaction as a finding, beyond the permutation null, and the FM beats the additive model on held-out tasks', () => {
    const res = attribution(observations(true, 7), { fm: FM, topInteractions: 5 });
    const top = res.strongest[0]!;
    expect([top.a, top.b].sort()).toEqual(['length (z)', 'scenario: Information Inquiry']);
    expect(top.finding).toBe(true);
    expect(Math.abs(top.weight)).toBeGreaterThan(res.null!.threshold);
    expect(top.familyP).toBeLessThan(0.05);
    expect(res.null!.permutations).toBe(200);
    expect(res.crossValidation!.fmBetter).toBe(true);
    expect(res.crossValidation!.fmLogLoss).toBeLessThan(res.crossValidation!.additiveLogLoss);
  });

  it('marks nothing as a finding once the outcomes are permuted, and the FM does not beat the additive model', () => {
    const planted = observations(true, 7);
    const y = permuteWithin(
      planted.map((o) => (o.success ? 1 : 0)),
      planted.map((o) => o.group!),
      mulberry32(99),
    );
    const permuted = planted.map((o, i) => ({ ...o, success: y[i] === 1 }));
    const res = attribution(permuted, { fm: FM, topInteractions: 10 });
    expect(res.strongest.length).toBeGreaterThan(0);
    expect(res.strongest.every((s) => s.finding === false)).toBe(true);
    expect(res.findings.flat().some((f) => f === true)).toBe(false);
    expect(res.crossValidation!.fmBetter).toBe(false);
    expect(res.notes.join(' ')).toMatch(/no interaction is beyond the permutation null/);
    expect(res.notes.join(' ')).toMatch(/does not predict held-out tasks better/);
  });

  it('permutes within each agent (success counts per agent unchanged) and is seeded', () => {
    const y = [1, 1, 0, 0, 1, 0, 0, 0];
    const g = ['a', 'a', 'a', 'a', 'b', 'b', 'b', 'b'];
    const p = permuteWithin(y, g, mulberry32(1));
    expect(p.slice(0, 4).reduce((s, v) => s + v, 0)).toBe(2);
    expect(p.slice(4).reduce((s, v) => s + v, 0)).toBe(1);
    expect(permuteWithin(y, g, mulberry32(1))).toEqual(p);
  });

  it('refuses a null with fewer than 200 permutations', () => {
    const X = [
      [1, 0],
      [0, 1],
      [1, 1],
    ];
    const M = interactionMatrix(fitFactorizationMachine(X, [1, 0, 1], { epochs: 5 }));
    expect(() => interactionNull(X, [1, 0, 1], ['a', 'a', 'a'], M, pairSupport(X), { epochs: 5 }, { permutations: 50 })).toThrow(
      /at least 200/,
    );
  });

  it('keeps every task in one fold, so no task is on both sides of a split', () => {
    const clusters = ['t1', 't1', 't2', 't3', 't2', 't4', 't5', 't1'];
    const f = foldsByCluster(clusters, 3, 4);
    const foldOf = new Map<string, number>();
    clusters.forEach((c, i) => {
      if (foldOf.has(c)) expect(f[i]).toBe(foldOf.get(c));
      foldOf.set(c, f[i]!);
    });
    expect(new Set(f).size).toBe(3);
    expect(() => crossValidate([[1], [0]], [1, 0], ['t', 't'], { epochs: 5 })).toThrow(/at least 2 tasks/);
  });
});
