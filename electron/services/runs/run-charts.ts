import { ApiError } from '../../../shared/api/index.js';
import type { RunChartDto } from '../../../shared/domain/run.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { ChartSpec } from '../../../shared/domain/analysis.js';
import { runCharts } from '../../core/eval/run-charts.js';
import { buildRunReport } from './run-report-builder.js';
import type { RunReport } from './run-report-builder.js';
import { errorMessage } from '../../../shared/error-message.js';

/** A run's charts as SVG, rendered by the backend (ECharts SSR): the Runs and Review screens and the HTML report. */
export async function renderRunCharts(report: Pick<RunReport, 'metrics' | 'costChart'>): Promise<RunChartDto[]> {
  // echarts is heavy to load; only callers that draw pay for it.
  const { renderChartSvg } = await import('../../adapters/charts/echarts-renderer.js');
  const charts: { spec: ChartSpec; description: string }[] = [
    ...runCharts(report.metrics),
    ...(report.costChart ? [report.costChart] : []),
  ];
  return charts.map((c) => ({ id: c.spec.id, title: c.spec.title, svg: renderChartSvg(c.spec), description: c.description }));
}

/** `runs.charts`: the charts of one run, or not_found naming the run. */
export async function runChartsFor(store: WorkspaceStore, runId: string): Promise<RunChartDto[]> {
  let report: RunReport;
  try {
    report = buildRunReport(store, runId);
  } catch (e) {
    throw new ApiError('not_found', errorMessage(e));
  }
  return report.metrics.length === 0 ? [] : renderRunCharts(report);
}
