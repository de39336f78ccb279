import type { ChartSpec, TableModel } from '../../../../shared/domain/analysis.js';
import type { LinguisticAnalysis } from '../linguistics/linguistic-analysis.js';
import type { CategoryShare, SetSummary } from '../linguistics/linguistic-summary.js';
import type { VerbChoice } from '../linguistics/verb-source.js';
import { histogram } from '../linguistics/linguistic-summary.js';
import type { AnalysisReport } from './report.js';
import { numCol, pctCol, textCol } from './report.js';

/** Paper Table 5 plus the category tables behind Figures 2, 4, 5 and 6, and the figures' data series. */
function table5(sets: readonly SetSummary[], sources: readonly VerbChoice[], notes: string[]): TableModel {
  return {
    id: 'table5-syntactic-statistics',
    title: 'Syntactic statistics of the instruction sets (paper Table 5)',
    columns: [
      textCol('set', 'Dataset'),
      numCol('n', '#Instr.'),
      textCol('unit', 'Length unit'),
      numCol('meanLength', 'Avg. Length', 2),
      numCol('medianLength', 'Median Length', 1),
      numCol('meanVerbs', 'Avg. Verbs', 2),
      numCol('medianVerbs', 'Median Verbs', 1),
      pctCol('short', '< 20 long (%)'),
      pctCol('noVerb', 'No verb (%)'),
      textCol('verbSource', 'Verb source'),
    ],
    rows: sets.map((s, i) => ({
      set: s.name,
      n: s.instructions,
      unit: s.lengthUnit,
      meanLength: s.meanLength,
      medianLength: s.medianLength,
      meanVerbs: s.meanVerbs,
      medianVerbs: s.medianVerbs,
      short: s.shareShorterThan20,
      noVerb: s.shareWithoutVerbs,
      verbSource: sources[i]?.annotated ? 'annotated' : 'POS fallback',
    })),
    notes: [
      ...sets.map((s, i) => `Verbs of ${s.name}: ${sources[i]?.label ?? 'the POS tagger'}.`),
      'The paper counts core operational verbs (LLM-extracted, person-checked): a modal or auxiliary is not one, and a verb with its complement counts once (调一下 → 调, 打个视频 → 打视频). The POS fallback counts the content verbs jieba/compromise tag, modals and auxiliaries excluded, and can disagree.',
      ...notes,
    ],
  };
}

function sharesTable(id: string, title: string, sets: readonly SetSummary[], pick: (s: SetSummary) => CategoryShare[]): TableModel {
  const categories = [...new Set(sets.flatMap((s) => pick(s).map((c) => c.category)))];
  return {
    id,
    title,
    columns: [
      textCol('category', 'Category'),
      ...sets.flatMap((s, i) => [numCol(`n${i}`, `${s.name} (n)`), pctCol(`p${i}`, `${s.name} (%)`)]),
    ],
    rows: categories.map((category) => {
      const row: Record<string, string | number> = { category };
      sets.forEach((s, i) => {
        const c = pick(s).find((x) => x.category === category);
        row[`n${i}`] = c?.count ?? 0;
        row[`p${i}`] = c?.share ?? 0;
      });
      return row;
    }),
    notes: [],
  };
}

function sharesChart(id: string, title: string, sets: readonly SetSummary[], pick: (s: SetSummary) => CategoryShare[]): ChartSpec {
  const categories = [...new Set(sets.flatMap((s) => pick(s).map((c) => c.category)))];
  return {
    kind: 'bar',
    id,
    title,
    categories,
    percent: true,
    series: sets.map((s) => ({ name: s.name, values: categories.map((c) => pick(s).find((x) => x.category === c)?.share ?? 0) })),
  };
}

export function linguisticsReport(a: LinguisticAnalysis): AnalysisReport {
  const sets = a.sets;
  const verbsTable: TableModel = {
    id: 'verbs-by-semantic',
    title: 'Verbs by semantic category (paper Figure 5)',
    columns: [
      textCol('set', 'Dataset'),
      textCol('category', 'Semantic category'),
      numCol('n', '#Instr.'),
      numCol('meanVerbs', 'Avg. Verbs', 2),
      pctCol('noVerb', 'No verb (%)'),
    ],
    rows: sets.flatMap((s) =>
      s.verbsBySemantic.map((v) => ({
        set: s.name,
        category: v.category,
        n: v.instructions,
        meanVerbs: v.meanVerbs,
        noVerb: v.shareWithoutVerbs,
      })),
    ),
    notes: [],
  };
  const tables = [
    table5(sets, a.verbSources, a.notes),
    sharesTable('figure2-syntactic', 'Distribution of syntactic structures (paper Figure 2)', sets, (s) => s.syntactic),
    sharesTable('figure4-semantic', 'Semantic categories (paper Figure 4)', sets, (s) => s.semantic),
    verbsTable,
    sharesTable('figure6-scenario', 'Pragmatic scenarios (paper Figure 6)', sets, (s) => s.scenario),
  ];
  // Figure 3: length and verb-count distributions as shares, so sets of different sizes compare.
  const lengthBin = sets[0]!.lengthUnit === 'words' ? 5 : 10;
  const lengthHists = sets.map((s) =>
    histogram(
      a.metrics[s.name]!.map((m) => m.length),
      lengthBin,
      10,
    ),
  );
  const verbHists = sets.map((s) =>
    histogram(
      a.metrics[s.name]!.map((m) => m.verbs),
      1,
      6,
    ),
  );
  const asShares = (counts: number[]): number[] => {
    const total = counts.reduce((x, y) => x + y, 0);
    return counts.map((c) => (total === 0 ? 0 : c / total));
  };
  const charts: ChartSpec[] = [
    sharesChart('figure2-syntactic', 'Syntactic structures', sets, (s) => s.syntactic),
    {
      kind: 'bar',
      id: 'figure3-length',
      title: `Instruction length (${sets[0]!.lengthUnit})`,
      percent: true,
      categories: lengthHists[0]!.labels,
      series: sets.map((s, i) => ({ name: s.name, values: asShares(lengthHists[i]!.counts) })),
    },
    {
      kind: 'bar',
      id: 'figure3-verbs',
      title: 'Verbs per instruction',
      percent: true,
      categories: verbHists[0]!.labels,
      series: sets.map((s, i) => ({ name: s.name, values: asShares(verbHists[i]!.counts) })),
    },
    sharesChart('figure4-semantic', 'Semantic categories', sets, (s) => s.semantic),
    {
      kind: 'bar',
      id: 'figure5-verbs-by-semantic',
      title: 'Average verbs by semantic category',
      categories: sets[0]!.verbsBySemantic.map((v) => v.category),
      yLabel: 'verbs',
      series: sets.map((s) => ({ name: s.name, values: s.verbsBySemantic.map((v) => Math.round(v.meanVerbs * 100) / 100) })),
    },
    sharesChart('figure6-scenario', 'Pragmatic scenarios', sets, (s) => s.scenario),
  ];
  return { tables, charts };
}
