import { describe, expect, it } from 'vitest';
import { exactMcNemar, logBinomialHalfCdf } from './mcnemar.js';
import { pearson } from './pearson.js';
import { BETAINC, GAMMALN, LOG_BINOM_HALF_CDF, MCNEMAR_P, PEARSON, T_TWO_SIDED, pearsonSets } from './reference-values.js';
import { logGamma, regularizedIncompleteBeta, studentTTwoSidedP } from './special-functions.js';

/** |a − b| ≤ tol·|b| (relative), falling back to absolute near zero. */
function expectClose(actual: number, expected: number, tol = 1e-9): void {
  const scale = Math.max(Math.abs(expected), Number.MIN_VALUE);
  const err = Math.abs(actual - expected) / (Math.abs(expected) > 1e-300 ? scale : 1);
  if (!(err <= tol)) throw new Error(`expected ${actual} ≈ ${expected} (rel err ${err} > ${tol})`);
}

const pair = (key: string): [number, number] => key.split(',').map(Number) as [number, number];

describe('exact McNemar (against scipy.stats.binomtest)', () => {
  for (const [key, p] of Object.entries(MCNEMAR_P)) {
    it(`b,c = ${key} → p = ${p}`, () => {
      const [b, c] = pair(key);
      expectClose(exactMcNemar(b, c).pValue, p);
      // The test is symmetric in b and c.
      expectClose(exactMcNemar(c, b).pValue, p);
    });
  }

  it('keeps relative precision in tiny tails where jStat.binomial.cdf returns 0', () => {
    const p = exactMcNemar(0, 60).pValue;
    expect(p).toBeGreaterThan(0);
    expect(Math.abs(p / 1.734723475976807e-18 - 1)).toBeLessThan(1e-12);
  });

  it('is exactly 1 with no discordant pairs and rejects impossible counts', () => {
    expect(exactMcNemar(0, 0)).toEqual({ b: 0, c: 0, discordant: 0, pValue: 1 });
    expect(() => exactMcNemar(-1, 3)).toThrow(/non-negative integers/);
    expect(() => exactMcNemar(1.5, 3)).toThrow(/b = 1.5/);
  });

  for (const [key, v] of Object.entries(LOG_BINOM_HALF_CDF)) {
    it(`log P[X ≤ k] for k,n = ${key}`, () => {
      const [k, n] = pair(key);
      expectClose(logBinomialHalfCdf(k, n), v, 1e-11);
    });
  }
});

describe('special functions (against scipy.special)', () => {
  for (const [x, v] of Object.entries(GAMMALN)) {
    it(`gammaln(${x})`, () => {
      if (v === 0) expect(Math.abs(logGamma(Number(x)))).toBeLessThan(1e-14);
      else expectClose(logGamma(Number(x)), v, 1e-12);
    });
  }
  for (const [key, v] of Object.entries(BETAINC)) {
    it(`betainc at x,a,b = ${key}`, () => {
      const [x, a, b] = key.split(',').map(Number) as [number, number, number];
      expectClose(regularizedIncompleteBeta(x, a, b), v);
    });
  }
  for (const [key, v] of Object.entries(T_TWO_SIDED)) {
    it(`two-sided t p at t,df = ${key}`, () => {
      const [t, df] = pair(key);
      expectClose(studentTTwoSidedP(t, df), v);
      expectClose(studentTTwoSidedP(-t, df), v);
    });
  }
});

describe('Pearson r and p (against scipy.stats.pearsonr)', () => {
  const sets = pearsonSets();
  for (const [name, [r, p]] of Object.entries(PEARSON)) {
    it(name, () => {
      const [x, y] = sets[name]!;
      const res = pearson(x, y);
      expect(res.r).not.toBeNull();
      expectClose(res.r!, r, 1e-12);
      expectClose(res.pValue!, p);
    });
  }

  it('reports a constant column as null with a reason instead of NaN or a crash', () => {
    const res = pearson([1, 1, 1, 1], [0, 1, 0, 1]);
    expect(res).toEqual({ n: 4, r: null, pValue: null, reason: 'the feature is constant' });
    expect(pearson([1, 2, 3, 4], [1, 1, 1, 1]).reason).toMatch(/outcome is constant/);
    expect(pearson([1, 2], [0, 1]).reason).toMatch(/at least 3/);
  });

  it('gives p = 0 for a perfect correlation', () => {
    expect(pearson([1, 2, 3, 4], [2, 4, 6, 8])).toEqual({ n: 4, r: 1, pValue: 0 });
  });
});
