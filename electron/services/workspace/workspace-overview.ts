import type { GraphSummary, GraphTrust } from '../../../shared/domain/graph.js';
import type { WorkspaceOverview } from '../../../shared/domain/overview.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { runSummary } from '../runs/run-summary.js';

/** Which standing needs someone first. */
const URGENCY: Record<GraphTrust['status'], number> = { 'not valid': 0, suspect: 1, unprobed: 2, valid: 3 };

const countBy = <K extends string>(keys: readonly K[]): Partial<Record<K, number>> => {
  const out: Partial<Record<K, number>> = {};
  for (const k of keys) out[k] = (out[k] ?? 0) + 1;
  return out;
};

/**
 * The first screen's numbers: tasks by set and mode, finished demonstrations per task
 * (and the offline tasks whose graph has a single path), graphs by their task's mode and their
 * standing (the same as the Graphs screen and the reports: `graphTrust`), runs and their status. `graphs` is the latest graph of every task that has one.
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
  const modeOf = new Map(tasks.map((t) => [t.id, t.mode]));
  // Graphs of tasks this workspace still has (a task set replaced without a task leaves its graph behind).
  const owned = graphs.filter((g) => modeOf.has(g.taskId));
  const graphOf = new Map(owned.map((g) => [g.taskId, g]));
  const runs = store.runs.list().map((r) => {
    const results = store.runs.results(r.id);
    return {
      ...runSummary(r, results, store.leases.holder('run', r.id)),
      successRate: results.length ? results.filter((x) => x.success).length / results.length : null,
    };
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
      built: {
        offline: offline.filter((t) => graphOf.has(t.id)).length,
        online: tasks.filter((t) => t.mode === 'online' && graphOf.has(t.id)).length,
      },
      missing: offline.filter((t) => perTask[t.id] && !graphOf.has(t.id)).map((t) => t.id),
      standing: { valid: 0, 'not valid': 0, suspect: 0, unprobed: 0, ...countBy(owned.map((g) => g.trust.status)) },
      attention: owned
        .filter((g) => g.trust.status !== 'valid')
        .sort((a, b) => URGENCY[a.trust.status] - URGENCY[b.trust.status] || a.taskId.localeCompare(b.taskId))
        .map((g) => ({
          taskId: g.taskId,
          mode: modeOf.get(g.taskId)!,
          version: g.version,
          status: g.trust.status,
          reason: g.trust.reason,
        })),
      stale: owned.filter((g) => (perTask[g.taskId] ?? 0) > g.demonstrations).map((g) => g.taskId),
    },
    runs,
  };
}
