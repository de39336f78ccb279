import { mulberry32, shuffled } from '../../random/rng.js';

/**
 * Stratified sampling that keeps category shares (paper Appendix J, Table 9: 100 of 249
 * by semantic category). Allocation by largest remainder (Hamilton): each stratum gets
 * ⌊size·n_k/N⌋, and the leftover slots go to the largest remainders. Remainders are
 * compared in exact integer arithmetic ((size·n_k) mod N) so float noise never decides
 * a slot; ties go to the larger stratum, then to the alphabetically first name.
 */
export interface StratumAllocation {
  stratum: string;
  population: number;
  /** population / N, as a fraction. */
  share: number;
  sampled: number;
}

export function largestRemainderAllocation(counts: ReadonlyMap<string, number>, size: number): StratumAllocation[] {
  const total = [...counts.values()].reduce((s, v) => s + v, 0);
  if (!Number.isInteger(size) || size < 0) throw new RangeError(`sample size must be a non-negative integer, got ${size}`);
  if (size > total) throw new RangeError(`cannot sample ${size} of ${total} items; choose a size ≤ ${total}`);
  const rows = [...counts.entries()].map(([stratum, population]) => ({
    stratum,
    population,
    share: total === 0 ? 0 : population / total,
    sampled: total === 0 ? 0 : Math.floor((size * population) / total),
    remainder: total === 0 ? 0 : (size * population) % total,
  }));
  let left = size - rows.reduce((s, r) => s + r.sampled, 0);
  const order = [...rows].sort(
    (a, b) => b.remainder - a.remainder || b.population - a.population || (a.stratum < b.stratum ? -1 : a.stratum > b.stratum ? 1 : 0),
  );
  for (const r of order) {
    if (left === 0) break;
    if (r.sampled < r.population) {
      r.sampled++;
      left--;
    }
  }
  return rows.map(({ stratum, population, share, sampled }) => ({ stratum, population, share, sampled }));
}

export interface StratifiedSample<T> {
  allocation: StratumAllocation[];
  /** The chosen items, in their input order. */
  items: T[];
  seed: number;
}

export function stratifiedSample<T>(items: readonly T[], stratumOf: (item: T) => string, size: number, seed: number): StratifiedSample<T> {
  const groups = new Map<string, number[]>();
  items.forEach((item, i) => {
    const k = stratumOf(item);
    const g = groups.get(k);
    if (g) g.push(i);
    else groups.set(k, [i]);
  });
  // Sorted strata: the draw must not depend on the input's category order.
  const sortedKeys = [...groups.keys()].sort();
  const allocation = largestRemainderAllocation(new Map(sortedKeys.map((k) => [k, groups.get(k)!.length])), size);
  const rng = mulberry32(seed);
  const chosen: number[] = [];
  for (const a of allocation) chosen.push(...shuffled(groups.get(a.stratum)!, rng).slice(0, a.sampled));
  chosen.sort((a, b) => a - b);
  return { allocation, items: chosen.map((i) => items[i]!), seed };
}
