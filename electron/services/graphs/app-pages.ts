import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import { AppPages } from '../../core/graph/walk-app-pages.js';
import { appNamesOf } from '../devices/app-packages.js';

/**
 * The pages every task's graph recorded, for a walk to follow where a tap its own graph does not know opens one
 * (walk-app-pages.ts). Each task's graph at the version `versions` names (a run's manifest), else its latest; in task
 * id order, so the same workspace gives the same walk.
 */
export function appPagesOf(store: WorkspaceStore, versions: Readonly<Record<string, number | null>> = {}): AppPages {
  const graphs: TaskGraph[] = [];
  const inquiries = new Set(
    store.tasks
      .list()
      .filter((t) => t.scenario === INQUIRY)
      .map((t) => t.id),
  );
  for (const id of taskIds(store)) {
    const v = versions[id];
    const row = typeof v === 'number' ? store.graphs.atVersion(id, v) : store.graphs.latest(id);
    if (row) graphs.push(row.body);
  }
  return new AppPages(graphs, inquiries, appNamesOf(store));
}

/** The scenario of a task that asks to be shown something (the paper's pragmatic scenarios): its goal is a look. */
const INQUIRY = 'Information Inquiry';

/** Every task's latest graph version (a run records them: a resumed run follows the same pages). */
export function latestGraphVersions(store: WorkspaceStore): Record<string, number> {
  const out: Record<string, number> = {};
  for (const id of taskIds(store)) {
    const v = store.graphs.versions(id).at(-1)?.version;
    if (v !== undefined) out[id] = v;
  }
  return out;
}

const taskIds = (store: WorkspaceStore): string[] =>
  store.tasks
    .list()
    .map((t) => t.id)
    .sort();
