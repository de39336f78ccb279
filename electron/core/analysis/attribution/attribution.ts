import { pearson } from '../stats/pearson.js';
import type { FeatureObservation } from './features.js';
import { buildFeatureMatrix } from './features.js';
import type { FmModel, FmOptions, Interaction } from './factorization-machine.js';
import { fitFactorizationMachine, interactionMatrix, pairSupport, strongestInteractions } from './factorization-machine.js';

/**
 * Linguistic feature attribution (paper §5.5, Appendix E): single-feature Pearson
 * correlations with success (0/1, i.e. point-biserial), and a Factorization Machine whose
 * V·Vᵀ gives the cross-feature interactions.
 */
export interface AttributionObservation extends FeatureObservation {
  success: boolean;
}

export interface FeatureCorrelation {
  feature: string;
  r: number | null;
  pValue: number | null;
  /** Why r is null (e.g. a constant column). */
  reason?: string;
}

export interface AttributionResult {
  n: number;
  successRate: number;
  features: string[];
  correlations: FeatureCorrelation[];
  fm: Pick<FmModel, 'bias' | 'w' | 'finalLoss' | 'options'>;
  /** Pairwise Pearson r over [...features, 'success'] (null for a constant column); the paper's Figure 7. */
  correlationMatrix: (number | null)[][];
  /**
   * M = V·Vᵀ, zero diagonal, rows/columns in `features` order; null where the two features
   * never co-occur (the value would be an artefact, see pairSupport).
   */
  interactions: (number | null)[][];
  strongest: Interaction[];
  notes: string[];
}

export function attribution(
  obs: readonly AttributionObservation[],
  options: {
    fm?: FmOptions;
    topInteractions?: number;
    /** Only list pairs that co-occur in at least this many observations (default 5). */
    minSupport?: number;
  } = {},
): AttributionResult {
  if (obs.length < 3) throw new RangeError(`attribution needs at least 3 task results, got ${obs.length}`);
  const fm = buildFeatureMatrix(obs);
  const y: number[] = obs.map((o) => (o.success ? 1 : 0));
  const correlations = fm.names.map((feature, c): FeatureCorrelation => {
    const res = pearson(fm.rows.map((r) => r[c]!), y);
    if (res.r === null) return { feature, r: null, pValue: null, reason: res.reason };
    return { feature, r: res.r, pValue: res.pValue };
  });
  const notes = [...fm.notes];
  const successes = y.reduce((s, v) => s + v, 0);
  if (successes === 0 || successes === obs.length) {
    notes.push('every result has the same outcome: correlations are undefined and the model learns nothing useful');
  }
  const columns = [...fm.names.map((_, c) => fm.rows.map((r) => r[c]!)), y];
  const correlationMatrix = columns.map((a) => columns.map((b) => pearson(a, b).r));
  const model = fitFactorizationMachine(fm.rows, y, options.fm);
  const M = interactionMatrix(model);
  const support = pairSupport(fm.rows);
  const minSupport = options.minSupport ?? 5;
  return {
    n: obs.length,
    successRate: successes / obs.length,
    features: fm.names,
    correlations,
    correlationMatrix,
    fm: { bias: model.bias, w: model.w, finalLoss: model.finalLoss, options: model.options },
    interactions: M.map((row, i) => row.map((v, j) => (i !== j && support[i]![j]! === 0 ? null : v))),
    strongest: strongestInteractions(M, fm.names, options.topInteractions ?? 10, support, minSupport),
    notes,
  };
}
