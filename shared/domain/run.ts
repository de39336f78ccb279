import type { TableModel } from './analysis.js';

export interface RunSummaryDto {
  id: string;
  mode: 'online' | 'offline' | 'both';
  /** `interrupted`: stored as running, but no live process executes it (a crash or a kill); resume it. */
  status: 'running' | 'finished' | 'cancelled' | 'failed' | 'interrupted';
  /** Another process executes it now (what, pid, host): not to be resumed from here meanwhile. */
  runningElsewhere?: string;
  agents: string[];
  tasks: number;
  results: number;
  createdAt: string;
  /** True while this backend process is executing it. */
  active: boolean;
}

export interface RunProgressDto {
  runId: string;
  total: number;
  done: number;
  running: { taskId: string; agent: string; mode: 'online' | 'offline'; device: string | null }[];
  last: { taskId: string; agent: string; mode: string; success: boolean; exit: string } | null;
  infraRetries: number;
  /** Set when the run stopped: finished, cancelled or failed (with the reason). */
  ended: { status: 'finished' | 'cancelled' | 'failed'; error: string | null } | null;
}

export interface RunReportDto {
  runId: string;
  status: string;
  tables: TableModel[];
  /** True when the tables leave unresolved results out (not comparable across agents). */
  excludeUnresolved: boolean;
  /** How many results are unresolved infrastructure failures or unfinished tasks (0 when none). */
  unresolved: number;
  /** Per (task, agent, mode) outcome for the results list. */
  outcomes: { taskId: string; agent: string; mode: string; success: boolean; exit: string; steps: number }[];
}

/** A backend-rendered chart of a run: SVG text (shown as an image) and its numbers in words. */
export interface RunChartDto {
  id: string;
  title: string;
  svg: string;
  /** The chart's values as one sentence, the image's text alternative. */
  description: string;
}
