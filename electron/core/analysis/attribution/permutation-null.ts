import { quantileSorted } from '../stats/quantile.js';
import { mulberry32, shuffled } from '../../random/rng.js';
import type { FmOptions } from './factorization-machine.js';
import { fitFactorizationMachine, interactionMatrix } from './factorization-machine.js';

/**
 * How large FM interaction weights get when there is nothing to find. The outcomes are
 * shuffled within each group (agent), which keeps every agent's success rate and the feature
 * matrix as they are but breaks any link between features and success; the FM is refitted
 * with the same options (and the same init seed) each time.
 *
 * The decision uses the largest |M| over all reportable pairs in each permutation (the
 * max-statistic null): an interaction is a finding only when its |M| is above the 95th
 * percentile of that maximum. With dozens of pairs, a per-pair 95% line would mark about one
 * pair in twenty as a finding in pure noise; the maximum keeps the chance of *any* false
 * finding at 5%. Per-pair permutation p-values are reported too.
 */
export interface NullOptions {
  /** Permutations (default 200; fewer than 200 is refused). */
  permutations?: number;
  seed?: number;
  /** Pairs with fewer co-occurrences are not reportable and not part of the maximum. */
  minSupport?: number;
  level?: number;
}

export const NULL_DEFAULTS = { permutations: 200, seed: 20240602, minSupport: 5, level: 0.95 } as const;

export interface InteractionNull {
  permutations: number;
  seed: number;
  level: number;
  /** The `level` quantile of max |M| over reportable pairs across permutations. */
  threshold: number;
  /** max |M| of each permutation, in permutation order (for plots and audits). */
  maxima: number[];
  /** Per pair (i, j): (1 + #{|M_b[i][j]| ≥ |M[i][j]|}) / (B + 1); null for pairs not reportable. */
  pairP: (number | null)[][];
  /** Per pair: (1 + #{max_b ≥ |M[i][j]|}) / (B + 1), the family-wise p; null for pairs not reportable. */
  familyP: (number | null)[][];
}

/** Shuffles y within each group; groups keep their positions, so a group's success count is unchanged. */
export function permuteWithin(y: readonly number[], groups: readonly string[], rng: ReturnType<typeof mulberry32>): number[] {
  const out = y.slice();
  const at = new Map<string, number[]>();
  groups.forEach((g, i) => {
    const list = at.get(g);
    if (list) list.push(i);
    else at.set(g, [i]);
  });
  for (const idx of [...at.keys()].sort().map((g) => at.get(g)!)) {
    const values = shuffled(
      idx.map((i) => y[i]!),
      rng,
    );
    idx.forEach((i, k) => (out[i] = values[k]!));
  }
  return out;
}

export function interactionNull(
  X: readonly (readonly number[])[],
  y: readonly number[],
  groups: readonly string[],
  observed: readonly (readonly number[])[],
  support: readonly (readonly number[])[],
  fm: FmOptions,
  options: NullOptions = {},
): InteractionNull {
  const o = { ...NULL_DEFAULTS, ...options };
  if (!Number.isInteger(o.permutations) || o.permutations < 200)
    throw new RangeError(`the permutation null needs at least 200 permutations, got ${o.permutations}`);
  if (groups.length !== y.length) throw new RangeError(`one group per observation: ${groups.length} groups for ${y.length} outcomes`);
  const d = observed.length;
  const reportable = (i: number, j: number): boolean => i < j && support[i]![j]! >= o.minSupport;
  const rng = mulberry32(o.seed);
  const maxima: number[] = [];
  const exceed = Array.from({ length: d }, () => new Array<number>(d).fill(0));
  for (let b = 0; b < o.permutations; b++) {
    const Mb = interactionMatrix(fitFactorizationMachine(X, permuteWithin(y, groups, rng), fm));
    let max = 0;
    for (let i = 0; i < d; i++) {
      for (let j = i + 1; j < d; j++) {
        if (!reportable(i, j)) continue;
        const v = Math.abs(Mb[i]![j]!);
        if (v > max) max = v;
        if (v >= Math.abs(observed[i]![j]!)) exceed[i]![j]!++;
      }
    }
    maxima.push(max);
  }
  const sortedMax = [...maxima].sort((a, b) => a - b);
  const B = o.permutations;
  const cell = (f: (i: number, j: number) => number) =>
    Array.from({ length: d }, (_, i) =>
      Array.from({ length: d }, (_, j) => {
        const [a, b] = i < j ? [i, j] : [j, i];
        return reportable(a, b) ? f(a, b) : null;
      }),
    );
  return {
    permutations: B,
    seed: o.seed,
    level: o.level,
    threshold: quantileSorted(sortedMax, o.level),
    maxima,
    pairP: cell((i, j) => (1 + exceed[i]![j]!) / (B + 1)),
    familyP: cell((i, j) => (1 + maxima.filter((m) => m >= Math.abs(observed[i]![j]!)).length) / (B + 1)),
  };
}
