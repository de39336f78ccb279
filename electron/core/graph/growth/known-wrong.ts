import type { Action } from '../../../../shared/domain/action.js';
import type { GrowthDecision, KnownWrongAction, NodeAnchor } from '../../../../shared/domain/off-graph.js';
import type { GraphEdge, GraphNode, TaskGraph } from '../../../../shared/domain/task-graph.js';
import { DEFAULT_SCREEN } from '../../../../shared/domain/action-px.js';
import type { MatchOptions } from '../match.js';
import { matchEdge } from '../match.js';

export const anchorKey = (a: NodeAnchor): string => `${a.demonstrationId}:${a.idx}`;

/** The node holding a recorded observation, or null when no node has it (its demonstration is not in this graph). */
export function nodeOfAnchor(graph: Pick<TaskGraph, 'nodes'>, anchor: NodeAnchor): GraphNode | null {
  return graph.nodes.find((n) => n.members.some((m) => m.demonstrationId === anchor.demonstrationId && m.idx === anchor.idx)) ?? null;
}

/**
 * A marked action as an edge it could be mistaken for: the offline check then decides whether another
 * action repeats it (the same control tapped, the same text typed), by the same rules as for edges.
 */
function asEdge(node: string, k: Pick<KnownWrongAction, 'id' | 'action' | 'target' | 'screen'>): GraphEdge {
  return {
    id: `wrong-${k.id}`,
    from: node,
    to: node,
    action: k.action,
    actionPx: null,
    target: k.target,
    screen: k.screen,
    demonstrations: [],
    uses: [],
  };
}

/** Whether `action` repeats a marked (or decided) action taken at `node`. */
export function repeatsAction(
  node: string,
  marked: Pick<KnownWrongAction, 'id' | 'action' | 'target' | 'screen'>,
  action: Action,
  opts: MatchOptions,
): boolean {
  return matchEdge(action, asEdge(node, marked), opts).matched;
}

/**
 * The graph with every "marked wrong" decision on the node that holds its anchor observation (replacing
 * what the nodes carried before). Marks live with the decisions, not the graph, so every rebuild keeps
 * them; a mark whose observation is in no node of this graph is left out.
 */
export function attachKnownWrong(graph: TaskGraph, decisions: readonly GrowthDecision[]): TaskGraph {
  const wrong = decisions.filter((d) => d.kind === 'wrong' && d.anchor && d.action);
  if (wrong.length === 0 && !graph.nodes.some((n) => n.knownWrong)) return graph;
  const byNode = new Map<string, KnownWrongAction[]>();
  for (const d of wrong) {
    const node = nodeOfAnchor(graph, d.anchor!);
    if (!node) continue;
    const mark: KnownWrongAction = {
      id: d.id,
      action: d.action!,
      target: d.target,
      screen: d.screen ?? { ...DEFAULT_SCREEN },
      note: d.note,
    };
    byNode.set(node.id, [...(byNode.get(node.id) ?? []), mark]);
  }
  return {
    ...graph,
    nodes: graph.nodes.map((n) => {
      const { knownWrong: _old, ...rest } = n;
      const marks = byNode.get(n.id);
      return marks ? { ...rest, knownWrong: marks } : rest;
    }),
  };
}

/** The annotator's mark an off-graph action repeats at this node, or null. */
export function knownWrongMatch(node: GraphNode, action: Action, opts: MatchOptions): KnownWrongAction | null {
  return (node.knownWrong ?? []).find((k) => repeatsAction(node.id, k, action, opts)) ?? null;
}
