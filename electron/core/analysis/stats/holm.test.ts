import { describe, expect, it } from 'vitest';
import { holmAdjust } from './holm.js';
import { HOLM } from './reference-values.js';

describe('Holm adjustment', () => {
  it('reproduces the published worked example (Wikipedia, "Holm–Bonferroni method"): H1 and H4 rejected at 0.05', () => {
    // "Four null hypotheses are tested with α = 0.05. The four unadjusted p-values are 0.01, 0.03, 0.04, and 0.005 …
    //  hypotheses one and four are rejected while hypotheses two and three are not."
    const adj = holmAdjust([0.01, 0.03, 0.04, 0.005]);
    expect(adj.map((p) => p <= 0.05)).toEqual([true, false, false, true]);
    expect(adj[0]).toBeCloseTo(0.03, 15);
    expect(adj[1]).toBeCloseTo(0.06, 15);
    expect(adj[2]).toBeCloseTo(0.06, 15); // 1·0.04 is raised to the running maximum 2·0.03
    expect(adj[3]).toBeCloseTo(0.02, 15);
  });

  for (const [name, { p, adjusted }] of Object.entries(HOLM)) {
    it(`matches the reference implementation in scripts/reference-stats.py: ${name}`, () => {
      const got = holmAdjust(p);
      got.forEach((v, i) => expect(v).toBeCloseTo(adjusted[i]!, 12));
    });
  }

  it('never lowers a p-value, keeps the sorted order monotone, caps at 1, and is the identity for one test', () => {
    const p = [0.2, 0.001, 0.04, 0.5, 0.013, 0.9];
    const adj = holmAdjust(p);
    adj.forEach((v, i) => expect(v).toBeGreaterThanOrEqual(p[i]!));
    const sorted = p
      .map((v, i) => [v, adj[i]!] as const)
      .sort((a, b) => a[0] - b[0])
      .map((x) => x[1]);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]).toBeGreaterThanOrEqual(sorted[i - 1]!);
    expect(Math.max(...adj)).toBeLessThanOrEqual(1);
    expect(holmAdjust([0.037])).toEqual([0.037]);
    expect(holmAdjust([])).toEqual([]);
    expect(() => holmAdjust([0.5, Number.NaN])).toThrow(/\[0, 1\]/);
  });
});
