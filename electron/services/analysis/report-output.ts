import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TableModel } from '../../../shared/domain/analysis.js';
import type { TableFormat } from '../../core/analysis/report/table-writers.js';
import { TABLE_EXTENSIONS, TABLE_FORMATS, writeTable } from '../../core/analysis/report/table-writers.js';
import type { AnalysisOutcome } from './analyses.js';

/** How the analyses' tables are written out (`analyze`, the demo's summary): the formats and the writers. */
export type { TableFormat };
export const TABLE_OUTPUT_FORMATS: readonly TableFormat[] = TABLE_FORMATS;

/** One table as text in a format (md, csv, json, latex). */
export function tableText(t: TableModel, format: TableFormat): string {
  return writeTable(t, format);
}

/** Several tables as one text in a format, as `analyze` prints them. */
export function tablesText(tables: readonly TableModel[], format: TableFormat): string {
  if (format === 'json') return JSON.stringify(tables, null, 2);
  return tables.map((t) => writeTable(t, format).trimEnd()).join(format === 'csv' ? '\r\n\r\n' : '\n\n');
}

/** Writes every table in every format and every chart as SVG and PNG into `dir`; returns the files written. */
export async function writeReportFiles(report: AnalysisOutcome['report'], outDir: string): Promise<{ dir: string; files: string[] }> {
  const written: string[] = [];
  const dir = resolve(outDir);
  mkdirSync(dir, { recursive: true });
  for (const t of report.tables) {
    for (const f of TABLE_FORMATS) {
      const file = join(dir, `${t.id}.${TABLE_EXTENSIONS[f]}`);
      writeFileSync(file, writeTable(t, f), 'utf8');
      written.push(file);
    }
  }
  if (report.charts.length > 0) {
    // Loaded only when needed: importing ECharts costs ≈ 0.8 s.
    const { writeChart } = await import('../../adapters/charts/echarts-renderer.js');
    for (const c of report.charts) {
      const w = await writeChart(c, dir);
      written.push(w.svg, w.png);
    }
  }
  return { dir, files: written };
}
