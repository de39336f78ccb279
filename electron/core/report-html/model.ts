import type { TableModel } from '../../../shared/domain/analysis.js';

/**
 * What the static run report shows, as plain data: the service gathers it from the
 * workspace (and writes the image files it names), the template turns it into HTML.
 * Image paths are relative to the report's folder.
 */
export interface ReportModel {
  runId: string;
  status: string;
  mode: string;
  agents: string[];
  createdAt: string;
  generatedAt: string;
  appVersion: string;
  tables: TableModel[];
  charts: ReportChart[];
  tasks: ReportTask[];
}

export interface ReportChart {
  id: string;
  title: string;
  /** Relative path of the SVG file. */
  file: string;
  /** The chart's numbers in words (its text alternative). */
  description: string;
}

export interface ReportTask {
  id: string;
  instruction: string;
  lang: string;
  translation: string | null;
  app: string;
  mode: string;
  semantic: string;
  syntactic: string;
  scenario: string;
  results: ReportResult[];
  /** The task's first finished human demonstration; null when it has none. */
  human: { demonstrationId: number; steps: ReportStep[] } | null;
}

export interface ReportResult {
  agent: string;
  mode: string;
  success: boolean;
  exit: string;
  /** The judge's verdict and reason (online), or the graph's (offline). */
  verdict: string | null;
  /** A reviewer's label, when one was saved. */
  label: { category: string | null; humanVerdict: string | null; notes: string } | null;
  steps: ReportStep[];
  /** Online: what the agent changed unasked, each with its step (1-based; null: not known); null when not watched. */
  sideEffects?: { step: number | null; summary: string; irreversible: boolean }[] | null;
}

export interface ReportImage {
  thumb: string;
  full: string;
}

/** Where a step's action happened, in the canonical [0,1000] space of the screen. */
export type ReportMark =
  | { kind: 'tap'; x: number; y: number }
  | { kind: 'swipe'; x1: number; y1: number; x2: number; y2: number }
  | { kind: 'type'; text: string };

export interface ReportStep {
  /** 1-based number shown to the reader; null for a final screen. */
  n: number | null;
  text: string;
  /** Extra detail: the graph edge matched offline, the model's raw output. */
  detail: string | null;
  raw: string | null;
  image: ReportImage | null;
  mark: ReportMark | null;
  /** Side effects this step caused, in words (absent: none). */
  harm?: string[];
}
