import type { OffGraphNode, OffGraphOccurrence, OffGraphReport, OffGraphTask } from '../../../shared/domain/off-graph.js';
import { withMatchDefaults } from '../../../shared/domain/graph.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import { graphScreen } from '../../../shared/domain/task-graph.js';
import { DEFAULT_SCREEN } from '../../../shared/domain/action-px.js';
import type { TargetElement } from '../../../shared/domain/ui-tree.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { choosePrefix, decisionFor, groupAtNode, offGraphOccurrences } from '../../core/graph/growth/off-graph-actions.js';
import { decisionViews } from './growth-decisions.js';
import { nodeScreens } from './node-screens.js';

/** The graph version that scored an offline result: its own record, else the run's manifest. */
export function scoredVersion(details: { graphVersion?: number | undefined }, manifestVersion: number | null | undefined): number | null {
  return details.graphVersion ?? manifestVersion ?? null;
}

/**
 * Every off-graph action of a run's offline results, by task and the node the agent stood on, grouped
 * by what the agent did (the control a tap landed on, the text typed, the key), each group with the
 * annotator's decision that covers it, if any.
 */
export async function offGraphReport(store: WorkspaceStore, runId: string, only?: { taskId?: string }): Promise<OffGraphReport> {
  const run = store.runs.get(runId);
  if (!run) throw new Error(`no run ${runId} in ${store.path}; list runs with: elderbench report --list`);
  const match = withMatchDefaults(run.manifest.spec?.match);
  const screens = nodeScreens(store);
  const graphs = new Map<string, TaskGraph | null>();
  const graphAt = (taskId: string, version: number | null): TaskGraph | null => {
    const key = `${taskId}@${version}`;
    if (!graphs.has(key))
      graphs.set(key, (version === null ? store.graphs.latest(taskId) : store.graphs.atVersion(taskId, version))?.body ?? null);
    return graphs.get(key)!;
  };

  const byTask = new Map<string, OffGraphOccurrence[]>();
  for (const r of store.runs.results(runId)) {
    if (r.mode !== 'offline' || (only?.taskId && r.taskId !== only.taskId)) continue;
    const key = { runId, taskId: r.taskId, agent: r.agent };
    const version = scoredVersion(r.details, run.manifest.graphVersions[r.taskId]);
    const occ = offGraphOccurrences(
      key,
      { success: r.success, exit: r.exitCategory, graphVersion: version },
      store.runs.steps({ ...key, mode: 'offline' }),
    );
    if (occ.length) byTask.set(r.taskId, [...(byTask.get(r.taskId) ?? []), ...occ]);
  }

  const tasks: OffGraphTask[] = [];
  let decided = 0;
  for (const [taskId, occs] of [...byTask].sort(([a], [b]) => a.localeCompare(b))) {
    const decisions = decisionViews(store, taskId);
    const versions = [...new Set(occs.map((o) => o.graphVersion))].sort((a, b) => (a ?? 0) - (b ?? 0));
    const atNode = new Map<string, { occurrence: OffGraphOccurrence; target: TargetElement | null }[]>();
    for (const o of occs) {
      const graph = graphAt(taskId, o.graphVersion);
      const node = graph?.nodes.find((n) => n.id === o.node);
      const target = graph && node ? await screens.targetOf(graph, node, o.action) : null;
      const k = `${o.graphVersion}|${o.node}`;
      atNode.set(k, [...(atNode.get(k) ?? []), { occurrence: o, target }]);
    }
    const nodes: OffGraphNode[] = [];
    for (const list of atNode.values()) {
      const { graphVersion, node: nodeId } = list[0]!.occurrence;
      const graph = graphAt(taskId, graphVersion);
      const node = graph?.nodes.find((n) => n.id === nodeId) ?? null;
      const groups = groupAtNode(list, (o) => decisionFor(decisions, o, graph, match));
      for (const g of groups) {
        const settled = g.decision && (g.decision.kind === 'wrong' || g.decision.inGraphVersion !== null);
        if (settled) decided += g.occurrences.length;
      }
      nodes.push({
        node: versions.length > 1 ? `${nodeId} (v${graphVersion})` : nodeId,
        page: node ? [node.signature.title, node.signature.activity.split(/[/.]/).pop()].filter(Boolean).join(' · ') : '',
        screenshotBlob: node?.representative.screenshotBlob ?? null,
        screen: graph ? graphScreen(graph) : { ...DEFAULT_SCREEN },
        anchor: graph && node ? choosePrefix(graph, node.id, []) : null,
        groups,
      });
    }
    nodes.sort((a, b) => b.groups.reduce((s, g) => s + g.occurrences.length, 0) - a.groups.reduce((s, g) => s + g.occurrences.length, 0));
    tasks.push({
      taskId,
      instruction: store.tasks.get(taskId)?.instruction ?? '',
      scoredVersions: versions.filter((v): v is number => v !== null),
      latestVersion: store.graphs.latest(taskId)?.version ?? null,
      occurrences: occs.length,
      nodes,
    });
  }
  return { runId, total: tasks.reduce((s, t) => s + t.occurrences, 0), decided, tasks };
}
