import type { ChartSpec, TableModel } from '../../../../shared/domain/analysis.js';
import type { AttributionResult } from '../attribution/attribution.js';
import type { AnalysisReport } from './report.js';
import { numCol, textCol } from './report.js';

const pCol = (key: string, header: string) => ({ key, header, align: 'right' as const, format: { kind: 'pvalue' } as const });

/**
 * Appendix E: correlations (Figure 7), the strongest FM interactions, and both as heat maps —
 * with the noise labelled: pooled p-values carry their caveat and a task-clustered alternative,
 * interactions within the permutation null are greyed and marked, and the held-out check says
 * whether the interactions predict anything.
 */
export function attributionReport(a: AttributionResult, verbSource?: string): AnalysisReport {
  const o = a.fm.options;
  const clustered = a.tasks !== null;
  const cv = a.crossValidation;
  const nul = a.null;
  const tables: TableModel[] = [
    {
      id: 'attribution-correlations',
      title: `Pearson correlation of each feature with success (n = ${a.n} results${clustered ? `, ${a.tasks} tasks` : ''})`,
      columns: [
        textCol('feature', 'Feature'),
        numCol('r', 'r (pooled)', 3),
        pCol('p', 'p (pooled)'),
        ...(clustered ? [numCol('rTasks', 'r (per task)', 3), pCol('pTasks', 'p (per task)')] : []),
        textCol('note', 'Note'),
      ],
      rows: a.correlations.map((c) => ({
        feature: c.feature,
        r: c.r,
        p: c.pValue,
        ...(clustered ? { rTasks: c.rTasks ?? null, pTasks: c.pTasks ?? null } : {}),
        note: c.reason ?? '',
      })),
      notes: [
        `Success rate ${(a.successRate * 100).toFixed(2)}%. Two-sided p from t = r·√((n−2)/(1−r²)), df = n − 2.`,
        'The pooled p treats every task × agent × run row as independent; rows of the same task are not, so it is too small. ' +
          (clustered
            ? `The per-task columns correlate each task's mean outcome with its feature value (n = ${a.tasks} tasks), the defensible test.`
            : 'Results carry no task ids here, so no per-task alternative is shown.'),
        ...(verbSource ? [`verbs (z): ${verbSource}.`] : []),
        ...a.notes,
      ],
    },
    {
      id: 'attribution-interactions',
      title: 'Strongest pairwise interactions of the Factorization Machine (M = V·Vᵀ)',
      columns: [
        textCol('a', 'Feature A'),
        textCol('b', 'Feature B'),
        numCol('m', 'M', 3),
        numCol('support', 'Co-occurrences'),
        ...(nul ? [pCol('familyP', 'Permutation p (family-wise)'), textCol('status', 'Status')] : []),
      ],
      rows: a.strongest.map((s) => ({
        a: s.a,
        b: s.b,
        m: s.weight,
        support: s.support,
        ...(nul ? { familyP: s.familyP, status: s.finding ? 'finding: beyond the null' : 'noise: within the null' } : {}),
      })),
      mutedRows: a.strongest.flatMap((s, i) => (s.finding === true ? [] : [i])),
      notes: [
        `FM: k = ${o.k}, Adam lr ${o.learningRate}, L2 weight decay ${o.weightDecay}, ${o.epochs} full-batch epochs, seed ${o.seed}; final log-loss ${a.fm.finalLoss.toFixed(4)}.`,
        ...(nul
          ? [
              `Permutation null: outcomes shuffled within each agent ${nul.permutations} times (seed ${nul.seed}), the FM refitted each time; ` +
                `an interaction is a finding only when |M| exceeds ${nul.threshold.toFixed(3)}, the ${Math.round(nul.level * 100)}th percentile of the largest |M| per permutation. Greyed rows are within the noise.`,
              'A feature in a strong real interaction gets a long latent vector, which also inflates its products with other features: a finding that shares a feature with a much stronger one needs a second look.',
            ]
          : ['No permutation null was computed: every interaction is unlabelled and must not be read as a finding.']),
        ...(cv
          ? [
              `Held-out check (${cv.folds}-fold by task, seed ${cv.seed}): log-loss FM ${cv.fmLogLoss.toFixed(4)}, additive model ${cv.additiveLogLoss.toFixed(4)}, base rate ${cv.baseRateLogLoss.toFixed(4)} — ` +
                (cv.fmBetter ? 'the interactions improve held-out prediction.' : 'the interactions do not improve held-out prediction.'),
            ]
          : []),
        'Only pairs that co-occur in enough observations are listed; pairs that never co-occur (e.g. two levels of one category) are blank in the heat map.',
      ],
    },
  ];
  const labels = [...a.features, 'success'];
  const charts: ChartSpec[] = [
    {
      kind: 'heatmap',
      id: 'figure7-correlation',
      title: 'Feature correlation matrix',
      xLabels: labels,
      yLabels: labels,
      values: a.correlationMatrix,
      symmetric: true,
    },
    {
      kind: 'heatmap',
      id: 'fm-interactions',
      title: nul
        ? 'FM interaction matrix M = V·Vᵀ (grey: within the permutation null)'
        : 'FM interaction matrix M = V·Vᵀ (no null computed)',
      xLabels: a.features,
      yLabels: a.features,
      values: a.interactions,
      symmetric: true,
      ...(nul ? { muted: a.findings.map((row) => row.map((f) => f !== true)) } : {}),
    },
  ];
  return { tables, charts };
}
