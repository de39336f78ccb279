import type { ChartSpec, TableModel } from '../../../../shared/domain/analysis.js';
import type { AttributionResult } from '../attribution/attribution.js';
import type { AnalysisReport } from './report.js';
import { numCol, textCol } from './report.js';

/** Appendix E: correlations (Figure 7), the strongest FM interactions, and both as heat maps. */
export function attributionReport(a: AttributionResult): AnalysisReport {
  const o = a.fm.options;
  const tables: TableModel[] = [
    {
      id: 'attribution-correlations',
      title: `Pearson correlation of each feature with success (n = ${a.n})`,
      columns: [textCol('feature', 'Feature'), numCol('r', 'r', 3), { key: 'p', header: 'p', align: 'right', format: { kind: 'pvalue' } }, textCol('note', 'Note')],
      rows: a.correlations.map((c) => ({ feature: c.feature, r: c.r, p: c.pValue, note: c.reason ?? '' })),
      notes: [`Success rate ${(a.successRate * 100).toFixed(2)}%. Two-sided p from t = r·√((n−2)/(1−r²)), df = n − 2.`, ...a.notes],
    },
    {
      id: 'attribution-interactions',
      title: 'Strongest pairwise interactions of the Factorization Machine (M = V·Vᵀ)',
      columns: [textCol('a', 'Feature A'), textCol('b', 'Feature B'), numCol('m', 'M', 3), numCol('support', 'Co-occurrences')],
      rows: a.strongest.map((s) => ({ a: s.a, b: s.b, m: s.weight, support: s.support })),
      notes: [
        `FM: k = ${o.k}, Adam lr ${o.learningRate}, L2 weight decay ${o.weightDecay}, ${o.epochs} full-batch epochs, seed ${o.seed}; final log-loss ${a.fm.finalLoss.toFixed(4)}.`,
        'Only pairs that co-occur in enough observations are listed; pairs that never co-occur (e.g. two levels of one category) are blank in the heat map.',
      ],
    },
  ];
  const labels = [...a.features, 'success'];
  const charts: ChartSpec[] = [
    { kind: 'heatmap', id: 'figure7-correlation', title: 'Feature correlation matrix', xLabels: labels, yLabels: labels, values: a.correlationMatrix, symmetric: true },
    { kind: 'heatmap', id: 'fm-interactions', title: 'FM interaction matrix M = V·Vᵀ', xLabels: a.features, yLabels: a.features, values: a.interactions, symmetric: true },
  ];
  return { tables, charts };
}
