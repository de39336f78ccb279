import { join } from 'node:path';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { ReportFolder } from '../../adapters/report-html/report-folder.js';
import { renderReport } from '../../core/report-html/render.js';
import { renderRunCharts } from '../runs/run-charts.js';
import { buildRunReport } from '../runs/run-report-builder.js';
import { APP_VERSION } from '../version.js';
import { ReportImages } from './report-images.js';
import { buildReportModel } from './report-model.js';

export interface HtmlReportWritten {
  dir: string;
  index: string;
  tasks: number;
  results: number;
  images: number;
  files: number;
  bytes: number;
}

/**
 * `elderbench report RUN --format html --out DIR`: a folder anyone can open from a shared
 * drive — index.html (style and script inline), the charts as SVG files, every screenshot
 * as a thumbnail plus the full image — with no server and no request leaving the folder.
 */
export async function writeHtmlReport(store: WorkspaceStore, runId: string, outDir: string): Promise<HtmlReportWritten> {
  const report = buildRunReport(store, runId);
  const folder = await ReportFolder.create(outDir);
  try {
    const charts = report.metrics.length ? await renderRunCharts(report) : [];
    for (const c of charts) await folder.write(`charts/${c.id}.svg`, c.svg);
    const images = new ReportImages(store);
    const model = buildReportModel(
      store,
      report,
      charts.map((c) => ({ id: c.id, title: c.title, description: c.description, file: `charts/${c.id}.svg` })),
      images,
      APP_VERSION,
    );
    await images.writeAll((rel, bytes) => folder.write(rel, bytes));
    await folder.write('index.html', renderReport(model));
    await folder.commit(JSON.stringify({ runId, generatedAt: model.generatedAt }));
    return {
      dir: folder.target,
      index: join(folder.target, 'index.html'),
      tasks: model.tasks.length,
      results: model.tasks.reduce((n, t) => n + t.results.length, 0),
      images: images.count,
      ...folder.size,
    };
  } catch (e) {
    await folder.abort();
    throw e;
  }
}
