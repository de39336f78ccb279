import type { AnalysisView, ElderBenchHandlers } from '../../../shared/api/index.js';
import { ApiError } from '../../../shared/api/index.js';
import type { ServiceContext } from '../service-context.js';
import type { AnalysisOutcome } from './analyses.js';
import { AnalysisInputError, attributionAnalysis, failuresAnalysis, linguisticsAnalysis, normalizationAnalysis } from './analyses.js';
import { acceptVerbs, verbRows } from './annotate.js';

/** A fixable input problem becomes a 400 with the message; anything else stays a bug. */
function bad<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof AnalysisInputError) throw new ApiError('bad_request', [e.message, ...e.details].join('; '));
    throw e;
  }
}

/** The Analysis screen's API: the same computations as `elderbench analyze`, charts as SVG. */
export function analysisService(ctx: ServiceContext): ElderBenchHandlers['analysis'] {
  const view = async (compute: () => AnalysisOutcome): Promise<AnalysisView> => {
    let out: AnalysisOutcome;
    try {
      out = compute();
    } catch (e) {
      if (e instanceof AnalysisInputError) throw new ApiError('bad_request', [e.message, ...e.details].join('; '));
      throw e;
    }
    // echarts is heavy to load; only analyses that draw pay for it.
    const { renderChartSvg } = await import('../../adapters/charts/echarts-renderer.js');
    return {
      tables: out.report.tables,
      charts: out.report.charts.map((c) => ({ id: c.id, title: c.title, svg: renderChartSvg(c) })),
      notes: out.notes,
    };
  };
  return {
    linguistics: ({ taskSet, baselineSet }) => view(() => linguisticsAnalysis(ctx.store(), taskSet, baselineSet)),
    normalization: ({ original, rewritten, agent }) => view(() => normalizationAnalysis(ctx.store(), original, rewritten, agent)),
    failures: ({ runs, agent }) => view(() => failuresAnalysis(ctx.store(), runs, agent, false)),
    attribution: ({ runs, agent }) => view(() => attributionAnalysis(ctx.store(), runs, agent)),
    verbs: ({ taskSet }) => bad(() => verbRows(ctx.store(), taskSet)),
    acceptVerbs: ({ taskId, verbs }) => {
      const row = bad(() => acceptVerbs(ctx.store(), taskId, verbs));
      ctx.events.emit('system', 'onDataChanged', { table: 'tasks' });
      return row;
    },
  };
}
