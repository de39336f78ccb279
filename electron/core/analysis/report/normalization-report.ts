import type { TableModel } from '../../../../shared/domain/analysis.js';
import type { NormalizationRow, NormalizationStudy } from '../normalization/normalization-study.js';
import type { AnalysisReport } from './report.js';
import { numCol, pctCol, slug, textCol } from './report.js';

/** Paper Table 3 per agent, with the paired statistics the paper quotes in §5.3. */
function row(r: NormalizationRow): Record<string, string | number | null> {
  return {
    category: r.category,
    share: r.share,
    tasks: r.tasks,
    orig: r.successOriginal,
    rewr: r.successRewritten,
    delta: r.delta,
    deltaPp: r.rateDelta,
    b: r.mcnemar.b,
    c: r.mcnemar.c,
    p: r.mcnemar.pValue,
    pHolm: r.pHolm,
    lo: r.ci.lower,
    hi: r.ci.upper,
  };
}

export function normalizationReport(studies: readonly { agent: string; study: NormalizationStudy }[]): AnalysisReport {
  const tables: TableModel[] = studies.map(({ agent, study }) => ({
    id: `table3-normalization-${slug(agent)}`,
    title: `Successful tasks before and after normalization: ${agent} (paper Table 3)`,
    columns: [
      textCol('category', 'Category'),
      pctCol('share', 'Share (%)'),
      numCol('tasks', '#Tasks'),
      numCol('orig', 'Orig.'),
      numCol('rewr', 'Rewr.'),
      { key: 'delta', header: 'Δ', align: 'right', format: { kind: 'signed' } },
      pctCol('deltaPp', 'Δ rate (pp)', 1),
      numCol('b', 'b'),
      numCol('c', 'c'),
      { key: 'p', header: 'McNemar p', align: 'right', format: { kind: 'pvalue' } },
      { key: 'pHolm', header: 'Holm p', align: 'right', format: { kind: 'pvalue' } },
      pctCol('lo', 'CI low (pp)', 1),
      pctCol('hi', 'CI high (pp)', 1),
    ],
    rows: [...study.rows.map(row), row(study.overall)],
    notes: [
      'b = successes only with the original instruction, c = only with the rewrite; exact two-sided McNemar p = min(1, 2·P[X ≤ min(b,c)]), X ~ Bin(b+c, 1/2).',
      "Holm p: the per-category McNemar p-values adjusted together with Holm's step-down method (family-wise error over the categories); the overall row is one test and is not adjusted.",
      `Paired percentile bootstrap ${Math.round(study.overall.ci.level * 100)}% CI of the success-rate difference: ${study.overall.ci.resamples} resamples of task pairs, seed ${study.overall.ci.seed}.`,
    ],
  }));
  const charts = studies.map(({ agent, study }) => ({
    kind: 'bar' as const,
    id: `table3-normalization-${slug(agent)}`,
    title: `Successes before/after normalization: ${agent}`,
    categories: [...study.rows.map((r) => r.category), 'Overall'],
    yLabel: 'successful tasks',
    series: [
      { name: 'Original', values: [...study.rows, study.overall].map((r) => r.successOriginal) },
      { name: 'Rewritten', values: [...study.rows, study.overall].map((r) => r.successRewritten) },
    ],
  }));
  return { tables, charts };
}
