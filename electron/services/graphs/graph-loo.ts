import type { LeaveOneOutReport } from '../../../shared/domain/graph.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { buildGraph } from '../../core/graph/merge.js';
import { validateGraph } from '../../core/graph/validate.js';
import { enteredTextsOf } from '../../core/graph/content.js';
import { goalHints, loadDemos, readDemonstrations } from './graph-builder.js';

/**
 * Leave-one-out over a workspace's graphs: each demonstration of a task with two or more walked on a graph
 * built from the others, each rejection classified (a route the others never took, or the same route judged
 * differently — see core/graph/leave-one-out.ts). Built afresh with the latest version's configuration, so
 * the figure is today's walk, whatever older versions stored.
 */
export async function leaveOneOutReport(store: WorkspaceStore, taskIds: readonly string[]): Promise<LeaveOneOutReport> {
  const tasks: LeaveOneOutReport['tasks'] = [];
  for (const taskId of taskIds) {
    const row = store.graphs.latest(taskId);
    if (!row) continue;
    const read = await readDemonstrations(store, taskId);
    if (read.length < 2) continue;
    // What the demonstrations typed, as the build collects it (the entered kind of content).
    const typed = read.flatMap((d) => d.steps.flatMap((s) => (s.row.action?.type === 'Type' ? [s.row.action.text] : [])));
    const signature = { ...row.config.signature, enteredTexts: enteredTextsOf(typed) };
    const demos = await loadDemos(store, taskId, signature);
    const hints = goalHints(store, taskId);
    const full = buildGraph(taskId, demos, signature, row.config.match, 'reduce', hints);
    const v = validateGraph(full, demos, row.config.match, hints);
    tasks.push({
      taskId,
      demonstrations: demos.length,
      accepted: v.leaveOneOutReplays.filter((r) => r.accepted).length,
      rejections: v.leaveOneOutReplays.flatMap((r) => (r.rejection ? [{ ...r, rejection: r.rejection }] : [])),
    });
  }
  const sum = (f: (t: LeaveOneOutReport['tasks'][number]) => number): number => tasks.reduce((a, t) => a + f(t), 0);
  return {
    tasks,
    demonstrations: sum((t) => t.demonstrations),
    accepted: sum((t) => t.accepted),
    otherRoute: sum((t) => t.rejections.filter((r) => r.rejection.kind === 'other-route').length),
    sameRoute: sum((t) => t.rejections.filter((r) => r.rejection.kind === 'same-route').length),
  };
}
