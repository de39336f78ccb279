import { mulberry32, shuffled } from '../../random/rng.js';
import type { FmOptions } from './factorization-machine.js';
import { fitFactorizationMachine, fmPredict } from './factorization-machine.js';

/**
 * Do the interactions predict anything? K-fold held-out log-loss of the FM against the
 * additive model (the same features, training and seed, no pairwise term: k = 0) and the
 * base rate. Folds are made of whole tasks: the same task run by several agents must not sit
 * on both sides of a split, or the held-out loss would reward memorizing tasks.
 */
export interface CvOptions {
  folds?: number;
  seed?: number;
}

export const CV_DEFAULTS = { folds: 5, seed: 20240603 } as const;

export interface CrossValidation {
  folds: number;
  seed: number;
  /** Mean held-out log-loss over every observation (each predicted once, by the model not trained on it). */
  fmLogLoss: number;
  additiveLogLoss: number;
  /** Predicting every held-out outcome with the training fold's success rate. */
  baseRateLogLoss: number;
  /** additive − FM per fold: positive where the interactions helped. */
  foldGains: number[];
  /** True when the FM's held-out loss is below the additive model's. */
  fmBetter: boolean;
}

const EPS = 1e-12;
const logLoss = (p: number, y: number): number => {
  const q = Math.min(1 - EPS, Math.max(EPS, p));
  return -(y * Math.log(q) + (1 - y) * Math.log(1 - q));
};

/** Assigns clusters (tasks) to folds: a seeded shuffle, then round-robin. */
export function foldsByCluster(clusters: readonly string[], folds: number, seed: number): number[] {
  const ids = [...new Set(clusters)].sort();
  const k = Math.min(folds, ids.length);
  const fold = new Map(shuffled(ids, mulberry32(seed)).map((id, i) => [id, i % k]));
  return clusters.map((c) => fold.get(c)!);
}

export function crossValidate(
  X: readonly (readonly number[])[],
  y: readonly number[],
  clusters: readonly string[],
  fm: FmOptions,
  options: CvOptions = {},
): CrossValidation {
  const o = { ...CV_DEFAULTS, ...options };
  if (!Number.isInteger(o.folds) || o.folds < 2) throw new RangeError(`cross-validation needs at least 2 folds, got ${o.folds}`);
  if (clusters.length !== y.length) throw new RangeError(`one cluster per observation: ${clusters.length} for ${y.length} outcomes`);
  const fold = foldsByCluster(clusters, o.folds, o.seed);
  const k = Math.max(...fold) + 1;
  if (k < 2) throw new RangeError('cross-validation needs observations of at least 2 tasks');
  let fmSum = 0;
  let addSum = 0;
  let baseSum = 0;
  const foldGains: number[] = [];
  for (let f = 0; f < k; f++) {
    const train = fold.map((v, i) => (v === f ? -1 : i)).filter((i) => i >= 0);
    const test = fold.map((v, i) => (v === f ? i : -1)).filter((i) => i >= 0);
    const Xt = train.map((i) => X[i]!);
    const yt = train.map((i) => y[i]!);
    const full = fitFactorizationMachine(Xt, yt, fm);
    const additive = fitFactorizationMachine(Xt, yt, { ...fm, k: 0 });
    const rate = yt.reduce((s, v) => s + v, 0) / yt.length;
    let fmF = 0;
    let addF = 0;
    for (const i of test) {
      const a = logLoss(fmPredict(full, X[i]!), y[i]!);
      const b = logLoss(fmPredict(additive, X[i]!), y[i]!);
      fmF += a;
      addF += b;
      baseSum += logLoss(rate, y[i]!);
    }
    fmSum += fmF;
    addSum += addF;
    foldGains.push((addF - fmF) / test.length);
  }
  const n = y.length;
  return {
    folds: k,
    seed: o.seed,
    fmLogLoss: fmSum / n,
    additiveLogLoss: addSum / n,
    baseRateLogLoss: baseSum / n,
    foldGains,
    fmBetter: fmSum < addSum,
  };
}
