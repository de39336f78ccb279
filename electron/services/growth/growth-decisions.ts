import type { GrowthDecisionView } from '../../../shared/domain/off-graph.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';

/**
 * A task's decisions with what became of them: the branch's demonstration state, and the first graph
 * version that holds it (for a branch or a route: a node member of its demonstration; for a mark: a node
 * carrying it).
 */
export function decisionViews(store: WorkspaceStore, taskId: string): GrowthDecisionView[] {
  const decisions = store.offGraph.forTask(taskId);
  if (decisions.length === 0) return [];
  const bodies = store.graphs
    .versions(taskId)
    .map((v) => ({ version: v.version, body: store.graphs.get(v.id)?.body }))
    .filter((v) => v.body !== undefined);
  return decisions.map((d) => {
    const demo = d.demonstrationId === null ? undefined : store.demonstrations.get(d.demonstrationId);
    const holds = (b: NonNullable<(typeof bodies)[number]['body']>): boolean =>
      d.kind === 'wrong'
        ? b.nodes.some((n) => n.knownWrong?.some((k) => k.id === d.id))
        : b.nodes.some((n) => n.members.some((m) => m.demonstrationId === d.demonstrationId));
    return {
      ...d,
      demonstrationStatus: demo?.status ?? null,
      inGraphVersion: bodies.find((v) => holds(v.body!))?.version ?? null,
    };
  });
}
