import type { GraphSummary } from '../../../shared/domain/graph.js';
import type { WorkspaceOverview } from '../../../shared/domain/overview.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { runSummary } from '../runs/run-summary.js';

/**
 * The first screen's numbers: tasks by set and mode, finished demonstrations per task
 * (and the offline tasks whose graph has a single path), graphs and their validation,
 * runs and their status. `graphs` is the latest graph of every task that has one.
 */
export function workspaceOverview(store: WorkspaceStore, graphs: readonly GraphSummary[]): WorkspaceOverview {
  const tasks = store.tasks.list();
  const bySet = new Map<string, { name: string; online: number; offline: number }>();
  for (const s of store.tasks.sets()) bySet.set(s.name, { name: s.name, online: 0, offline: 0 });
  const perTask: Record<string, number> = {};
  for (const t of tasks) {
    const set = bySet.get(t.taskSet) ?? { name: t.taskSet, online: 0, offline: 0 };
    set[t.mode]++;
    bySet.set(t.taskSet, set);
    const finished = store.demonstrations.listForTask(t.id).filter((d) => d.status === 'finished');
    if (finished.length > 0) perTask[t.id] = finished.length;
  }
  const offline = tasks.filter((t) => t.mode === 'offline');
  const graphOf = new Map(graphs.map((g) => [g.taskId, g]));
  const runs = store.runs.list().map((r) => {
    const results = store.runs.results(r.id);
    return { ...runSummary(r, results), successRate: results.length ? results.filter((x) => x.success).length / results.length : null };
  });
  return {
    tasks: { total: tasks.length, online: tasks.length - offline.length, offline: offline.length, bySet: [...bySet.values()] },
    demonstrations: {
      finished: Object.values(perTask).reduce((a, b) => a + b, 0),
      perTask,
      tasksWithout: tasks.filter((t) => !perTask[t.id]).map((t) => t.id),
      offlineNeedingSecondPath: offline.filter((t) => perTask[t.id] === 1).map((t) => t.id),
    },
    graphs: {
      offlineTasks: offline.length,
      built: offline.filter((t) => graphOf.has(t.id)).length,
      missing: offline.filter((t) => perTask[t.id] && !graphOf.has(t.id)).map((t) => t.id),
      problems: graphs
        .filter((g) => g.selfConsistency < 1 || (g.leaveOneOut !== null && g.leaveOneOut < 1) || g.flaggedNodes.length > 0)
        .map((g) => ({
          taskId: g.taskId,
          version: g.version,
          selfConsistency: g.selfConsistency,
          leaveOneOut: g.leaveOneOut,
          flaggedNodes: g.flaggedNodes.length,
        })),
      stale: graphs.filter((g) => (perTask[g.taskId] ?? 0) > g.demonstrations).map((g) => g.taskId),
    },
    runs,
  };
}
