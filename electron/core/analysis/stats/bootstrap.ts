import { mulberry32 } from '../../random/rng.js';
import { quantileSorted } from './quantile.js';

/** One task's paired outcomes: success on the original and on the rewritten instruction. */
export interface PairedOutcome {
  before: boolean;
  after: boolean;
}

export interface BootstrapOptions {
  /** Resamples (default 10 000). */
  resamples?: number;
  /** PRNG seed (default 20240601); the same seed gives byte-identical intervals. */
  seed?: number;
  /** Confidence level (default 0.95). */
  level?: number;
}

export interface BootstrapCi {
  /** Point estimate: success rate after − before, as a fraction. */
  estimate: number;
  lower: number;
  upper: number;
  level: number;
  resamples: number;
  seed: number;
}

export const DEFAULT_BOOTSTRAP_SEED = 20240601;

/**
 * Paired percentile bootstrap of the success-rate difference. Resampling task *pairs*
 * (not each condition separately) keeps the within-task correlation that McNemar also
 * relies on. Each pair contributes d = after − before ∈ {−1, 0, 1}; a resample's statistic
 * is the mean of d. The CI is the (α/2, 1 − α/2) type-7 quantiles of the B statistics.
 */
export function pairedBootstrapCi(pairs: readonly PairedOutcome[], options: BootstrapOptions = {}): BootstrapCi {
  const resamples = options.resamples ?? 10_000;
  const seed = options.seed ?? DEFAULT_BOOTSTRAP_SEED;
  const level = options.level ?? 0.95;
  if (!Number.isInteger(resamples) || resamples < 1) throw new RangeError(`resamples must be a positive integer, got ${resamples}`);
  if (!(level > 0 && level < 1)) throw new RangeError(`level must be in (0, 1), got ${level}`);
  const n = pairs.length;
  if (n === 0) throw new RangeError('bootstrap needs at least one task pair');
  const d = pairs.map((p) => Number(p.after) - Number(p.before));
  const estimate = d.reduce((s, v) => s + v, 0) / n;
  const rng = mulberry32(seed);
  const stats = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += d[rng.int(n)]!;
    stats[r] = sum / n;
  }
  const sorted = Array.from(stats).sort((a, b) => a - b);
  const alpha = 1 - level;
  return {
    estimate,
    lower: quantileSorted(sorted, alpha / 2),
    upper: quantileSorted(sorted, 1 - alpha / 2),
    level,
    resamples,
    seed,
  };
}
