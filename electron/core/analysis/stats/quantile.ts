/**
 * Quantile of sorted data with linear interpolation between order statistics
 * (Hyndman–Fan type 7: h = (n − 1)·q), the default of R and numpy, so a reader can
 * reproduce a CI from the resample list.
 */
export function quantileSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new RangeError('quantile of an empty list');
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantile needs 0 ≤ q ≤ 1, got ${q}`);
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  const a = sorted[lo]!;
  const b = sorted[hi]!;
  return a + (h - lo) * (b - a);
}

export function mean(v: readonly number[]): number {
  if (v.length === 0) return Number.NaN;
  return v.reduce((s, a) => s + a, 0) / v.length;
}

export function median(v: readonly number[]): number {
  if (v.length === 0) return Number.NaN;
  return quantileSorted(
    [...v].sort((a, b) => a - b),
    0.5,
  );
}
