/**
 * Holm's step-down adjustment (Holm 1979) for a family of m tests: with the p-values sorted
 * ascending p(1) ≤ … ≤ p(m), the adjusted p(i) = max over j ≤ i of min(1, (m − j + 1)·p(j)),
 * returned in the input order. Rejecting where adjusted p ≤ α controls the family-wise error
 * rate at α under any dependence — what per-category McNemar tests over one run need.
 * Ties keep their input order (the result does not depend on it).
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  for (const p of pValues) {
    if (!(p >= 0 && p <= 1)) throw new RangeError(`p-values must be in [0, 1], got ${p}`);
  }
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p || a.i - b.i);
  const out = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    out[i] = running;
  });
  return out;
}
