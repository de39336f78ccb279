import { describe, expect, it } from 'vitest';
import { kendallTauB } from '../analysis/stats/kendall.js';
import { modeAgreement, modeAgreementTable } from './mode-agreement.js';

describe('offline vs online agreement', () => {
  it("Kendall's τ-b: the same order 1, the reverse −1, ties corrected (textbook values)", () => {
    expect(kendallTauB([1, 2, 3, 4], [10, 20, 30, 40])).toBe(1);
    expect(kendallTauB([1, 2, 3, 4], [4, 3, 2, 1])).toBe(-1);
    // x = (1,2,3,4,5), y = (3,4,1,2,5): C = 6, D = 4 → τ = 0.2.
    expect(kendallTauB([1, 2, 3, 4, 5], [3, 4, 1, 2, 5])).toBeCloseTo(0.2, 12);
    // One tie in y: (C − D) / √((n0)(n0 − t)) = (5 − 0)/√(6·5) with the pair tied in y left out.
    expect(kendallTauB([1, 2, 3, 4], [1, 2, 2, 3])).toBeCloseTo(5 / Math.sqrt(6 * 5), 12);
    expect(kendallTauB([1, 1], [2, 3])).toBeNull();
  });

  it("per agent Cohen's κ over the tasks both modes scored; the agents' ranking by τ", () => {
    const rows = [
      // agent a: 4 tasks, verdicts agree on 3 (offline accepts t4, online does not)
      { taskId: 't1', agent: 'a', offline: true, online: true },
      { taskId: 't2', agent: 'a', offline: false, online: false },
      { taskId: 't3', agent: 'a', offline: true, online: true },
      { taskId: 't4', agent: 'a', offline: true, online: false },
      { taskId: 't5', agent: 'a', offline: null, online: true }, // unscored offline: left out
      // agent b: always fails both ways (κ undefined)
      { taskId: 't1', agent: 'b', offline: false, online: false },
      { taskId: 't2', agent: 'b', offline: false, online: false },
    ];
    const m = modeAgreement(rows);
    const a = m.agents.find((x) => x.agent === 'a')!;
    expect(a).toMatchObject({ tasks: 4, both: 2, neither: 1, offlineOnly: 1, onlineOnly: 0, agreement: 0.75 });
    // p_o = .75; offline success .75, online .5 → p_e = .75·.5 + .25·.5 = .5 → κ = .5
    expect(a.kappa).toBeCloseTo(0.5, 12);
    expect(m.agents.find((x) => x.agent === 'b')!.kappa).toBeNull();
    // a above b both ways: τ = 1
    expect(m.rankingTau).toBe(1);
    expect(modeAgreementTable(m, { offline: 'r1', online: 'r2' }).notes[0]).toMatch(/Kendall's τ-b = 1\.000/);
  });
});
