import { describe, expect, it } from 'vitest';
import type { TableModel } from '../../../../shared/domain/analysis.js';
import { csvField, formatCell, latexEscape, toCsv, toJson, toLatex, toMarkdown } from './table-writers.js';

const table: TableModel = {
  id: 'demo_table',
  title: 'Demo & test',
  columns: [
    { key: 'cat', header: 'Category' },
    { key: 'share', header: 'Share (%)', align: 'right', format: { kind: 'percent', digits: 2 } },
    { key: 'delta', header: 'Δ', align: 'right', format: { kind: 'signed' } },
    { key: 'p', header: 'p', align: 'right', format: { kind: 'pvalue' } },
  ],
  rows: [
    { cat: 'Disfluency/Correction', share: 0.1205, delta: 2, p: 1.7e-18 },
    { cat: 'say "hi", then | go\nnow', share: null, delta: -1, p: 0.0386 },
  ],
  notes: ['seed 1; 100% of 5_000 #tasks'],
};

describe('table writers', () => {
  it('never prints a negative zero', () => {
    expect(formatCell(-0.0004, { key: 'r', header: 'r', format: { kind: 'fixed', digits: 3 } })).toBe('0.000');
    expect(formatCell(-0.00001, { key: 'r', header: 'r', format: { kind: 'percent', digits: 2 } })).toBe('0.00');
    expect(formatCell(-0.5, { key: 'r', header: 'r', format: { kind: 'fixed', digits: 1 } })).toBe('-0.5');
  });

  it('Markdown: formatted numbers, escaped pipes, notes', () => {
    const md = toMarkdown(table);
    expect(md).toContain('| Category | Share (%) | Δ | p |');
    expect(md).toContain('| --- | ---: | ---: | ---: |');
    expect(md).toContain('| Disfluency/Correction | 12.05 | +2 | 1.70e-18 |');
    expect(md).toContain('| say "hi", then \\| go now | n/a | -1 | 0.039 |');
  });

  it('CSV follows RFC 4180: CRLF, quoting and doubled quotes, raw values', () => {
    const csv = toCsv(table);
    expect(csv).toBe(
      'Category,Share (%),Δ,p\r\n' + 'Disfluency/Correction,0.1205,2,1.7e-18\r\n' + '"say ""hi"", then | go\nnow",,-1,0.0386\r\n',
    );
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a\rb')).toBe('"a\rb"');
  });

  it('JSON keeps the whole model and writes non-finite numbers as null', () => {
    const parsed = JSON.parse(toJson({ ...table, rows: [{ cat: 'x', share: Number.NaN, delta: 1, p: 1 }] })) as TableModel;
    expect(parsed.rows[0]!.share).toBeNull();
    expect(parsed.columns).toHaveLength(4);
  });

  it('LaTeX escapes all ten special characters exactly once', () => {
    expect(latexEscape('& % $ # _ { } ~ ^ \\')).toBe(
      '\\& \\% \\$ \\# \\_ \\{ \\} \\textasciitilde{} \\textasciicircum{} \\textbackslash{}',
    );
    const tex = toLatex(table);
    expect(tex).toContain('\\caption{Demo \\& test}');
    expect(tex).toContain('\\begin{tabular}{lrrr}');
    expect(tex).toContain('Category & Share (\\%) & $\\Delta$ & p \\\\');
    expect(tex).toContain('seed 1; 100\\% of 5\\_000 \\#tasks');
    expect(tex).toContain('\\label{tab:demo-table}');
  });
});
