import { describe, expect, it } from 'vitest';
import { agreement } from './agreement.js';
import type { PairedOutcome } from './bootstrap.js';
import { pairedBootstrapCi } from './bootstrap.js';
import { BOOTSTRAP_NORMAL } from './reference-values.js';
import { mulberry32 } from '../../random/rng.js';
import { largestRemainderAllocation, stratifiedSample } from './stratified-sample.js';

/** n pairs: b (1,0) discordant, c (0,1) discordant, `both` (1,1), rest (0,0). */
function pairs(n: number, b: number, c: number, both = 0): PairedOutcome[] {
  const out: PairedOutcome[] = [];
  for (let i = 0; i < b; i++) out.push({ before: true, after: false });
  for (let i = 0; i < c; i++) out.push({ before: false, after: true });
  for (let i = 0; i < both; i++) out.push({ before: true, after: true });
  while (out.length < n) out.push({ before: false, after: false });
  return out;
}

describe('seeded PRNG', () => {
  it('repeats exactly under a seed and differs across seeds', () => {
    const a = Array.from({ length: 5 }, mulberry32(42).next);
    const seq = mulberry32(42);
    expect(Array.from({ length: 5 }, () => seq.next())).toEqual(a);
    expect(Array.from({ length: 5 }, mulberry32(43).next)).not.toEqual(a);
    // Pinned first value: changing the generator would silently change every published CI.
    expect(mulberry32(1).next()).toBe(0.6270739405881613);
  });
});

describe('paired bootstrap CI', () => {
  it('contains the point estimate and is byte-identical under the same seed', () => {
    const p = pairs(100, 6, 30, 31);
    const a = pairedBootstrapCi(p, { seed: 7 });
    const b = pairedBootstrapCi(p, { seed: 7 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.estimate).toBeCloseTo(0.24, 12);
    expect(a.lower).toBeLessThanOrEqual(a.estimate);
    expect(a.upper).toBeGreaterThanOrEqual(a.estimate);
    expect(a.lower).toBeGreaterThan(0);
    expect(pairedBootstrapCi(p, { seed: 8 })).not.toEqual(a);
  });

  it('narrows as n grows (same proportions)', () => {
    const width = (k: number): number => {
      const ci = pairedBootstrapCi(pairs(100 * k, 10 * k, 25 * k, 30 * k), { seed: 1, resamples: 4000 });
      return ci.upper - ci.lower;
    };
    const [w1, w4, w16] = [width(1), width(4), width(16)];
    expect(w4).toBeLessThan(w1);
    expect(w16).toBeLessThan(w4);
    // Width ∝ 1/√n: quadrupling n roughly halves it.
    expect(w1 / w4).toBeGreaterThan(1.7);
    expect(w1 / w4).toBeLessThan(2.3);
  });

  it('matches the closed-form normal approximation on a large case (within 0.003)', () => {
    const { n, b, c, estimate, lower, upper } = BOOTSTRAP_NORMAL;
    const ci = pairedBootstrapCi(pairs(n, b, c), { seed: 11 });
    expect(ci.estimate).toBeCloseTo(estimate, 12);
    expect(Math.abs(ci.lower - lower)).toBeLessThan(0.003);
    expect(Math.abs(ci.upper - upper)).toBeLessThan(0.003);
  });

  it('is a zero-width interval with no discordant pairs, and refuses bad options', () => {
    const ci = pairedBootstrapCi(pairs(20, 0, 0, 5));
    expect([ci.lower, ci.estimate, ci.upper]).toEqual([0, 0, 0]);
    expect(() => pairedBootstrapCi([])).toThrow(/at least one/);
    expect(() => pairedBootstrapCi(pairs(5, 1, 1), { level: 1 })).toThrow(/level/);
  });
});

describe('agreement', () => {
  it('computes percent agreement and Cohen’s kappa (textbook 2×2: κ = 0.4)', () => {
    const items: [string, string][] = [
      ...Array.from({ length: 20 }, (): [string, string] => ['yes', 'yes']),
      ...Array.from({ length: 5 }, (): [string, string] => ['yes', 'no']),
      ...Array.from({ length: 10 }, (): [string, string] => ['no', 'yes']),
      ...Array.from({ length: 15 }, (): [string, string] => ['no', 'no']),
    ];
    const a = agreement(items);
    expect(a.percentAgreement).toBeCloseTo(0.7, 12);
    expect(a.expectedAgreement).toBeCloseTo(0.5, 12);
    expect(a.kappa).toBeCloseTo(0.4, 12);
    expect(a.confusion.yes).toEqual({ yes: 20, no: 5 });
  });

  it('has undefined kappa when both raters use a single identical label', () => {
    expect(
      agreement([
        ['a', 'a'],
        ['a', 'a'],
      ]).kappa,
    ).toBeNull();
    expect(
      agreement([
        ['a', 'b'],
        ['b', 'a'],
      ]).kappa,
    ).toBeCloseTo(-1, 12);
  });
});

describe('stratified sampling', () => {
  // ElderBench's 249 tasks by semantic category (paper Table 9 shares).
  const counts = new Map([
    ['Clear and Explicit', 44],
    ['Disfluency-Correction', 30],
    ['Indirect Speech', 48],
    ['Referential Ambiguity', 32],
    ['Under-specification', 95],
  ]);

  it('reproduces Table 9 (100 of 249) by largest remainder', () => {
    const alloc = largestRemainderAllocation(counts, 100);
    expect(Object.fromEntries(alloc.map((a) => [a.stratum, a.sampled]))).toEqual({
      'Clear and Explicit': 18,
      'Disfluency-Correction': 12,
      'Indirect Speech': 19,
      'Referential Ambiguity': 13,
      'Under-specification': 38,
    });
    expect(alloc[0]!.share).toBeCloseTo(0.1767, 4);
  });

  it('draws the allocated number per stratum, deterministically under a seed', () => {
    const items = [...counts].flatMap(([cat, n]) => Array.from({ length: n }, (_, i) => ({ id: `${cat}-${i}`, cat })));
    const s1 = stratifiedSample(items, (t) => t.cat, 100, 5);
    const s2 = stratifiedSample([...items].reverse(), (t) => t.cat, 100, 5);
    expect(s1.items).toHaveLength(100);
    expect(s1.items.filter((t) => t.cat === 'Under-specification')).toHaveLength(38);
    expect(new Set(s1.items.map((t) => t.id)).size).toBe(100);
    expect(stratifiedSample(items, (t) => t.cat, 100, 5).items).toEqual(s1.items);
    expect(stratifiedSample(items, (t) => t.cat, 100, 6).items).not.toEqual(s1.items);
    expect(s2.allocation).toEqual(s1.allocation);
  });

  it('refuses a sample larger than the population', () => {
    expect(() => largestRemainderAllocation(new Map([['a', 3]]), 4)).toThrow(/choose a size ≤ 3/);
  });
});
