import type { CellValue, TableColumn } from './analysis.js';

/** How a table cell reads: shared by the report writers and the renderer's tables, so both print the same. */
/** -0.0004 rounds to "-0.000", which reads as a sign that is not there. */
function noNegativeZero(s: string): string {
  return /^-0(\.0*)?$/.test(s) ? s.slice(1) : s;
}

export function formatCell(value: CellValue, column: TableColumn): string {
  if (value === null) return 'n/a';
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return 'n/a';
  const f = column.format;
  if (!f) return String(value);
  switch (f.kind) {
    case 'fixed':
      return noNegativeZero(value.toFixed(f.digits));
    case 'percent':
      return noNegativeZero((value * 100).toFixed(f.digits));
    case 'signed':
      return value > 0 ? `+${value}` : String(value);
    case 'pvalue':
      return value === 0 ? '0' : value < 0.001 ? value.toExponential(2) : value.toFixed(3);
  }
}
