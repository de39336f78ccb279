import type { ChartSpec, TableColumn, TableModel } from '../../../../shared/domain/analysis.js';

/** What every analysis hands the exporters: tables (four formats each) and charts (SVG/PNG). */
export interface AnalysisReport {
  tables: TableModel[];
  charts: ChartSpec[];
}

export const pctCol = (key: string, header: string, digits = 2): TableColumn => ({
  key,
  header,
  align: 'right',
  format: { kind: 'percent', digits },
});
export const numCol = (key: string, header: string, digits?: number): TableColumn =>
  digits === undefined ? { key, header, align: 'right' } : { key, header, align: 'right', format: { kind: 'fixed', digits } };
export const textCol = (key: string, header: string): TableColumn => ({ key, header });

/** File-name-safe slug for ids built from user data (agent names, set names). */
export function slug(s: string): string {
  const out = s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return out || 'x';
}
