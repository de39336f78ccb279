import type { ChartSpec, TableModel } from '../../../../shared/domain/analysis.js';
import type { FailureTable } from '../failures/failure-table.js';
import type { Agreement } from '../stats/agreement.js';
import type { AnalysisReport } from './report.js';
import { numCol, pctCol, slug, textCol } from './report.js';

/** Paper Table 4/10 (one per agent on request) and the judge-vs-human agreement. */
export function failuresReport(tables: readonly FailureTable[], judge: Agreement | null): AnalysisReport {
  const out: TableModel[] = tables.map((t) => ({
    id: `table4-failures-${t.agent === null ? 'all' : slug(t.agent)}`,
    title: `Failure categories${t.agent === null ? '' : `: ${t.agent}`} (n = ${t.labelled}; paper Table 4)`,
    columns: [textCol('category', 'Failure Category'), numCol('count', 'Count'), pctCol('share', 'Percentage (%)', 1)],
    rows: [
      ...t.rows.map((r) => ({ category: r.category, count: r.count, share: r.share })),
      { category: 'Total', count: t.labelled, share: t.labelled === 0 ? 0 : 1 },
    ],
    notes: t.unlabelled > 0 ? [`${t.unlabelled} failed result(s) have no failure category yet and are not counted.`] : [],
  }));
  if (judge) {
    out.push({
      id: 'judge-agreement',
      title: 'Automatic judge vs human verdicts',
      columns: [numCol('n', 'Reviewed'), numCol('agreed', 'Agreed'), pctCol('po', 'Agreement (%)'), numCol('kappa', "Cohen's κ", 3)],
      rows: [{ n: judge.n, agreed: judge.agreed, po: judge.percentAgreement, kappa: judge.kappa }],
      notes: ['Only results with a human verdict are compared (paper §4.2.1 reports 93.08% for AutoGLM).'],
    });
  }
  const charts: ChartSpec[] = tables.map((t) => ({
    kind: 'bar',
    id: `table4-failures-${t.agent === null ? 'all' : slug(t.agent)}`,
    title: `Failure categories${t.agent === null ? '' : `: ${t.agent}`}`,
    categories: t.rows.map((r) => r.category),
    yLabel: 'failed tasks',
    series: [{ name: 'failures', values: t.rows.map((r) => r.count) }],
  }));
  return { tables: out, charts };
}
