import { describe, expect, it } from 'vitest';
import { attribution } from '../attribution/attribution.js';
import { failureTables, judgeAgreement } from '../failures/failure-table.js';
import { analyzeLinguistics } from '../linguistics/linguistic-analysis.js';
import type { PosTaggerPort } from '../linguistics/pos-tagger-port.js';
import { normalizationStudy } from '../normalization/normalization-study.js';
import { attributionReport } from './attribution-report.js';
import { failuresReport } from './failures-report.js';
import { linguisticsReport } from './linguistics-report.js';
import { normalizationReport } from './normalization-report.js';
import { TABLE_FORMATS, writeTable } from './table-writers.js';

const tagger: PosTaggerPort = {
  tag: (text) => [...text].map((ch) => ({ word: ch, tag: 'x', pos: ch === '开' ? 'VERB' : 'NOUN' })),
};
const item = (id: string, instruction: string, semantic: string, syntactic = 'Canonical') => ({
  id,
  instruction,
  lang: 'zh' as const,
  semantic,
  syntactic,
  scenario: 'System Settings',
});

describe('reports', () => {
  it('linguistics: Table 5 with both sets and the Figure 2–6 series', () => {
    const a = analyzeLinguistics(
      [
        {
          name: 'elder',
          items: [item('a', '打开', 'Clear and Explicit'), item('b', '字太小了看不清楚啊', 'Indirect Speech', 'Elliptical')],
        },
        { name: 'base', items: [item('c', '打开设置然后打开蓝牙并连接耳机设备', 'Clear and Explicit', 'Compound')] },
      ],
      tagger,
    );
    const r = linguisticsReport(a);
    expect(r.tables.map((t) => t.id)).toEqual([
      'table5-syntactic-statistics',
      'figure2-syntactic',
      'figure4-semantic',
      'verbs-by-semantic',
      'figure6-scenario',
    ]);
    expect(r.tables[0]!.rows).toMatchObject([
      { set: 'elder', n: 2, meanLength: 5.5, meanVerbs: 0.5 },
      { set: 'base', n: 1, meanLength: 17, meanVerbs: 2 },
    ]);
    expect(r.charts.map((c) => c.id)).toEqual([
      'figure2-syntactic',
      'figure3-length',
      'figure3-verbs',
      'figure4-semantic',
      'figure5-verbs-by-semantic',
      'figure6-scenario',
    ]);
    const fig2 = r.charts[0]!;
    expect(fig2.kind === 'bar' && fig2.series.map((s) => s.values)).toEqual([
      [0.5, 0, 0.5, 0],
      [0, 0, 0, 1],
    ]);
    for (const t of r.tables) for (const f of TABLE_FORMATS) expect(writeTable(t, f).length).toBeGreaterThan(0);
  });

  it('normalization: one Table 3 per agent with the overall row last', () => {
    const pairs = Array.from({ length: 20 }, (_, i) => ({
      taskId: `t${i}`,
      category: i % 2 ? 'A' : 'B',
      original: i < 5,
      rewritten: i < 12,
    }));
    const r = normalizationReport([{ agent: 'AutoGLM (Phone-9B)', study: normalizationStudy(pairs, { resamples: 500 }) }]);
    expect(r.tables[0]!.id).toBe('table3-normalization-autoglm-phone-9b');
    expect(r.tables[0]!.rows.at(-1)).toMatchObject({ category: 'Overall', tasks: 20, orig: 5, rewr: 12, delta: 7, b: 0, c: 7 });
    expect(writeTable(r.tables[0]!, 'md')).toContain('| Overall | 100.00 | 20 | 5 | 12 | +7 | 35.0 | 0 | 7 | 0.016 |');
  });

  it('failures: totals row and the judge agreement table', () => {
    const tables = failureTables(
      [
        { taskId: 'a', agent: 'x', category: 'Environment Awareness' },
        { taskId: 'b', agent: 'x', category: null },
      ],
      false,
    );
    const r = failuresReport(
      tables,
      judgeAgreement([
        { judgeSuccess: true, humanVerdict: 'success' },
        { judgeSuccess: false, humanVerdict: 'success' },
      ]),
    );
    expect(r.tables[0]!.rows.at(-1)).toEqual({ category: 'Total', count: 1, share: 1 });
    expect(r.tables[0]!.notes[0]).toMatch(/1 failed result\(s\) have no failure category/);
    expect(r.tables[1]!.rows[0]).toMatchObject({ n: 2, agreed: 1, po: 0.5 });
  });

  it('attribution: correlation and interaction tables and heat maps, null for constant columns', () => {
    const obs = Array.from({ length: 12 }, (_, i) => ({
      semantic: i % 2 ? 'Indirect Speech' : 'Clear and Explicit',
      syntactic: 'Canonical',
      scenario: 'X',
      length: i,
      verbs: i % 3,
      success: i % 2 === 0,
    }));
    const r = attributionReport(attribution(obs, { fm: { epochs: 20 } }));
    expect(r.tables.map((t) => t.id)).toEqual(['attribution-correlations', 'attribution-interactions']);
    const heat = r.charts[0]!;
    expect(heat.kind).toBe('heatmap');
    if (heat.kind === 'heatmap') {
      expect(heat.xLabels.at(-1)).toBe('success');
      const canonical = heat.xLabels.indexOf('syntactic: Canonical');
      expect(heat.values[canonical]![canonical]).toBeNull();
      expect(heat.values[0]![0]).toBe(1);
    }
    expect(writeTable(r.tables[0]!, 'csv')).toContain('syntactic: Canonical,,,the feature is constant');
  });
});
