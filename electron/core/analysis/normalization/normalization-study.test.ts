import { describe, expect, it } from 'vitest';
import type { NormalizationPair } from './normalization-study.js';
import { normalizationStudy } from './normalization-study.js';

/** Table 3, AutoGLM column: per-category successes before/after, built from b/c/both counts. */
function category(name: string, n: number, both: number, onlyOrig: number, onlyRewr: number): NormalizationPair[] {
  const out: NormalizationPair[] = [];
  const push = (o: boolean, r: boolean): void => {
    out.push({ taskId: `${name}-${out.length}`, category: name, original: o, rewritten: r });
  };
  for (let i = 0; i < both; i++) push(true, true);
  for (let i = 0; i < onlyOrig; i++) push(true, false);
  for (let i = 0; i < onlyRewr; i++) push(false, true);
  while (out.length < n) push(false, false);
  return out;
}

describe('normalization study', () => {
  // Orig/Rewr as in Table 3 (AutoGLM): 5→9, 5→7, 6→12, 5→10, 16→23; total 37→61.
  const pairs = [
    ...category('Clear and Explicit', 18, 4, 1, 5),
    ...category('Disfluency-Correction', 12, 4, 1, 3),
    ...category('Indirect Speech', 19, 5, 1, 7),
    ...category('Referential Ambiguity', 13, 5, 0, 5),
    ...category('Under-specification', 38, 14, 2, 9),
  ];

  it('reproduces Table 3’s counts and Δ, with a paired test per row', () => {
    const s = normalizationStudy(pairs, { resamples: 2000, seed: 3 });
    expect(s.rows.map((r) => [r.category, r.tasks, r.successOriginal, r.successRewritten, r.delta])).toEqual([
      ['Clear and Explicit', 18, 5, 9, 4],
      ['Disfluency-Correction', 12, 5, 7, 2],
      ['Indirect Speech', 19, 6, 12, 6],
      ['Referential Ambiguity', 13, 5, 10, 5],
      ['Under-specification', 38, 16, 23, 7],
    ]);
    const o = s.overall;
    expect([o.tasks, o.successOriginal, o.successRewritten, o.delta]).toEqual([100, 37, 61, 24]);
    expect(o.rateDelta).toBeCloseTo(0.24, 12);
    expect(o.mcnemar).toMatchObject({ b: 5, c: 29, discordant: 34 });
    // Paper: p < 0.001.
    expect(o.mcnemar.pValue).toBeLessThan(0.001);
    expect(o.ci.lower).toBeLessThan(0.24);
    expect(o.ci.upper).toBeGreaterThan(0.24);
    expect(s.rows[0]!.share).toBeCloseTo(0.18, 12);
  });

  it('adjusts the per-category McNemar p-values together (Holm), never the overall row', () => {
    const s = normalizationStudy(pairs, { resamples: 200, seed: 3 });
    const raw = s.rows.map((r) => r.mcnemar.pValue);
    // m = 5 categories: the smallest raw p is multiplied by 5, each adjusted p ≥ its raw p, at most 1.
    const smallest = raw.indexOf(Math.min(...raw));
    expect(s.rows[smallest]!.pHolm).toBeCloseTo(Math.min(1, 5 * raw[smallest]!), 14);
    s.rows.forEach((r) => {
      expect(r.pHolm!).toBeGreaterThanOrEqual(r.mcnemar.pValue);
      expect(r.pHolm!).toBeLessThanOrEqual(1);
    });
    expect(s.overall.pHolm).toBeNull();
    // Indirect Speech alone (b = 1, c = 7, p ≈ 0.07) is not significant after adjustment either.
    expect(s.rows.find((r) => r.category === 'Indirect Speech')!.pHolm!).toBeGreaterThan(0.05);
  });

  it('refuses duplicate task ids and empty input with a fix', () => {
    expect(() => normalizationStudy([])).toThrow(/at least one task/);
    const dup = [pairs[0]!, { ...pairs[0]! }];
    expect(() => normalizationStudy(dup)).toThrow(/appears twice.*filter by agent/);
  });
});
