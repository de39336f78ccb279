import type { TableModel } from '../../../shared/domain/analysis.js';
import type { Task } from '../../../shared/schemas/task.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { AgentMetrics } from '../../core/eval/metrics.js';
import { runMetrics } from '../../core/eval/metrics.js';
import { behaviourTable, breakdownTable, table2 } from '../../core/eval/run-report.js';
import { deterministicResults, toMetricInput } from './run-results.js';

export interface RunReport {
  runId: string;
  status: string;
  metrics: AgentMetrics[];
  tables: TableModel[];
  /** Per-task outcomes without times or ids: byte-identical across identical offline runs. */
  results: unknown[];
}

/** Steps of each task's first human demonstration (for the steps-vs-human ratio). */
function humanSteps(store: WorkspaceStore, taskIds: Iterable<string>): Map<string, number> {
  const out = new Map<string, number>();
  for (const id of taskIds) {
    const d = store.demonstrations.listForTask(id).find((x) => x.status === 'finished');
    if (d) out.set(id, store.demonstrations.steps(d.id).filter((s) => s.action).length);
  }
  return out;
}

export function buildRunReport(store: WorkspaceStore, runId: string): RunReport {
  const run = store.runs.get(runId);
  if (!run) throw new Error(`no run ${runId} in ${store.path}; list runs with: elderbench run --list`);
  const results = store.runs.results(runId);
  const taskIds = new Set(results.map((r) => r.taskId));
  const tasks = new Map<string, Task>();
  for (const id of taskIds) {
    const t = store.tasks.get(id);
    if (t) tasks.set(id, t);
  }
  const metrics = runMetrics(results.map(toMetricInput), tasks, humanSteps(store, taskIds));
  return {
    runId,
    status: run.status,
    metrics,
    tables: [table2(metrics), behaviourTable(metrics), ...(['semantic', 'syntactic', 'scenario', 'app'] as const).map((b) => breakdownTable(metrics, b))],
    results: deterministicResults(store, runId),
  };
}
