import { pearson } from '../stats/pearson.js';
import type { FeatureObservation } from './features.js';
import { buildFeatureMatrix } from './features.js';
import type { CrossValidation, CvOptions } from './cross-validation.js';
import { crossValidate } from './cross-validation.js';
import type { FmModel, FmOptions, Interaction } from './factorization-machine.js';
import { fitFactorizationMachine, interactionMatrix, pairSupport, strongestInteractions } from './factorization-machine.js';
import type { InteractionNull, NullOptions } from './permutation-null.js';
import { NULL_DEFAULTS, interactionNull } from './permutation-null.js';

/**
 * Linguistic feature attribution (paper §5.5, Appendix E): single-feature Pearson
 * correlations with success (0/1, i.e. point-biserial), and a Factorization Machine whose
 * V·Vᵀ gives the cross-feature interactions — with what it takes to tell findings from
 * noise: a permutation null for the interactions, a held-out comparison with the additive
 * model, and task-clustered correlations beside the pooled ones.
 */
export interface AttributionObservation extends FeatureObservation {
  success: boolean;
  /** The task the result belongs to (rows of one task are not independent). */
  taskId?: string;
  /** The agent (outcomes are permuted within it). */
  group?: string;
}

export interface FeatureCorrelation {
  feature: string;
  /** Pearson r over pooled task × agent rows, and its p (which assumes independent rows: they are not). */
  r: number | null;
  pValue: number | null;
  /** Task-clustered alternative: r and p over tasks, each task's mean outcome against its feature value. */
  rTasks?: number | null;
  pTasks?: number | null;
  /** Why r is null (e.g. a constant column). */
  reason?: string;
}

export interface ReportedInteraction extends Interaction {
  /** Beyond the permutation null's 95th percentile of the largest |M|: drawn as a finding. */
  finding: boolean | null;
  /** Family-wise permutation p (against the largest |M| of each permutation). */
  familyP: number | null;
  /** Per-pair permutation p (not corrected for the number of pairs). */
  pairP: number | null;
}

export interface AttributionResult {
  n: number;
  /** Distinct tasks among the observations (null when observations carry no task). */
  tasks: number | null;
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
  /** Per cell: true = a finding beyond the null, false = within the noise, null = not reportable or no null. */
  findings: (boolean | null)[][];
  strongest: ReportedInteraction[];
  /** The permutation null; null when switched off. */
  null: Omit<InteractionNull, 'pairP' | 'familyP'> | null;
  /** K-fold held-out log-loss, FM vs additive; null when switched off or too few tasks. */
  crossValidation: CrossValidation | null;
  notes: string[];
}

/** Per-task mean outcome against the task's feature value (rows of one task share the features). */
function taskClustered(
  obs: readonly AttributionObservation[],
  rows: readonly (readonly number[])[],
  c: number,
): { r: number | null; p: number | null } {
  const byTask = new Map<string, { x: number; ys: number[] }>();
  obs.forEach((o, i) => {
    const t = byTask.get(o.taskId!);
    if (t) t.ys.push(o.success ? 1 : 0);
    else byTask.set(o.taskId!, { x: rows[i]![c]!, ys: [o.success ? 1 : 0] });
  });
  const ts = [...byTask.values()];
  const res = pearson(
    ts.map((t) => t.x),
    ts.map((t) => t.ys.reduce((s, v) => s + v, 0) / t.ys.length),
  );
  return { r: res.r, p: res.pValue };
}

export function attribution(
  obs: readonly AttributionObservation[],
  options: {
    fm?: FmOptions;
    topInteractions?: number;
    /** Only list pairs that co-occur in at least this many observations (default 5). */
    minSupport?: number;
    /** The permutation null (default on, 200 permutations); false switches it off (tests of other parts). */
    null?: NullOptions | false;
    /** The k-fold check (default 5 folds by task); false switches it off. */
    cv?: CvOptions | false;
  } = {},
): AttributionResult {
  if (obs.length < 3) throw new RangeError(`attribution needs at least 3 task results, got ${obs.length}`);
  const fm = buildFeatureMatrix(obs);
  const y: number[] = obs.map((o) => (o.success ? 1 : 0));
  const withTasks = obs.every((o) => o.taskId !== undefined);
  const tasks = withTasks ? new Set(obs.map((o) => o.taskId)).size : null;
  const correlations = fm.names.map((feature, c): FeatureCorrelation => {
    const res = pearson(
      fm.rows.map((r) => r[c]!),
      y,
    );
    if (res.r === null) return { feature, r: null, pValue: null, reason: res.reason };
    if (!withTasks) return { feature, r: res.r, pValue: res.pValue };
    const t = taskClustered(obs, fm.rows, c);
    return { feature, r: res.r, pValue: res.pValue, rTasks: t.r, pTasks: t.p };
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
  const minSupport = options.minSupport ?? NULL_DEFAULTS.minSupport;
  const d = fm.names.length;

  const nul =
    options.null === false
      ? null
      : interactionNull(
          fm.rows,
          y,
          obs.map((o) => o.group ?? 'all'),
          M,
          support,
          options.fm ?? {},
          { minSupport, ...options.null },
        );
  let cv: CrossValidation | null = null;
  if (options.cv !== false) {
    const clusters = obs.map((o, i) => o.taskId ?? `row-${i}`);
    if (new Set(clusters).size >= 2) cv = crossValidate(fm.rows, y, clusters, options.fm ?? {}, options.cv || {});
    else notes.push('too few tasks for the held-out check of the interactions');
  }
  const findings = Array.from({ length: d }, (_, i) =>
    Array.from({ length: d }, (_, j): boolean | null => {
      if (!nul || i === j || support[i]![j]! < minSupport) return null;
      return Math.abs(M[i]![j]!) > nul.threshold;
    }),
  );
  const index = new Map(fm.names.map((n, i) => [n, i]));
  const strongest = strongestInteractions(M, fm.names, options.topInteractions ?? 10, support, minSupport).map((s): ReportedInteraction => {
    const [i, j] = [index.get(s.a)!, index.get(s.b)!];
    return { ...s, finding: findings[i]![j]!, familyP: nul?.familyP[i]![j] ?? null, pairP: nul?.pairP[i]![j] ?? null };
  });
  if (nul && !strongest.some((s) => s.finding))
    notes.push('no interaction is beyond the permutation null: the listed interactions are within what shuffled outcomes produce');
  if (cv && !cv.fmBetter)
    notes.push('the FM does not predict held-out tasks better than the additive model: its interactions add no predictive value here');
  return {
    n: obs.length,
    tasks,
    successRate: successes / obs.length,
    features: fm.names,
    correlations,
    correlationMatrix,
    fm: { bias: model.bias, w: model.w, finalLoss: model.finalLoss, options: model.options },
    interactions: M.map((row, i) => row.map((v, j) => (i !== j && support[i]![j]! === 0 ? null : v))),
    findings,
    strongest,
    null: nul ? { permutations: nul.permutations, seed: nul.seed, level: nul.level, threshold: nul.threshold, maxima: nul.maxima } : null,
    crossValidation: cv,
    notes,
  };
}
