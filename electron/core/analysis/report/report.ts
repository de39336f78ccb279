import type { ChartSpec, TableModel } from '../../../../shared/domain/analysis.js';

/** What every analysis hands the exporters: tables (four formats each) and charts (SVG/PNG). */
export interface AnalysisReport {
  tables: TableModel[];
  charts: ChartSpec[];
}

export const pctCol = (key: string, header: string, digits = 2) =>
  ({ key, header, align: 'right', format: { kind: 'percent', digits } }) as const;
export const numCol = (key: string, header: string, digits?: number) =>
  ({ key, header, align: 'right', ...(digits === undefined ? {} : { format: { kind: 'fixed', digits } }) }) as const;
export const textCol = (key: string, header: string) => ({ key, header }) as const;

/** File-name-safe slug for ids built from user data (agent names, set names). */
export function slug(s: string): string {
  const out = s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return out || 'x';
}
