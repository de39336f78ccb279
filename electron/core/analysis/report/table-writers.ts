import type { CellValue, TableModel } from '../../../../shared/domain/analysis.js';
import { formatCell } from '../../../../shared/domain/table-format.js';

export { formatCell };

/**
 * One table model, four writers. Markdown and LaTeX are for reading, so they apply each
 * column's number format; CSV and JSON are for re-analysis, so they keep raw values.
 */
export type TableFormat = 'md' | 'csv' | 'json' | 'latex';
export const TABLE_FORMATS: readonly TableFormat[] = ['md', 'csv', 'json', 'latex'];
export const TABLE_EXTENSIONS: Record<TableFormat, string> = { md: 'md', csv: 'csv', json: 'json', latex: 'tex' };

export function toMarkdown(t: TableModel): string {
  const esc = (s: string): string => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
  const header = `| ${t.columns.map((c) => esc(c.header)).join(' | ')} |`;
  const rule = `| ${t.columns.map((c) => (c.align === 'right' ? '---:' : '---')).join(' | ')} |`;
  const body = t.rows.map((r) => `| ${t.columns.map((c) => esc(formatCell(r[c.key] ?? null, c))).join(' | ')} |`);
  const notes = t.notes.map((n) => `\n_${esc(n)}_`);
  return [`**${esc(t.title)}**`, '', header, rule, ...body, ...notes].join('\n') + '\n';
}

/**
 * RFC 4180: CRLF line breaks; a field with a comma, quote, CR or LF is quoted and its quotes doubled.
 * A text cell that a spreadsheet would run as a formula (it begins with =, +, -, @, a tab or a CR —
 * a task's instruction or a reviewer's note can) is written with a leading apostrophe, which
 * spreadsheets show as text; numbers are numbers and stay as they are.
 */
export function csvField(value: CellValue): string {
  const s = value === null ? '' : typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : neutralizeFormula(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** `=HYPERLINK(…)` → `'=HYPERLINK(…)`: text, not a formula, when a colleague opens the file. */
export function neutralizeFormula(s: string): string {
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

export function toCsv(t: TableModel): string {
  const lines = [t.columns.map((c) => csvField(c.header)), ...t.rows.map((r) => t.columns.map((c) => csvField(r[c.key] ?? null)))];
  return lines.map((l) => l.join(',')).join('\r\n') + '\r\n';
}

export function toJson(t: TableModel): string {
  // JSON has no NaN/Infinity: a non-finite number is written as null.
  return JSON.stringify(t, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? null : v), 2) + '\n';
}

const LATEX_SPECIAL: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '{': '\\{',
  '}': '\\}',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
};
// A few symbols our headers use, spelled so pdflatex needs no extra packages.
const LATEX_SYMBOLS: Record<string, string> = {
  Δ: '$\\Delta$',
  κ: '$\\kappa$',
  '≥': '$\\geq$',
  '≤': '$\\leq$',
  '−': '$-$',
  '–': '--',
  '×': '$\\times$',
};

/** Escapes LaTeX's ten special characters in one pass (so the backslashes we add are not escaped again). */
export function latexEscape(s: string): string {
  return s.replace(/[\\&%$#_{}~^]|[Δκ≥≤−–×]/g, (ch) => LATEX_SPECIAL[ch] ?? LATEX_SYMBOLS[ch] ?? ch);
}

export function toLatex(t: TableModel): string {
  const spec = t.columns.map((c) => (c.align === 'right' ? 'r' : 'l')).join('');
  const row = (cells: string[]): string => `${cells.join(' & ')} \\\\`;
  return (
    [
      '% Chinese text needs XeLaTeX with xeCJK (or CJKutf8) in the preamble.',
      '\\begin{table}[ht]',
      '\\centering',
      `\\caption{${latexEscape(t.title)}}`,
      `\\label{tab:${t.id.replace(/[^A-Za-z0-9:-]/g, '-')}}`,
      `\\begin{tabular}{${spec}}`,
      '\\hline',
      row(t.columns.map((c) => latexEscape(c.header))),
      '\\hline',
      ...t.rows.map((r) => row(t.columns.map((c) => latexEscape(formatCell(r[c.key] ?? null, c))))),
      '\\hline',
      '\\end{tabular}',
      ...t.notes.map((n) => `\\par\\smallskip{\\footnotesize ${latexEscape(n)}}`),
      '\\end{table}',
    ].join('\n') + '\n'
  );
}

export function writeTable(t: TableModel, format: TableFormat): string {
  switch (format) {
    case 'md':
      return toMarkdown(t);
    case 'csv':
      return toCsv(t);
    case 'json':
      return toJson(t);
    case 'latex':
      return toLatex(t);
  }
}
