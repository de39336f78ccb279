/**
 * Wire-safe shapes of analysis output (tables and charts), shared by the CLI exporters
 * today and the review/analysis screens later. Plain JSON: no class instances, no NaN
 * (a missing number is null).
 */
export type CellValue = string | number | null;

export interface TableColumn {
  key: string;
  header: string;
  /** Right-align numbers in Markdown/LaTeX. */
  align?: 'left' | 'right';
  /**
   * How Markdown/LaTeX print a number: fixed decimals, a percentage of a fraction
   * (0.1767 → "17.67"), a signed count (+4), or a p-value (scientific below 0.001).
   * CSV and JSON always carry the raw value.
   */
  format?: { kind: 'fixed'; digits: number } | { kind: 'percent'; digits: number } | { kind: 'signed' } | { kind: 'pvalue' };
}

export interface TableModel {
  /** File-name-safe identifier, e.g. "table5-syntactic". */
  id: string;
  title: string;
  columns: TableColumn[];
  /** Each row maps column keys to values. */
  rows: Record<string, CellValue>[];
  /** Footnotes (method, seed, caveats). */
  notes: string[];
  /** Row indices shown greyed, e.g. interactions within the noise (a column of the row says why). */
  mutedRows?: number[];
}

export interface BarChartSpec {
  kind: 'bar';
  id: string;
  title: string;
  categories: string[];
  series: { name: string; values: number[] }[];
  yLabel?: string;
  /** Values are fractions shown as percentages. */
  percent?: boolean;
}

export interface HeatmapSpec {
  kind: 'heatmap';
  id: string;
  title: string;
  xLabels: string[];
  yLabels: string[];
  /** values[y][x]; null = undefined (e.g. a constant feature). */
  values: (number | null)[][];
  /** Symmetric colour range [−max, max] for signed values such as correlations. */
  symmetric?: boolean;
  /** muted[y][x]: the cell is drawn grey (e.g. an interaction within the noise); its value is still printed. */
  muted?: boolean[][];
}

/** Points on two value axes, optionally joined by a line through some of them (e.g. a Pareto front). */
export interface ScatterChartSpec {
  kind: 'scatter';
  id: string;
  title: string;
  xLabel: string;
  yLabel: string;
  points: { name: string; x: number; y: number }[];
  /** Names of the points joined in x order (drawn as a line); empty for none. */
  line: string[];
  lineName?: string;
  /** y values are fractions shown as percentages. */
  yPercent?: boolean;
}

export type ChartSpec = BarChartSpec | HeatmapSpec | ScatterChartSpec;

/**
 * One instruction's core operational verbs for the verb measure: the model's proposal
 * (`analyze annotate`), a person's decision in the Analysis screen, the task file's verbs,
 * and which of them counts (`checked` > `task-file` > `pos`, the POS tagger fallback).
 */
export interface VerbAnnotationRow {
  taskId: string;
  instruction: string;
  proposed: string[] | null;
  model: string | null;
  /** What a person accepted or edited; null while unchecked. */
  accepted: string[] | null;
  status: 'none' | 'proposed' | 'accepted' | 'edited';
  taskFileVerbs: string[] | null;
  source: 'checked' | 'task-file' | 'pos';
}
