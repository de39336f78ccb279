import { mulberry32 } from '../../random/rng.js';

/**
 * A second-order Factorization Machine (Rendle 2010) for binary success, as in paper
 * Appendix E.2: ŷ = σ(w0 + Σ wᵢxᵢ + Σ_{i<j} ⟨vᵢ, vⱼ⟩ xᵢxⱼ), logistic loss, Adam with
 * L2 weight decay (added to the gradient, like torch.optim.Adam(weight_decay)).
 * Full-batch training: no minibatch shuffling, so the only randomness is the seeded
 * init of V, and the same seed gives bit-identical weights.
 */
export interface FmOptions {
  /** Latent factors (paper: 5); 0 fits the additive model (no interactions). */
  k?: number;
  epochs?: number;
  learningRate?: number;
  /** L2 penalty on w and V (not the bias); paper: 0.001. */
  weightDecay?: number;
  seed?: number;
  /** Standard deviation of the N(0, σ²) init of V; V = 0 is a saddle point, so it must be > 0. */
  initStd?: number;
}

export const FM_DEFAULTS: Required<FmOptions> = {
  k: 5,
  epochs: 400,
  learningRate: 0.05,
  weightDecay: 0.001,
  seed: 20240601,
  initStd: 0.1,
};

export interface FmModel {
  d: number;
  k: number;
  bias: number;
  /** Linear weights, one per feature. */
  w: number[];
  /** Latent vectors: V[i] is feature i's k factors. */
  V: number[][];
  /** Mean logistic loss on the training data after the last epoch (without the L2 term). */
  finalLoss: number;
  options: Required<FmOptions>;
}

/** Flat parameter layout: [bias, w₀…w_{d−1}, V₀₀…V_{d−1,k−1}]. */
function vIndex(d: number, k: number, i: number, f: number): number {
  return 1 + d + i * k + f;
}

/** Mean logistic loss and its gradient w.r.t. the flat parameters (no L2). Exported for a gradient check. */
export function fmLossAndGradient(
  params: Float64Array,
  X: readonly (readonly number[])[],
  y: readonly number[],
  d: number,
  k: number,
  nz: readonly (readonly number[])[] = nonZeroColumns(X),
): { loss: number; grad: Float64Array } {
  const grad = new Float64Array(params.length);
  const n = X.length;
  const s = new Float64Array(k);
  let loss = 0;
  for (let r = 0; r < n; r++) {
    const x = X[r]!;
    // Only non-zero features contribute (one-hot rows are mostly zeros); skipping the zeros changes no sum.
    const cols = nz[r]!;
    const m = cols.length;
    let z = params[0]!;
    for (let c = 0; c < m; c++) z += params[1 + cols[c]!]! * x[cols[c]!]!;
    // Pairwise term in O(dk): ½ Σ_f [(Σᵢ vᵢf xᵢ)² − Σᵢ vᵢf² xᵢ²].
    for (let f = 0; f < k; f++) {
      let sf = 0;
      let sq = 0;
      for (let c = 0; c < m; c++) {
        const i = cols[c]!;
        const v = params[vIndex(d, k, i, f)]! * x[i]!;
        sf += v;
        sq += v * v;
      }
      s[f] = sf;
      z += 0.5 * (sf * sf - sq);
    }
    const yr = y[r]!;
    // Stable log(1 + e^{−z}) forms of the logistic loss.
    loss += z >= 0 ? (1 - yr) * z + Math.log1p(Math.exp(-z)) : -yr * z + Math.log1p(Math.exp(z));
    const p = z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
    const g = (p - yr) / n;
    grad[0]! += g;
    for (let c = 0; c < m; c++) {
      const i = cols[c]!;
      const xi = x[i]!;
      grad[1 + i]! += g * xi;
      for (let f = 0; f < k; f++) {
        const idx = vIndex(d, k, i, f);
        grad[idx]! += g * xi * (s[f]! - params[idx]! * xi);
      }
    }
  }
  return { loss: loss / n, grad };
}

/** The indices of each row's non-zero features. */
export function nonZeroColumns(X: readonly (readonly number[])[]): number[][] {
  return X.map((x) => x.flatMap((v, i) => (v !== 0 ? [i] : [])));
}

export function fitFactorizationMachine(X: readonly (readonly number[])[], y: readonly number[], options: FmOptions = {}): FmModel {
  const o = { ...FM_DEFAULTS, ...options };
  if (X.length === 0) throw new RangeError('the factorization machine needs at least one observation');
  if (X.length !== y.length) throw new RangeError(`X has ${X.length} rows but y has ${y.length} values`);
  const d = X[0]!.length;
  if (X.some((row) => row.length !== d)) throw new RangeError('every feature row must have the same length');
  if (y.some((v) => v !== 0 && v !== 1)) throw new RangeError('y must be 0 (failure) or 1 (success)');
  // k = 0 is the additive (logistic) model with the same features and training: the baseline the FM must beat.
  if (!(Number.isInteger(o.k) && o.k >= 0)) throw new RangeError(`k must be a non-negative integer, got ${o.k}`);
  const k = o.k;
  const params = new Float64Array(1 + d + d * k);
  const rng = mulberry32(o.seed);
  for (let j = 1 + d; j < params.length; j++) params[j] = o.initStd * rng.normal();

  const m = new Float64Array(params.length);
  const v = new Float64Array(params.length);
  const [beta1, beta2, eps] = [0.9, 0.999, 1e-8];
  const nz = nonZeroColumns(X);
  for (let t = 1; t <= o.epochs; t++) {
    const g = fmLossAndGradient(params, X, y, d, k, nz).grad;
    for (let j = 0; j < params.length; j++) {
      const gj = g[j]! + (j === 0 ? 0 : o.weightDecay * params[j]!);
      m[j] = beta1 * m[j]! + (1 - beta1) * gj;
      v[j] = beta2 * v[j]! + (1 - beta2) * gj * gj;
      const mHat = m[j]! / (1 - beta1 ** t);
      const vHat = v[j]! / (1 - beta2 ** t);
      params[j]! -= (o.learningRate * mHat) / (Math.sqrt(vHat) + eps);
    }
  }
  const loss = fmLossAndGradient(params, X, y, d, k, nz).loss;
  return {
    d,
    k,
    bias: params[0]!,
    w: Array.from(params.subarray(1, 1 + d)),
    V: Array.from({ length: d }, (_, i) => Array.from(params.subarray(vIndex(d, k, i, 0), vIndex(d, k, i, 0) + k))),
    finalLoss: loss,
    options: o,
  };
}

/** Predicted success probability for one feature row. */
export function fmPredict(model: FmModel, x: readonly number[]): number {
  let z = model.bias;
  for (let i = 0; i < model.d; i++) z += model.w[i]! * x[i]!;
  for (let i = 0; i < model.d; i++) {
    for (let j = i + 1; j < model.d; j++) z += dot(model.V[i]!, model.V[j]!) * x[i]! * x[j]!;
  }
  return 1 / (1 + Math.exp(-z));
}

function dot(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let f = 0; f < a.length; f++) s += a[f]! * b[f]!;
  return s;
}

/** M = V·Vᵀ with a zero diagonal: M[i][j] is the learned interaction weight of features i and j. */
export function interactionMatrix(model: FmModel): number[][] {
  return model.V.map((vi, i) => model.V.map((vj, j) => (i === j ? 0 : dot(vi, vj))));
}

export interface Interaction {
  a: string;
  b: string;
  weight: number;
  /** Observations where both features are non-zero. */
  support: number;
}

/**
 * support[i][j] = rows where xᵢ·xⱼ ≠ 0. A pair that never co-occurs (two levels of one
 * one-hot feature, say) never enters the loss, so its ⟨vᵢ, vⱼ⟩ is an artefact of the
 * shared latent vectors, not something learned from data.
 */
export function pairSupport(X: readonly (readonly number[])[]): number[][] {
  const d = X[0]?.length ?? 0;
  const s = Array.from({ length: d }, () => new Array<number>(d).fill(0));
  for (const x of X) {
    for (let i = 0; i < d; i++) {
      if (x[i] === 0) continue;
      for (let j = 0; j < d; j++) if (x[j] !== 0) s[i]![j]!++;
    }
  }
  return s;
}

/** The `top` pairs (i < j) with support ≥ `minSupport` and the largest |M[i][j]|, strongest first. */
export function strongestInteractions(
  M: readonly (readonly number[])[],
  names: readonly string[],
  top = 10,
  support?: readonly (readonly number[])[],
  minSupport = 1,
): Interaction[] {
  const out: Interaction[] = [];
  for (let i = 0; i < M.length; i++) {
    for (let j = i + 1; j < M.length; j++) {
      const sup = support ? support[i]![j]! : Number.POSITIVE_INFINITY;
      if (sup < minSupport) continue;
      out.push({ a: names[i] ?? `x${i}`, b: names[j] ?? `x${j}`, weight: M[i]![j]!, support: support ? sup : -1 });
    }
  }
  return out.sort((p, q) => Math.abs(q.weight) - Math.abs(p.weight)).slice(0, top);
}
