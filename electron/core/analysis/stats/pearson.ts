import { studentTTwoSidedP } from './special-functions.js';

/**
 * Pearson's r with its two-sided p-value from t = r·√((n−2)/(1−r²)), df = n − 2
 * (the same test as scipy.stats.pearsonr). A constant column has no correlation:
 * r and p are null with a reason, so one degenerate feature never sinks a whole report.
 */
export type PearsonResult =
  { n: number; r: number; pValue: number; reason?: undefined } | { n: number; r: null; pValue: null; reason: string };

export function pearson(x: readonly number[], y: readonly number[]): PearsonResult {
  if (x.length !== y.length) throw new RangeError(`pearson needs equal lengths, got ${x.length} and ${y.length}`);
  const n = x.length;
  if (n < 3) return { n, r: null, pValue: null, reason: `needs at least 3 observations, got ${n}` };
  if (x.some((v) => !Number.isFinite(v)) || y.some((v) => !Number.isFinite(v))) {
    return { n, r: null, pValue: null, reason: 'contains a non-finite value' };
  }
  const mean = (v: readonly number[]): number => v.reduce((s, a) => s + a, 0) / n;
  const mx = mean(x);
  const my = mean(y);
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i]! - mx;
    const dy = y[i]! - my;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  if (sxx === 0) return { n, r: null, pValue: null, reason: 'the feature is constant' };
  if (syy === 0) return { n, r: null, pValue: null, reason: 'the outcome is constant (all successes or all failures)' };
  // Clamp: rounding can push |r| a hair above 1.
  const r = Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
  const df = n - 2;
  if (Math.abs(r) === 1) return { n, r, pValue: 0 };
  const t = r * Math.sqrt(df / ((1 - r) * (1 + r)));
  return { n, r, pValue: studentTTwoSidedP(t, df) };
}
